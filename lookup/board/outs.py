"""Outs: the cards that put a player ahead, on a flop or a turn, in every board game.

:func:`outs` takes the players' holdings (cards, or ranges with weights) and a
3-card board (a flop) or a 4-card board (a turn), and lists for each player the
cards that would put them ahead. The definitions, which ``docs/outs.md`` gives
with examples:

* **A player's hand now** is the game's evaluation of their hole cards with the
  board so far: in Hold'em and short deck the best five of the five (flop) or six
  (turn) cards; in the Omaha family exactly two hole cards with exactly three board
  cards (on a flop: the three board cards with the best two hole cards; on a turn:
  the best two with the best three of the four).
* **Alone ahead now**: the player's hand now is strictly better than every other
  player's hand now.
* **Unseen cards**: the cards of the game's deck that are not on the board, among
  the dead cards or in a known hand (with ranges: in no hand of that deal).
* **An out** of a player who is not alone ahead now is an unseen card after which,
  with the card added to the board, that player's hand is strictly better than every
  other player's: alone best after the turn card on a flop, alone the winner after
  the river card on a turn. **A split out** is an unseen card after which the player
  ties with at least one other for the best hand. A player alone ahead now has no outs.
* **The count** is the number of outs plus half the number of split outs.
* **Hi/lo games** are taken by half: the high outs judge the high hands, the low
  outs the qualifying low hands (eight or better, two hole plus three board cards);
  a hand with no qualifying low is never best in the low half, so when nobody has a
  low now nobody is alone ahead in it, and a card after which nobody has a low is
  no low out.
* **Ranges**: a deal is one combo for each range holder, none sharing a card with
  another hand, the board or the dead cards; it weighs the product of its combos'
  weights. A card's **out-share** for a player is the weight of the deals in which
  it is an out of that player over the weight of every deal; split-shares likewise,
  and the count is the sum of the out-shares plus half the split-shares (the
  weighted average count). A known hand's shares are 1 or 0.

Each player's equity after each unseen card is exact: :func:`lookup.equity` on the
board plus that card.

>>> result = outs(["As Ks", "Qh Qd"], "Js Ts 2h")
>>> aks, queens = result
>>> aks.count, [str(out.card) for out in aks.outs][:8]
(Fraction(16, 1), ['Ah', 'Ad', 'Ac', 'Kh', 'Kd', 'Kc', 'Qs', 'Qc'])
>>> queens.high.ahead, queens.outs
(Fraction(1, 1), ())
>>> aks.outs[0].equity, aks.after[aks.outs[0].card], aks.equity
(Fraction(41, 44), Fraction(41, 44), Fraction(37, 66))
>>> outs(["As Ks", "Qh Qd"], "Js Ts 2h 3c 4d")
Traceback (most recent call last):
...
lookup.HandSizeError: outs needs a flop or a turn (a board of 3 or 4 cards), got 5: 'Js Ts 2h 3c 4d'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from lookup.core.cards import DECK, Card, CardsLike, parse_cards
from lookup.core.errors import GameError, HandSizeError, PokerLookupError, RangeError
from lookup.core.progress import LateProgress
from lookup.game.evaluate import game_evaluator
from lookup.game.registry import GameLike, get_game
from lookup.odds.front import equity
from lookup.odds.results import DEFAULT_EXACT_LIMIT, HoldingLike
from lookup.ranges.holding import holding_cards
from lookup.ranges.range import Range
from lookup.ranking.ranking import RulesLike

__all__ = ["Out", "Outs", "OutsResult", "PlayerOuts", "outs"]

_HELD: Final = 1 << 30
"""The class number standing for "this card is in the player's hand": worse than any hand."""

_CHUNK: Final = 1 << 21
"""Deal x card cells per numpy step: a few MB of work arrays whatever the ranges."""


@dataclass(frozen=True)
class Out:
    """One card that puts a player ahead (or level, for a split out)."""

    card: Card
    share: Fraction
    """The weight of the deals in which it is this kind of out over every deal's (1 for a
    known hand)."""
    equity: Fraction
    """The player's exact equity once the card is on the board."""

    def to_json(self) -> dict[str, str | float]:
        """``{"card", "share", "equity"}``: fractions as text (exact) and as floats.

        >>> Out(parse_cards("Ah")[0], Fraction(1), Fraction(1, 2)).to_json()
        {'card': 'Ah', 'share': '1', 'equity': '1/2', 'equity_float': 0.5}
        """
        return {
            "card": str(self.card),
            "share": str(self.share),
            "equity": str(self.equity),
            "equity_float": float(self.equity),
        }


