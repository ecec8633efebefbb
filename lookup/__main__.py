"""``python -m lookup`` runs the ``pokerlookup`` command line."""

import sys

from lookup.cli.main import main

sys.exit(main())
