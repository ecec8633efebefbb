"""A plain reference for made-hand classes and draws, written from docs/breakdown.md alone.

No lookup table and nothing of :mod:`lookup.board`: it enumerates cards, forms every
five-card hand, counts ranks and suits, and tries every next card. Cards are
``(rank, suit)`` pairs, ranks 0 (deuce) to 12 (ace); a ranking is its rules as data
(the deck's ranks, whether the ace plays low in a straight, the category order).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations

from lookup.core.rules import Category, RankingRules

Plain = tuple[int, int]
Value = tuple[int, tuple[int, ...]]
"""A five-card hand's strength: its category's place in the ranking, then its tie-break ranks."""

PAIR_CLASSES = (
    "overpair",
    "top-pair-top-kicker",
    "top-pair-good-kicker",
    "top-pair-weak-kicker",
    "pocket-pair-between",
    "second-pair",
    "lower-pair",
    "underpair",
)


def straight_high(ranks: set[int], rules: RankingRules) -> int:
    """The place (0 = weakest) of the best straight among ``ranks``, -1 for none."""
    order = rules.rank_order
    best = -1
    windows = [set(order[i : i + 5]) for i in range(len(order) - 4)]
    if rules.wheel:
        windows.insert(0, {order[-1], *order[:4]})
    for place, window in enumerate(windows):
        if window <= ranks:
            best = place
    return best


def five(cards: Sequence[Plain], rules: RankingRules) -> tuple[Value, Category, list[int]]:
    """Value, category and the ranks that name it (groups biggest first) of five cards."""
    counts = Counter(r for r, _ in cards)
    flush = len({s for _, s in cards}) == 1
    high = straight_high(set(counts), rules) if len(counts) == 5 else -1
    groups = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    if high >= 0 and flush:
        category = Category.STRAIGHT_FLUSH
    elif shape[0] == 4:
        category = Category.FOUR_OF_A_KIND
    elif shape[:2] == [3, 2]:
        category = Category.FULL_HOUSE
    elif flush:
        category = Category.FLUSH
    elif high >= 0:
        category = Category.STRAIGHT
    elif shape[0] == 3:
        category = Category.THREE_OF_A_KIND
    elif shape[:2] == [2, 2]:
        category = Category.TWO_PAIR
    elif shape[0] == 2:
        category = Category.ONE_PAIR
    else:
        category = Category.HIGH_CARD
    tie = (high,) if high >= 0 else tuple(groups)
    return (rules.categories.index(category), tie), category, groups


def best(cards: Sequence[Plain], rules: RankingRules) -> tuple[Value, Category, list[int]]:
    """The best five of ``cards`` (5 to 7)."""
    return max((five(hand, rules) for hand in combinations(cards, 5)), key=lambda v: v[0])


def rank_category(ranks: Sequence[int], rules: RankingRules) -> Category:
    """The best category of ranks alone (suits ignored: no flush)."""
    return max(
        (five([(r, i) for i, r in enumerate(hand)], rules)[:2] for hand in combinations(ranks, 5)),
        key=lambda v: v[0],
    )[1]


def deck(rules: RankingRules) -> list[Plain]:
    return [(r, s) for r in rules.rank_order for s in range(4)]


@cache
def nuts(board: tuple[Plain, ...], rules: RankingRules) -> tuple[tuple[int, ...], int]:
    """The best flush (its five ranks, highest first) and the best straight (place) any two
    unseen cards make with ``board``, straight flushes ignored: tried pair by pair."""
    unseen = [c for c in deck(rules) if c not in board]
    best_flush: tuple[int, ...] = ()
    best_straight = -1
    for pair in combinations(unseen, 2):
        cards = list(board) + list(pair)
        for suit in range(4):
            ranks = sorted((r for r, s in cards if s == suit), reverse=True)
            if len(ranks) >= 5:
                best_flush = max(best_flush, tuple(ranks[:5]))
        best_straight = max(best_straight, straight_high({r for r, _ in cards}, rules))
    return best_flush, best_straight


def made_class(hole: Sequence[Plain], board: Sequence[Plain], rules: RankingRules) -> str:
    """The made-hand class of ``hole`` on ``board``, by the documented precedence."""
    cards = list(hole) + list(board)
    value, category, groups = best(cards, rules)
    if len(board) == 5 and value == best(board, rules)[0]:
        return "playing-the-board"
    held = Counter(r for r, _ in hole)
    board_only = "playing-the-board"  # the ranks that name the hand are all on the board
    if category == Category.STRAIGHT_FLUSH:
        return "straight-flush"
    if category == Category.FOUR_OF_A_KIND:
        return "quads" if held[groups[0]] else board_only
    if category == Category.FULL_HOUSE:
        return "full-house" if held[groups[0]] + held[groups[1]] else board_only
    if category == Category.FLUSH:
        suit = Counter(s for _, s in cards).most_common(1)[0][0]
        mine = tuple(sorted((r for r, s in cards if s == suit), reverse=True)[:5])
        return "nut-flush" if mine == nuts(tuple(board), rules)[0] else "flush"
    if category == Category.STRAIGHT:
        mine_straight = straight_high({r for r, _ in cards}, rules)
        return "nut-straight" if mine_straight == nuts(tuple(board), rules)[1] else "straight"
    return _below_straight(hole, board, rules, category, groups)


def draws(
    hole: Sequence[Plain], board: Sequence[Plain], rules: RankingRules
) -> tuple[set[str], int]:
    """The draw flags of ``hole`` on a 3- or 4-card ``board`` and its reported straight outs."""
    if len(board) == 5:
        return set(), 0
    cards = list(hole) + list(board)
    value, _, _ = best(cards, rules)
    strength = value[0]
    place = rules.categories.index
    flags: set[str] = set()
    flush_better = place(Category.FLUSH) > strength
    straight_better = place(Category.STRAIGHT) > strength
    for suit in range(4):
        in_hole = [r for r, s in hole if s == suit]
        on_board = [r for r, s in board if s == suit]
        if in_hole and len(in_hole) + len(on_board) == 4 and flush_better:
            flags.add("flush-draw")
            top_missing = max(r for r in rules.rank_order if r not in on_board)
            if top_missing in in_hole:
                flags.add("nut-flush-draw")
        if len(board) == 3 and in_hole and len(in_hole) + len(on_board) == 3 and flush_better:
            flags.add("backdoor-flush-draw")
    unseen = [c for c in deck(rules) if c not in cards]
    board_ranks = {r for r, _ in board}
    all_ranks = {r for r, _ in cards}

    def completes(extra: Sequence[Plain]) -> bool:
        more = {r for r, _ in extra}
        return straight_high(all_ranks | more, rules) > straight_high(board_ranks | more, rules)

    outs = sum(completes([card]) for card in unseen)
    if outs and straight_better:
        flags.add("straight-draw-8" if outs >= 8 else "gutshot")
    if len(board) == 3 and not outs and straight_better:
        # A turn and a river card: only their ranks matter to a straight, so each pair of
        # unseen ranks is tried once (a pair of one rank adds one rank: no straight here).
        rank_pairs = combinations(sorted({r for r, _ in unseen}), 2)
        if any(completes([(r, 0) for r in pair]) for pair in rank_pairs):
            flags.add("backdoor-straight-draw")
    made = made_class(hole, board, rules)
    (r1, _), (r2, _) = hole
    if (
        made in ("ace-high", "nothing", "playing-the-board")
        and r1 != r2
        and min(r1, r2) > max(board_ranks)
    ):
        ranks = [r for r, _ in cards]
        if any(place(rank_category([*ranks, r], rules)) > strength for r in (r1, r2)):
            flags.add("two-overcards")
    straight = "straight-draw-8" in flags or "gutshot" in flags
    if "flush-draw" in flags and straight:
        flags.add("flush-and-straight-draw")
    if made in PAIR_CLASSES and "flush-draw" in flags:
        flags.add("pair-and-flush-draw")
    if made in PAIR_CLASSES and straight:
        flags.add("pair-and-straight-draw")
    return flags, (outs if straight else 0)


# The Omaha family: exactly two hole cards with exactly three board cards (docs/breakdown.md,
# "The Omaha family"). Same classes and flags, each read from the two hole cards that play.

PRECEDENCE_IN_A_CATEGORY = (
    "straight-flush",
    "quads",
    "full-house",
    "nut-flush",
    "flush",
    "nut-straight",
    "straight",
    "set",
    "trips",
    "top-two",
    "top-and-another",
    "two-lower",
    "pocket-pair-board-pair",
    "pair-board-pair",
    *PAIR_CLASSES,
    "ace-high",
    "nothing",
    "playing-the-board",  # last: a tie that names the hand with a hole card wins
)
"""The classes of one category in precedence order: hole pairs tying for the best hand share
a category, so this order settles which class they give."""


def omaha_best(
    pair: Sequence[Plain], board: Sequence[Plain], rules: RankingRules
) -> tuple[Value, Category, list[int]]:
    """The best five of two hole cards and any three board cards."""
    return max((five([*pair, *t], rules) for t in combinations(board, 3)), key=lambda v: v[0])


def omaha_value(hole: Sequence[Plain], board: Sequence[Plain], rules: RankingRules) -> Value:
    return max(omaha_best(pair, board, rules)[0] for pair in combinations(hole, 2))


@cache
def omaha_nuts(board: tuple[Plain, ...], rules: RankingRules) -> tuple[tuple[int, ...], int]:
    """The best flush (five ranks) and straight (place) any two unseen cards make with three
    board cards, straight flushes ignored: tried pair by pair, triple by triple."""
    unseen = [c for c in deck(rules) if c not in board]
    best_flush: tuple[int, ...] = ()
    best_straight = -1
    for triple in combinations(board, 3):
        for pair in combinations(unseen, 2):
            cards = [*triple, *pair]
            ranks = {r for r, _ in cards}
            if len({s for _, s in cards}) == 1:
                best_flush = max(best_flush, tuple(sorted(ranks, reverse=True)))
            if len(ranks) == 5:
                best_straight = max(best_straight, straight_high(ranks, rules))
    return best_flush, best_straight


def _omaha_pair_class(
    pair: Sequence[Plain], board: Sequence[Plain], rules: RankingRules
) -> tuple[Value, str]:
    """The class two hole cards make with three of the board, read as a Hold'em hand of them."""
    value, category, groups = omaha_best(pair, board, rules)
    held = Counter(r for r, _ in pair)
    board_only = "playing-the-board"
    if category == Category.STRAIGHT_FLUSH:
        return value, "straight-flush"
    if category == Category.FOUR_OF_A_KIND:
        return value, "quads" if held[groups[0]] else board_only
    if category == Category.FULL_HOUSE:
        return value, "full-house" if held[groups[0]] + held[groups[1]] else board_only
    if category == Category.FLUSH:
        nut = omaha_nuts(tuple(board), rules)[0]
        return value, "nut-flush" if tuple(groups) == nut else "flush"
    if category == Category.STRAIGHT:
        return value, "nut-straight" if value[1][0] == omaha_nuts(tuple(board), rules)[1] else (
            "straight"
        )
    return value, _below_straight(pair, board, rules, category, groups)


