"""What :func:`lookup.strength` returns: arrays aligned with hero combos, and one hand's view.

>>> import numpy as np
>>> s = Strength(
...     game="holdem", board=(), street="river", combos=np.array([[51, 47]]), bins=2,
...     fields={"hs": np.array([0.75]), "expected_hs": np.array([0.75])},
... )
>>> s["AsKs"].hs, s[0].ppot, s[np.int64(0)].hand, len(s)
(0.75, None, 'AsKs', 1)
>>> s["2c2d"]
Traceback (most recent call last):
...
lookup.HandSizeError: 2d2c is not one of the 1 hero hands of this result
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from lookup.core.cards import DECK, CardsLike, parse_cards
from lookup.core.errors import HandSizeError

__all__ = ["FIELDS", "HandStrength", "Strength"]

F64 = npt.NDArray[np.float64]

FIELDS = (
    "hs",
    "ppot",
    "npot",
    "effective_hs",
    "effective_hs_optimistic",
    "expected_hs",
    "expected_hs2",
    "percentile",
)
"""The per-hand numbers, in the order tables show them (``histogram`` is per bin)."""

_POTENTIAL = frozenset({"ppot", "npot", "effective_hs", "effective_hs_optimistic", "transitions"})


@dataclass(frozen=True)
class HandStrength:
    """One hero hand's numbers (None: the quantity does not exist on this street or game).

    ``*_std_error`` are the standard errors of sampled answers (Omaha); exact
    answers have None there.
    """

    hand: str
    hs: float | None
    ppot: float | None
    npot: float | None
    effective_hs: float | None
    effective_hs_optimistic: float | None
    expected_hs: float | None
    expected_hs2: float | None
    histogram: tuple[float, ...] | None
    percentile: float | None
    hs_std_error: float | None = None
    ppot_std_error: float | None = None
    npot_std_error: float | None = None
    expected_hs_std_error: float | None = None
    expected_hs2_std_error: float | None = None

    def as_dict(self) -> dict[str, Any]:
        """The numbers as a plain dict (what ``--json`` prints), Nones left out."""
        return {k: v for k, v in self.__dict__.items() if v is not None}


class Strength:
    """Hand strength of hero combos on one board: numpy arrays aligned with :attr:`combos`.

    Each quantity is an attribute (``hs``, ``ppot``, ``npot``, ``effective_hs``,
    ``effective_hs_optimistic``, ``expected_hs``, ``expected_hs2``, ``percentile``:
    ``float64[N]``; ``histogram``: ``float64[N, bins]``, the share of completions whose
    river HS falls in each of ``bins`` equal bins of [0, 1]), None where it does not
    exist (no HS preflop, no potential on the river). Hand potential, the costly part
    on a flop, is computed when first read. ``result[i]`` or ``result["AsKd"]`` is one
    hand's :class:`HandStrength`.
    """

    def __init__(
        self,
        *,
        game: str,
        board: tuple[int, ...],
        street: str,
        combos: npt.NDArray[np.intp],
        bins: int,
        fields: dict[str, Any],
        potential: Callable[[], dict[str, F64]] | None = None,
        samples: int | None = None,
        seed: int | None = None,
    ) -> None:
        self.game = game
        """The game's name."""
        self.board = tuple(DECK[i] for i in board)
        """The board's cards."""
        self.street = street
        """``preflop``, ``flop``, ``turn`` or ``river``."""
        self.combos = combos
        """``intp[N, hole cards]``: each hero hand's card indices, highest first in Hold'em."""
        self.bins = bins
        """The histogram's number of bins."""
        self.samples = samples
        """Samples per hand of a sampled answer (Omaha); None when exact."""
        self.seed = seed
        """The seed of a sampled answer; None when exact."""
        self._fields = dict(fields)
        self._potential = potential
        self._index: dict[tuple[int, ...], int] = {
            tuple(sorted(row)): i for i, row in enumerate(combos.tolist())
        }

    def _get(self, name: str) -> Any:
        if name in _POTENTIAL and name not in self._fields and self._potential is not None:
            self._fields.update(self._potential())
            self._potential = None
        return self._fields.get(name)

    @property
    def exact(self) -> bool:
        """True when every number is exact (not sampled)."""
        return self.samples is None

    hs = property(lambda self: self._get("hs"), doc="HS now: share of opponent weight beaten.")
    ppot = property(lambda self: self._get("ppot"), doc="Positive potential (Billings et al.).")
    npot = property(lambda self: self._get("npot"), doc="Negative potential.")
    effective_hs = property(lambda self: self._get("effective_hs"), doc="HS(1-NPOT)+(1-HS)PPOT.")
    effective_hs_optimistic = property(
        lambda self: self._get("effective_hs_optimistic"), doc="HS + (1-HS)PPOT."
    )
    expected_hs = property(lambda self: self._get("expected_hs"), doc="E[HS] at the river.")
    expected_hs2 = property(lambda self: self._get("expected_hs2"), doc="E[HS^2] at the river.")
    histogram = property(lambda self: self._get("histogram"), doc="River HS histogram.")
    percentile = property(
        lambda self: self._get("percentile"), doc="Share of the board's combos with lower E[HS]."
    )
    transitions = property(
        lambda self: self._get("transitions"),
        doc="int64[N, 3, 3]: weighted (opponent, runout) pairs by state now and at the river "
        "(0 ahead, 1 tied, 2 behind), weights times their common denominator (exact).",
    )

    def std_error(self, name: str) -> F64 | None:
        """The standard errors of a sampled quantity (``"hs"``, ``"expected_hs"``...), else None."""
        found: F64 | None = self._get(f"{name}_std_error")
        return found

    def __len__(self) -> int:
        return len(self.combos)

    def __iter__(self) -> Iterator[HandStrength]:
        return (self[i] for i in range(len(self)))

    def index(self, hand: CardsLike) -> int:
        """The row of ``hand`` (cards in any form and order) in the arrays."""
        key = tuple(sorted(card.index for card in parse_cards(hand)))
        found = self._index.get(key)
        if found is None:
            text = "".join(str(DECK[i]) for i in sorted(key, reverse=True))
            raise HandSizeError(
                f"{text} is not one of the {len(self)} hero hands of this result", text
            )
        return found

    def __getitem__(self, key: int | CardsLike) -> HandStrength:
        i = int(key) if isinstance(key, int | np.integer) else self.index(key)
        row = self.combos[i].tolist()

        def value(name: str) -> float | None:
            array = self._get(name)
            return None if array is None else float(array[i])

        histogram = self._get("histogram")
        return HandStrength(
            hand="".join(str(DECK[c]) for c in row),
            **{name: value(name) for name in FIELDS},
            histogram=None if histogram is None else tuple(float(x) for x in histogram[i]),
            **{
                f"{name}_std_error": value(f"{name}_std_error")
                for name in ("hs", "ppot", "npot", "expected_hs", "expected_hs2")
            },
        )

    def __repr__(self) -> str:
        board = " ".join(str(c) for c in self.board) or "no board"
        how = "exact" if self.exact else f"{self.samples:,} samples a hand"
        return f"<Strength {self.game} {self.street} ({board}): {len(self)} hands, {how}>"
