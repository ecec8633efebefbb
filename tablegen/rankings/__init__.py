"""The built-in rankings, one TOML rule file each, in this folder.

They are ordinary rule files (the format of :mod:`lookup.core.rules`): a user's
own ranking is written the same way and built with
``python -m tablegen --rules FILE --out DIR``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from lookup.core.errors import RankingError
from lookup.core.rules import BUILTIN_RANKINGS, RankingRules, parse_rules

__all__ = ["BUILTIN_NAMES", "builtin", "builtin_file"]

_HERE = Path(__file__).resolve().parent

BUILTIN_NAMES = BUILTIN_RANKINGS


def builtin_file(name: str) -> Path:
    """The rule file of built-in ranking ``name``."""
    if name not in BUILTIN_NAMES:
        raise RankingError(
            f"unknown ranking {name!r}: built-in rankings are {', '.join(BUILTIN_NAMES)}", name
        )
    return _HERE / f"{name}.toml"


@cache
def builtin(name: str) -> RankingRules:
    """The rules of built-in ranking ``name``, read from its rule file."""
    rules = parse_rules(builtin_file(name).read_text(encoding="utf-8"))
    if rules.name != name:
        raise RankingError(f"{builtin_file(name)} names itself {rules.name!r}", name)
    return rules
