"""Subcommands of ``pokerlookup``; each module exposes ``register(subparsers)``."""
