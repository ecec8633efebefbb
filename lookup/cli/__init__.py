"""The ``pokerlookup`` command line: :mod:`~lookup.cli.main` and one module per subcommand.

Each subcommand module exposes ``register(subparsers)``; :mod:`~lookup.cli.format`
formats cards for a terminal. Nothing imports this layer.
"""