@dataclass(frozen=True)
class Outs:
    """A player's outs in one half of the pot (the whole pot outside hi/lo games)."""

    outs: tuple[Out, ...]
    """The cards after which the player alone is best, best card first."""
    split_outs: tuple[Out, ...]
    """The cards after which the player ties for best."""
    count: Fraction
    """The outs' shares plus half the split outs' shares (for a known hand: outs + splits/2)."""
    ahead: Fraction
    """The weight share of the deals in which the player is alone ahead now (which have no
    outs): 1 or 0 for known hands."""

    def to_json(self) -> dict[str, Any]:
        """This half as ``docs/schemas/outs.json`` writes it.

        >>> Outs((), (), Fraction(0), Fraction(1)).to_json()
        {'outs': [], 'split_outs': [], 'count': '0', 'count_float': 0.0, 'ahead': '1'}
        """
        return {
            "outs": [out.to_json() for out in self.outs],
            "split_outs": [out.to_json() for out in self.split_outs],
            "count": str(self.count),
            "count_float": float(self.count),
            "ahead": str(self.ahead),
        }


@dataclass(frozen=True)
class PlayerOuts:
    """One player's outs, high and (in hi/lo games) low, and equity now and after each card."""

    hand: str
    """The holding as :func:`lookup.equity` names it (the cards, or the range as given)."""
    equity: Fraction
    """The player's exact equity now."""
    after: Mapping[Card, Fraction]
    """The player's exact equity after each unseen card (every card some deal leaves unseen)."""
    high: Outs
    """The outs of the whole pot (hi/lo games: of the high half)."""
    low: Outs | None
    """Hi/lo games: the outs of the low half; None otherwise."""

    @property
    def outs(self) -> tuple[Out, ...]:
        """:attr:`high`'s outs: the whole pot's outside hi/lo games."""
        return self.high.outs

    @property
    def split_outs(self) -> tuple[Out, ...]:
        """:attr:`high`'s split outs."""
        return self.high.split_outs

    @property
    def count(self) -> Fraction:
        """:attr:`high`'s count."""
        return self.high.count

    def to_json(self) -> dict[str, Any]:
        """This player as ``docs/schemas/outs.json`` writes it."""
        return {
            "hand": self.hand,
            "equity": str(self.equity),
            "equity_float": float(self.equity),
            "high": self.high.to_json(),
            "low": None if self.low is None else self.low.to_json(),
            "after": {str(card): str(value) for card, value in self.after.items()},
        }


@dataclass(frozen=True)
class OutsResult(Sequence[PlayerOuts]):
    """One :class:`PlayerOuts` per player, in input order, and the spot they were found on."""

    players: tuple[PlayerOuts, ...]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    game: str
    street: str
    """``"flop"`` (3 board cards: outs are turn cards) or ``"turn"`` (4: river cards)."""
    unseen: tuple[Card, ...]
    """The cards no known hand, board card or dead card holds, best card first."""

    def __len__(self) -> int:
        return len(self.players)

    def __iter__(self) -> Iterator[PlayerOuts]:
        return iter(self.players)

    def __getitem__(self, index: Any) -> Any:
        return self.players[index]

    def to_json(self) -> dict[str, Any]:
        """The result as ``pokerlookup outs --json`` prints it (``docs/schemas/outs.json``).

        >>> doc = outs(["As Ks", "Qh Qd"], "Js Ts 2h 3c").to_json()
        >>> doc["street"], doc["players"][0]["high"]["count"], doc["players"][1]["high"]["ahead"]
        ('turn', '16', '1')
        """
        return {
            "game": self.game,
            "board": [str(card) for card in self.board],
            "dead": [str(card) for card in self.dead],
            "street": self.street,
            "unseen": [str(card) for card in self.unseen],
            "players": [player.to_json() for player in self.players],
        }


