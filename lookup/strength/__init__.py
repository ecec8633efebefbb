"""Hand strength for bots and solvers: HS, hand potential, effective and expected strength.

:func:`strength` (``lookup.strength``) answers for every hero hand a board allows at
once, exactly in Hold'em and short deck (:mod:`lookup.strength.exact` counts), and by
sampling for given Omaha hands (:mod:`lookup.strength.sampled`). ``docs/strength.md``
says what each number means and where it comes from.

The package shares its name with the function the facade serves as
``lookup.strength``; importing the package binds the name ``strength`` on ``lookup``
to this module, so the module is callable too and ``lookup.strength(...)`` means the
function either way:

>>> import lookup, lookup.strength
>>> round(lookup.strength("Ks 7h 2d 5c 9s", hands="7s 7d")[0].hs, 4)  # only 86 beats it
0.9778
"""

import sys
from types import ModuleType
from typing import Any

from lookup.strength.front import strength
from lookup.strength.result import HandStrength, Strength

__all__ = ["HandStrength", "Strength", "strength"]


class _CallableModule(ModuleType):
    """This package, callable as :func:`strength` (see the module's docstring)."""

    def __call__(self, *args: Any, **kwargs: Any) -> Strength:
        return strength(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
