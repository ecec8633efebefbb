"""Integer fast paths of the standard ranking, for callers who already hold encoded cards.

Each function takes Cactus-Kev card ints (every :class:`~lookup.core.cards.Card` is
one) and returns the Cactus-Kev class number, 1 (royal flush) ... 7,462 (lower
is stronger). They do **no validation**: distinct, well-formed cards are the
caller's promise, and breaking it gives a wrong answer or a ``KeyError``. Use
:func:`lookup.evaluate` for checked input and a :class:`~lookup.ranking.value.HandRank`.
Every other ranking has the same kernels: ``lookup.get_ranking(NAME).evaluate7``.
How they work is in :mod:`lookup.ranking.kernels`.

Importing this module loads the five-card tables (a few ms, once);
``evaluate6`` and ``evaluate7`` load the six/seven-card table on first access.

>>> from lookup.core.cards import parse_cards
>>> from lookup.ranking.fast import evaluate7
>>> evaluate7(*parse_cards("As Ks Qs Js Ts 2c 3d"))
1
>>> evaluate5(*parse_cards("7h 5d 4c 3s 2h"))
7462
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final

from lookup.core.cards import Kev
from lookup.core.errors import HandSizeError
from lookup.ranking.ranking import get_ranking

__all__ = ["HAND_RANKS", "evaluate5", "evaluate6", "evaluate7", "evaluate_any"]

_STANDARD: Final = get_ranking("standard")

HAND_RANKS: Final = _STANDARD.values
"""The shared HandRank of each class number: ``HAND_RANKS[evaluate7(...)]``."""

_KERNEL_DOC = """Cactus-Kev class number (1 = royal flush ... 7,462) of {n} cards, unchecked.

    Parameters:

    {params}
    """

evaluate5: Final[Callable[..., int]] = _STANDARD.kernel(5)


def _documented(kernel: Callable[..., int], size: int) -> Callable[..., int]:
    # The kernel is the standard ranking's own closure: a docstring costs its calls nothing.
    names = "abcdefg"[:size]
    params = "\n    ".join(
        f"``{name}``: card {i + 1}, a Cactus-Kev int" for i, name in enumerate(names)
    )
    kernel.__doc__ = _KERNEL_DOC.format(n=size, params=params)
    return kernel


_documented(evaluate5, 5)

if TYPE_CHECKING:
    evaluate6: Callable[..., int]
    evaluate7: Callable[..., int]


def __getattr__(name: str) -> Callable[..., int]:
    # evaluate6/evaluate7 read the six/seven-card table only when first asked for.
    if name == "evaluate6":
        return _documented(_STANDARD.kernel(6), 6)
    if name == "evaluate7":
        return _documented(_STANDARD.kernel(7), 7)
    raise AttributeError(f"module 'lookup.ranking.fast' has no attribute {name!r}")


def evaluate_any(cards: Sequence[Kev]) -> int:
    """Class number of the best five of any number (five or more) of encoded cards.

    Five to seven cards take one O(1) lookup. More take the best of all C(n, 5)
    five-card lookups: 56 for eight cards, 1,287 for thirteen (about 0.5 ms).

    >>> from lookup.core.cards import parse_cards
    >>> evaluate_any(parse_cards("2c 3c 4c 5c 7d 8d 9d Td Jd Ah Kh"))  # jack-high straight flush
    4
    >>> evaluate_any(parse_cards("2c 3c"))
    Traceback (most recent call last):
    ...
    lookup.HandSizeError: need at least five cards, got 2
    """
    if len(cards) < 5:
        raise HandSizeError(f"need at least five cards, got {len(cards)}", len(cards))
    return _STANDARD.kernels.best(cards)