@dataclass(frozen=True)
class _Holder:
    """A player's possible holdings: combos as Cards, each with its weight."""

    combos: tuple[tuple[Card, ...], ...]
    weights: tuple[Fraction, ...]


def outs(
    holdings: Sequence[HoldingLike],
    board: CardsLike,
    *,
    game: GameLike = "holdem",
    dead: CardsLike | None = (),
    rules: RulesLike | None = None,
    exact_limit: int = DEFAULT_EXACT_LIMIT,
    progress: bool = True,
) -> OutsResult:
    """Each player's outs and split outs on a flop or a turn, with their equity after each card.

    The module says what an out is, exactly (and ``docs/outs.md``, with examples).

    Parameters:

    ``holdings``: 2 to 10 holdings, one per player, as :func:`lookup.equity` reads them:
        cards (``'As Ks'``), or range notation (``'QQ+, AKs:0.5'``) or a
        :class:`~lookup.ranges.range.Range` of the game, weights included
    ``board``: the flop (3 cards) or the turn (4 cards); anything else is refused
    ``game``: a game with a board: ``holdem``, ``short-deck``, the Omaha family
        (``omaha``, ``omaha5``, ``omaha6``, ``courchevel`` and their hi/lo games)
    ``dead``: cards out of play (folded, burned, seen): never outs
    ``rules``: a ranking that replaces the game's where the game allows (as in equity)
    ``exact_limit``: the most showdowns each exact equity may enumerate, and the most
        deal-and-card pairs the outs themselves may try (a range against a range on a
        flop can be refused: pass a larger limit)
    ``progress``: show a bar on a terminal once the equities after each card have taken a
        couple of seconds (Omaha ranges on a turn can take half a minute)

    Returns an :class:`OutsResult`: one :class:`PlayerOuts` per player, in input order.

    >>> short = outs(["Ah Kh", "9c 9d"], "Qh Jh 9s", game="short-deck")
    >>> len(short[0].outs), short[0].count, short.unseen[0]
    (7, Fraction(7, 1), Card('As'))
    >>> hilo = outs(["As 2s Kd Kh", "Qd Qc 4d 5c"], "6s 7h 8d", game="omaha-hilo")
    >>> hilo[0].high.count, hilo[0].low.count, hilo[0].low.ahead
    (Fraction(0, 1), Fraction(0, 1), Fraction(1, 1))
    >>> [str(out.card) for out in hilo[1].low.outs]
    ['Ah', 'Ad', 'Ac', '2h', '2d', '2c']
    >>> ranged = outs(["QQ+:0.5, AKs", "Jh Th"], "Js Ts 2h")
    >>> ranged[0].high.ahead, ranged[0].count
    (Fraction(0, 1), Fraction(69, 13))
    >>> outs(["As Ks", "Qh Qd"], "Js Ts 2h", game="stud")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.GameError: outs are taken on a board: 'stud' has none (games with a board: holdem, ...)
    """
    found = get_game(game)
    if not found.has_board:
        boards = ", ".join(g.name for g in _board_games())
        raise GameError(
            f"outs are taken on a board: {found.name!r} has none (games with a board: {boards})",
            found.name,
        )
    shared = parse_cards(board)
    if len(shared) not in (3, 4):
        given = board if isinstance(board, str) else " ".join(str(card) for card in shared)
        raise HandSizeError(
            f"outs needs a flop or a turn (a board of 3 or 4 cards), got {len(shared)}: {given!r}",
            board,
        )
    gone = () if dead is None else parse_cards(dead)
    ask: dict[str, Any] = {"game": found, "rules": rules, "exact": True, "exact_limit": exact_limit}
    # Equity now checks every holding, card and limit once, and names the culprit.
    now = equity(holdings, shared, gone, **ask)
    holders = [_holder(holding, found, player) for player, holding in enumerate(holdings, start=1)]
    fixed = {card for holder in holders if len(holder.combos) == 1 for card in holder.combos[0]}
    known = {*shared, *gone, *fixed}
    ev = game_evaluator(found, rules)
    unseen = tuple(
        sorted((card for card in ev.deck if card not in known), key=_index, reverse=True)
    )
    holders = [
        _live(holder, known - set(_only(holder)), player)
        for player, holder in enumerate(holders, start=1)
    ]
    halves = _count(holders, shared, unseen, ev, exact_limit)
    valid = halves.pop("valid")
    after: list[dict[Card, Fraction]] = [{} for _ in holders]
    bar = LateProgress("outs (equity after each card)", sum(map(bool, valid)), progress,
                       unit="cards")  # fmt: skip
    try:
        for column, card in enumerate(unseen):
            if not valid[column]:
                continue  # every deal holds this card: it cannot come
            result = equity(holdings, (*shared, card), gone, **ask)
            for player, seat in enumerate(result):
                after[player][card] = _exact(seat.equity_fraction)
            bar.advance(1)
    finally:
        bar.close()
    players = []
    for player, seat in enumerate(now):
        made = {
            name: _outs(counts[player], unseen, after[player]) for name, counts in halves.items()
        }
        players.append(
            PlayerOuts(
                seat.hand,
                _exact(seat.equity_fraction),
                after[player],
                made["high"],
                made.get("low"),
            )
        )
    return OutsResult(
        tuple(players),
        shared,
        gone,
        found.name,
        "flop" if len(shared) == 3 else "turn",
        unseen,
    )


