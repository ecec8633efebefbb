"""Hand strength for bots and solvers: HS, hand potential, effective and expected strength.

:func:`strength` (``lookup.strength``) answers for every hero hand a board allows at
once, exactly in Hold'em and short deck (:mod:`lookup.batch.strength_counts` counts), and by
sampling for given Omaha hands (:mod:`lookup.handstrength.sampled`). ``docs/strength.md``
says what each number means and where it comes from.

The package is named apart from the function the facade serves as ``lookup.strength``,
so importing one never hides the other:

>>> import lookup, lookup.handstrength.front
>>> round(lookup.strength("Ks 7h 2d 5c 9s", hands="7s 7d")[0].hs, 4)  # only 86 beats it
0.9778
"""

from lookup.handstrength.front import strength
from lookup.handstrength.result import HandStrength, Strength

__all__ = ["HandStrength", "Strength", "strength"]
