"""pokerlookup's offline table generator; ``python -m tablegen`` runs it (see ``__main__``)."""

# First of all: when this process is `python -m tablegen`, the guard that turns a Ctrl-C
# during the start-up imports into one line and status 130 comes up with lookup's core.
import lookup.core.interrupt  # noqa: F401