def _index(card: Card) -> int:
    return card.index


def _board_games() -> list[Any]:
    from lookup.game.registry import games  # the list only when a game without a board is given

    return [g for g in games() if g.has_board]


def _exact(value: Fraction | None) -> Fraction:
    if value is None:  # pragma: no cover - every exact run of the engines gives its fraction
        raise PokerLookupError("equity gave no exact fraction")
    return value


def _only(holder: _Holder) -> tuple[Card, ...]:
    """A known hand's cards (a holder of one combo), else none."""
    return holder.combos[0] if len(holder.combos) == 1 else ()


def _holder(holding: HoldingLike, game: Any, player: int) -> _Holder:
    """The combos ``holding`` may be, as lookup.equity reads it (checked by it already)."""
    cards = holding_cards(holding, game.hole_cards)
    if cards is not None:
        return _Holder((tuple(cards),), (Fraction(1),))
    try:
        read = Range(holding, game) if isinstance(holding, str | Range) else None
    except RangeError as exc:  # pragma: no cover - equity refused it first
        raise RangeError(f"player {player}: {exc}", exc.token) from None
    if read is None:  # pragma: no cover - equity refused it first
        raise PokerLookupError(f"player {player}: cannot read {holding!r}", holding)
    weights = read.weights
    combos = read.combos_in(game, f"player {player}")
    return _Holder(
        tuple(tuple(DECK[index] for index in combo) for combo in combos),
        tuple(weights[combo] for combo in combos),
    )


def _live(holder: _Holder, known: set[Card], player: int) -> _Holder:
    """The combos that share no card with the board, the dead cards and the known hands."""
    kept = [
        (combo, weight)
        for combo, weight in zip(holder.combos, holder.weights, strict=True)
        if known.isdisjoint(combo)
    ]
    if not kept:  # pragma: no cover - equity refused it first
        raise RangeError(f"player {player}: no combo of the range is possible here", player)
    return _Holder(tuple(c for c, _ in kept), tuple(w for _, w in kept))