def _below_straight(
    pair: Sequence[Plain],
    board: Sequence[Plain],
    rules: RankingRules,
    category: Category,
    groups: list[int],
) -> str:
    """The classes below a straight, for the hole cards that play and their hand: Hold'em's
    two, or Omaha's two of the hole (where the board's own five never play, so
    made_class's river rule does not apply)."""
    held = Counter(r for r, _ in pair)
    board_ranks = sorted({r for r, _ in board}, reverse=True)
    if category == Category.THREE_OF_A_KIND:
        return {2: "set", 1: "trips", 0: "playing-the-board"}[held[groups[0]]]
    if category == Category.TWO_PAIR:
        high, low = groups[0], groups[1]
        if held[high] + held[low] == 0:
            return "playing-the-board"
        if 2 in (held[high], held[low]):
            return "pocket-pair-board-pair"
        if held[high] == 1 and held[low] == 1:
            if [high, low] == board_ranks[:2]:
                return "top-two"
            return "top-and-another" if high == board_ranks[0] else "two-lower"
        return "pair-board-pair"
    if category == Category.ONE_PAIR:
        pair_rank = groups[0]
        if held[pair_rank] == 2:
            if pair_rank > board_ranks[0]:
                return "overpair"
            return "underpair" if pair_rank < board_ranks[-1] else "pocket-pair-between"
        if held[pair_rank] == 1:
            if pair_rank == board_ranks[0]:
                kicker = next(r for r, _ in pair if r != pair_rank)
                off_board = sorted(
                    (r for r in rules.rank_order if r not in board_ranks), reverse=True
                )
                place = off_board.index(kicker)
                if place == 0:
                    return "top-pair-top-kicker"
                return "top-pair-good-kicker" if place <= 2 else "top-pair-weak-kicker"
            return "second-pair" if pair_rank == board_ranks[1] else "lower-pair"
        return "playing-the-board"
    return "ace-high" if rules.rank_order[-1] in held else "nothing"


