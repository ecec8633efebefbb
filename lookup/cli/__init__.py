"""The ``pokerlookup`` command line: :mod:`~lookup.cli.main` and one module per subcommand.

Each subcommand module exposes ``register(subparsers)``; :mod:`~lookup.cli.format`
formats cards for a terminal, and :mod:`~lookup.cli.png` writes every ``--png``
picture. Nothing imports this layer.
"""