def _count(
    holders: list[_Holder],
    board: tuple[Card, ...],
    unseen: tuple[Card, ...],
    ev: Any,
    limit: int,
) -> dict[str, Any]:
    """Per half, per player: weighted counts of outs and split outs of each unseen card.

    Every deal (one combo per player, no card shared) and every unseen card is tried at
    once with numpy: each combo's class now and after each card is looked up first (one
    kernel call each), then deals compare those. Weights stay exact: deals are counted
    per weight level (one level per distinct weight of each player), then weighed.
    Returns ``{"high": [...], "low": [...], "valid": [...]}``: per player per half a
    ``(outs, splits, ahead)`` triple of Fractions (shares per card, and the ahead share),
    and which unseen cards some deal leaves unseen.
    """
    column = {card: i for i, card in enumerate(unseen)}
    width = len(unseen)
    kernels: list[tuple[str, Any, int | None]] = [("high", ev.high, None)]
    if ev.low is not None:
        kernels.append(("low", ev.low, ev.no_low))
    # Class numbers (lower is better) of every combo now and after every unseen card.
    tables: dict[str, tuple[list[npt.NDArray[np.int64]], list[npt.NDArray[np.int64]]]] = {}
    for name, kernel, _ in kernels:
        nows, afters = [], []
        for holder in holders:
            now = np.empty(len(holder.combos), np.int64)
            later = np.empty((len(holder.combos), width), np.int64)
            for row, combo in enumerate(holder.combos):
                now[row] = kernel(combo, board)
                for col, card in enumerate(unseen):
                    later[row, col] = _HELD if card in combo else kernel(combo, (*board, card))
            nows.append(now)
            afters.append(later)
        tables[name] = (nows, afters)
    levels = []
    for holder in holders:
        distinct = sorted(set(holder.weights))
        levels.append((distinct, np.array([distinct.index(w) for w in holder.weights])))
    sums: dict[tuple[int, ...], dict[str, Any]] = {}
    players = len(holders)
    for deals in _deals(holders, width, limit, column):
        level = np.stack([levels[p][1][deals[:, p]] for p in range(players)], axis=1)
        keys, group = np.unique(level, axis=0, return_inverse=True)
        group = group.reshape(-1)
        cells = group[:, None] * width + np.arange(width)
        size = len(keys) * width

        def tally(mask: npt.NDArray[np.bool_], size: int = size, cells: Any = cells) -> Any:
            return np.bincount(cells[mask], minlength=size).reshape(-1, width)

        found: dict[str, Any] = {"deals": np.bincount(group, minlength=len(keys))}
        valid: npt.NDArray[np.bool_] | None = None
        for name, _, nothing in kernels:
            nows, afters = tables[name]
            now = np.stack([nows[p][deals[:, p]] for p in range(players)], axis=1)
            later = np.stack([afters[p][deals[:, p]] for p in range(players)], axis=1)
            if valid is None:
                valid = (later != _HELD).all(axis=1)
                found["valid"] = tally(valid)
            best_now = now.min(axis=1)
            at_now = now == best_now[:, None]
            alone_now = at_now & (at_now.sum(axis=1) == 1)[:, None]
            best = later.min(axis=1)
            at_best = later == best[:, None, :]
            many = at_best.sum(axis=1) > 1
            live = valid
            if nothing is not None:  # no qualifying low: nobody is best in the low half
                alone_now &= (best_now != nothing)[:, None]
                live = live & (best != nothing)
            per_player = []
            for p in range(players):
                behind = ~alone_now[:, p][:, None]
                mine = at_best[:, p, :] & live & behind
                per_player.append(
                    (
                        tally(mine & ~many),
                        tally(mine & many),
                        np.bincount(group[alone_now[:, p]], minlength=len(keys)),
                    )
                )
            found[name] = per_player
        for g, key in enumerate(map(tuple, keys.tolist())):
            into = sums.setdefault(key, {"deals": 0, "valid": 0})
            into["deals"] += int(found["deals"][g])
            into["valid"] = into["valid"] + found["valid"][g]
            for name, _, _ in kernels:
                parts = into.setdefault(name, [[0, 0, 0] for _ in range(players)])
                for p, (alone, split, ahead) in enumerate(found[name]):
                    parts[p][0] = parts[p][0] + alone[g]
                    parts[p][1] = parts[p][1] + split[g]
                    parts[p][2] += int(ahead[g])
    # Weigh each level: the product of its players' weights.
    weight_of = {key: _product(levels[p][0][i] for p, i in enumerate(key)) for key in sums}
    total = sum((weight_of[k] * s["deals"] for k, s in sums.items()), Fraction(0))
    result: dict[str, Any] = {
        "valid": [any(int(s["valid"][c]) for s in sums.values()) for c in range(width)]
    }
    for name, _, _ in kernels:
        weighed: list[tuple[list[Fraction], list[Fraction], Fraction]] = []
        for p in range(players):
            shares = []
            for part in (0, 1):
                shares.append(
                    [
                        sum(
                            (weight_of[k] * int(s[name][p][part][c]) for k, s in sums.items()),
                            Fraction(0),
                        )
                        / total
                        for c in range(width)
                    ]
                )
            ahead = sum((weight_of[k] * s[name][p][2] for k, s in sums.items()), Fraction(0))
            weighed.append((shares[0], shares[1], ahead / total))
        result[name] = weighed
    return result