def omaha_made_class(hole: Sequence[Plain], board: Sequence[Plain], rules: RankingRules) -> str:
    """The class of an Omaha hand: among the hole pairs making its best hand, the first class
    in precedence (playing the board only if every such pair plays the board)."""
    read = [_omaha_pair_class(pair, board, rules) for pair in combinations(hole, 2)]
    best_value = max(value for value, _ in read)
    return min(
        (name for value, name in read if value == best_value),
        key=PRECEDENCE_IN_A_CATEGORY.index,
    )


def _omaha_straight(hole: Sequence[Plain], board_ranks: set[int], rules: RankingRules) -> bool:
    """Do two hole cards and three of these board ranks make a straight?"""
    return any(
        straight_high({a, b, *triple}, rules) >= 0
        for (a, _), (b, _) in combinations(hole, 2)
        if a != b
        for triple in combinations(board_ranks - {a, b}, 3)
    )


def omaha_draws(
    hole: Sequence[Plain], board: Sequence[Plain], rules: RankingRules
) -> tuple[set[str], int]:
    """The draw flags of an Omaha ``hole`` on a 3- or 4-card ``board`` and its straight outs."""
    if len(board) == 5:
        return set(), 0
    strength = omaha_value(hole, board, rules)[0]
    place = rules.categories.index
    flags: set[str] = set()
    flush_better = place(Category.FLUSH) > strength
    straight_better = place(Category.STRAIGHT) > strength
    for suit in range(4):
        in_hole = [r for r, s in hole if s == suit]
        on_board = [r for r, s in board if s == suit]
        # Cards of the suit the board still needs for two hole cards and three board cards.
        needed = 3 - len(on_board) if len(in_hole) >= 2 else 99
        if needed == 1 and flush_better:
            flags.add("flush-draw")
            top_missing = max(r for r in rules.rank_order if r not in on_board)
            if top_missing in in_hole:
                flags.add("nut-flush-draw")
        if len(board) == 3 and needed == 2 and flush_better:
            flags.add("backdoor-flush-draw")
    cards = [*hole, *board]
    unseen = [c for c in deck(rules) if c not in cards]
    board_ranks = {r for r, _ in board}
    outs = sum(_omaha_straight(hole, board_ranks | {card[0]}, rules) for card in unseen)
    if outs and straight_better:
        flags.add("straight-draw-8" if outs >= 8 else "gutshot")
    if len(board) == 3 and not outs and straight_better:
        ranks = sorted({r for r, _ in unseen})
        if any(
            _omaha_straight(hole, board_ranks | set(two), rules) for two in combinations(ranks, 2)
        ):
            flags.add("backdoor-straight-draw")
    made = omaha_made_class(hole, board, rules)
    top = max(board_ranks)
    over = sorted({r for r, _ in hole if r > top})
    if made in ("ace-high", "nothing", "playing-the-board") and len(over) >= 2:
        for r in over:  # a board card pairing it, played with it: suits ignored (no flush)
            fake = [(rank, i + 10) for i, (rank, _) in enumerate(hole)]  # no two of one suit
            plain_board = [(rank, i + 20) for i, (rank, _) in enumerate(board)]
            mine = next(card for card in fake if card[0] == r)
            for other in fake:
                for two in combinations(plain_board, 2):
                    if other != mine and five([mine, other, (r, 30), *two], rules)[0][0] > strength:
                        flags.add("two-overcards")
    straight = "straight-draw-8" in flags or "gutshot" in flags
    if "flush-draw" in flags and straight:
        flags.add("flush-and-straight-draw")
    if made in PAIR_CLASSES and "flush-draw" in flags:
        flags.add("pair-and-flush-draw")
    if made in PAIR_CLASSES and straight:
        flags.add("pair-and-straight-draw")
    return flags, (outs if straight else 0)