def _product(weights: Iterator[Fraction]) -> Fraction:
    made = Fraction(1)
    for weight in weights:
        made *= weight
    return made


def _deals(
    holders: list[_Holder], width: int, limit: int, column: Mapping[Card, int]
) -> Iterator[npt.NDArray[np.intp]]:
    """Every deal (a combo index per player, no card shared), in chunks of rows.

    The deals times the unseen cards are bounded by ``limit`` (exact_limit).
    """
    masks = []
    for holder in holders:
        bits = np.zeros(len(holder.combos), np.uint64)
        for row, combo in enumerate(holder.combos):
            bits[row] = sum(1 << card.index for card in combo)
        masks.append(bits)
    deals = np.arange(len(holders[0].combos), dtype=np.intp)[:, None]
    used = masks[0]
    for p in range(1, len(holders)):
        ahead = len(deals) * len(masks[p])
        if ahead * width > 4 * limit:
            _refuse(ahead * width, limit)
        left = np.repeat(np.arange(len(deals)), len(masks[p]))
        right = np.tile(np.arange(len(masks[p])), len(deals))
        fits = (used[left] & masks[p][right]) == 0
        left, right = left[fits], right[fits]
        deals = np.concatenate([deals[left], right[:, None]], axis=1)
        used = used[left] | masks[p][right]
        if len(deals) * width > limit:
            _refuse(len(deals) * width, limit)
    step = max(1, _CHUNK // max(1, width * len(holders)))
    for start in range(0, len(deals), step):
        yield deals[start : start + step]


def _refuse(pairs: int, limit: int) -> None:
    raise PokerLookupError(
        f"outs would try {pairs:,} deals and cards, more than exact_limit={limit:,}: "
        "pass a larger exact_limit (--exact-limit on the command line) or narrower ranges",
        limit,
    )


def _outs(
    counts: tuple[list[Fraction], list[Fraction], Fraction],
    unseen: tuple[Card, ...],
    after: Mapping[Card, Fraction],
) -> Outs:
    alone, split, ahead = counts
    made = tuple(
        Out(card, share, after[card]) for card, share in zip(unseen, alone, strict=True) if share
    )
    tied = tuple(
        Out(card, share, after[card]) for card, share in zip(unseen, split, strict=True) if share
    )
    count = (
        sum((out.share for out in made), Fraction(0))
        + sum((out.share for out in tied), Fraction(0)) / 2
    )
    return Outs(made, tied, count, ahead)
