"""Omaha's shipped rows (``omaha.msgpack``) and the kernels that read them.

The rows are checked exhaustively against the pure-Python row builder the
runtime used before they were shipped (each board's row the element-wise min
of its rank triples' rows, each triple's row read from the ranking's own
five-card table, itself checked hand by hand against the reference in
``test_exhaustive5``): every board rank multiset, every hole rank pair. The
kernels (unchecked and checked, every game of the family) are checked on
seeded random deals against the plain definition: the best of every two hole
cards with every three board cards through the five-card kernel.
"""

from __future__ import annotations

import random
import shutil
from array import array
from itertools import combinations, combinations_with_replacement
from pathlib import Path

import pytest

import lookup
from lookup import TableError
from lookup.core.cards import Card, rank_multisets
from lookup.core.tablefile import source_table_dir
from lookup.game.evaluate import check_game_cards, game_evaluator
from lookup.game.omaha import _rows, build_omaha_kernel, omaha_kernel
from lookup.game.registry import GAMES
from lookup.ranking.ranking import Ranking, get_ranking

OMAHA_GAMES = [game.name for game in GAMES if game.family.name in ("omaha", "courchevel")]
PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
NO_DEAL = 0xFFFF


def old_rows(ranking: Ranking) -> dict[tuple[int, ...], array[int]]:
    """Every board rank multiset's row, as the runtime built them before (169 entries each).

    Entry ``13 * r + q``: the best class of hole ranks r, q with three of the board's
    ranks, from the five-card table; NO_DEAL where no triple can be dealt with them.
    """
    by_product = ranking.five_tables.by_product
    ranks = sorted(ranking.definition.rank_order)
    triple_rows = {}
    for triple in combinations_with_replacement(ranks, 3):
        product = PRIMES[triple[0]] * PRIMES[triple[1]] * PRIMES[triple[2]]
        triple_rows[triple] = array(
            "H",
            [
                by_product.get(product * PRIMES[r] * PRIMES[q], NO_DEAL)
                for r in range(13)
                for q in range(13)
            ],
        )
    rows = {}
    for size in (3, 4, 5):
        for board in rank_multisets(ranks, size):
            parts = [triple_rows[t] for t in set(combinations(board, 3))]
            rows[board] = parts[0] if len(parts) == 1 else array("H", map(min, *parts))
    return rows


@pytest.mark.parametrize("name", ["standard", "eight-or-better", "short-deck", "ace-to-five"])
def test_the_rows_are_the_old_row_builders_on_every_board(name: str) -> None:
    ranking = get_ranking(name)
    rows = _rows(ranking)
    assert rows is not None
    expected = old_rows(ranking)
    assert rows.width == len(expected)
    card_of = {card.rank: card for card in ranking.deck}  # a card of each rank
    for board, row in expected.items():
        index = rows.at[sum(5**r for r in board)]
        for r in card_of:
            for q in card_of:
                low, high = sorted((card_of[r], card_of[q]))  # by value: by rank
                found = rows.flat[rows.low[low] + rows.high[high] + index]
                old = row[13 * r + q]
                # 0 in the shipped rows, NO_DEAL in the old ones: five of a rank, no deal.
                assert found == (0 if old == NO_DEAL else old), (board, r, q)


@pytest.mark.parametrize("name", ["standard", "short-deck", "eight-or-better"])
def test_every_four_card_holes_columns_are_its_six_pairs(name: str) -> None:
    # The definition: a pair of ranks r <= q reads column low[r] + high[q]; a four-card
    # hole plays its six pairs, a repeated rank's pair as often as it is dealt.
    ranking = get_ranking(name)
    rows = _rows(ranking)
    assert rows is not None
    by_rank: dict[int, list[Card]] = {}
    for card in ranking.deck:
        by_rank.setdefault(card.rank, []).append(card)
    seen = 0
    for ranks in combinations_with_replacement(sorted(by_rank), 4):
        hole = [by_rank[r][ranks[:i].count(r)] for i, r in enumerate(ranks)]  # distinct suits
        expected = tuple(
            rows.low[a] + rows.high[b] for a, b in combinations(sorted(hole), 2)
        )  # sorted by value is sorted by rank
        assert rows.columns[sum(5**r for r in ranks)] == expected, ranks
        seen += 1
    assert len(rows.columns) == seen  # no other keys


def test_a_ranking_where_flushes_hurt_ships_no_rows() -> None:
    lowball = get_ranking("deuce-to-seven")
    assert not lowball.omaha_rows.rows and _rows(lowball) is None
    assert get_ranking("standard").omaha_rows.rows


def brute_force(ranking: Ranking, hole: list[Card], board: list[Card]) -> int:
    """The definition: the best of every two hole cards with every three board cards."""
    evaluate5 = ranking.kernel(5)
    return min(
        evaluate5(*pair, *triple)
        for pair in combinations(hole, 2)
        for triple in combinations(board, 3)
    )


@pytest.mark.parametrize("name", ["standard", "eight-or-better", "short-deck", "deuce-to-seven"])
def test_the_kernel_is_every_two_plus_three_on_seeded_deals(name: str) -> None:
    ranking = get_ranking(name)
    kernel = build_omaha_kernel(ranking)  # a fresh one: no state carried from other tests
    rnd = random.Random(20)
    for _ in range(3000):
        holes, boards = rnd.choice((4, 5, 6)), rnd.choice((3, 4, 5))
        cards = rnd.sample(ranking.deck, holes + boards)
        hole, board = cards[:holes], cards[holes:]
        expected = brute_force(ranking, hole, board)
        assert kernel(hole, board) == expected
        assert kernel(tuple(hole), tuple(board)) == expected
        assert kernel([int(c) for c in hole], [int(c) for c in board]) == expected  # plain ints


def test_every_flush_deal_of_one_suit_is_exact() -> None:
    # Boards of three to five spades with two to four spades in the hole: the flush step's cases.
    ranking = get_ranking("standard")
    kernel = omaha_kernel(ranking)
    spades = [card for card in ranking.deck if card.suit == 3]
    others = [card for card in ranking.deck if card.suit != 3]
    rnd = random.Random(21)
    for _ in range(2000):
        suited_board, suited_hole = rnd.randint(3, 5), rnd.randint(2, 4)
        picked = rnd.sample(spades, suited_board + suited_hole)
        board = picked[:suited_board] + rnd.sample(others, 5 - suited_board)
        hole = (
            picked[suited_board:]
            + [c for c in rnd.sample(others, 8) if c not in board][: 4 - suited_hole]
        )
        rnd.shuffle(board)
        rnd.shuffle(hole)
        assert kernel(hole, board) == brute_force(ranking, hole, board)


@pytest.mark.parametrize("game", OMAHA_GAMES)
def test_every_omaha_game_answers_the_definition_on_seeded_deals(game: str) -> None:
    found = lookup.get_game(game)
    high, low = found.high_ranking(), found.low_ranking()
    sizes = sorted(n for n in found.board_sizes if n >= 3)
    rnd = random.Random(22)
    for _ in range(1500):
        shared = rnd.choice(sizes)
        cards = rnd.sample(high.deck, found.hole_cards + shared)
        hole, board = tuple(cards[: found.hole_cards]), tuple(cards[found.hole_cards :])
        best_high = brute_force(high, list(hole), list(board))
        for form in ((hole, board), (list(hole), " ".join(map(str, board)))):
            if low is None:
                value = lookup.evaluate(*form, game=game)
                assert value.class_number == best_high
                assert value is high.value(best_high)
            else:
                best_low = brute_force(low, list(hole), list(board))
                up, down = lookup.evaluate_hilo(*form, game=game)
                assert up.class_number == best_high
                no_low = game_evaluator(game).no_low
                assert (None if best_low == no_low else best_low) == (
                    None if down is None else down.class_number
                )


BAD_INPUT = [
    ("As Ah Ad Ac", "As Kd 2c 3c 4h"),  # a card twice, hole and board
    ("As As Ad Ac", "Ks Kd 2c 3c 4h"),  # a card twice in the hole
    ("As Ah Ad Ac", "Ks Ks 2c 3c 4h"),  # a card twice on the board
    ("As Ah Ad", "Ks Kd 2c 3c 4h"),  # three hole cards
    ("As Ah Ad Ac Kc", "Ks Kd 2c 3c 4h"),  # five
    ("As Ah Ad Ac", "Ks Kd"),  # two board cards
    ("As Ah Ad Ac", "Ks Kd 2c 3c 4h 5h"),  # six
    ("As Ah Ad Jk", "Ks Kd 2c 3c 4h"),  # a joker
]


def _outcome(call: object, *args: object) -> object:
    try:
        return call(*args)  # type: ignore[operator]
    except lookup.PokerLookupError as exc:
        return type(exc), str(exc), exc.token


@pytest.mark.parametrize("game", ["omaha", "omaha5", "courchevel"])
@pytest.mark.parametrize(("hole", "board"), BAD_INPUT)
def test_the_fused_check_refuses_what_the_plain_check_refuses(
    game: str, hole: str, board: str
) -> None:
    evaluator = game_evaluator(game)
    assert evaluator.fused is not None

    def plain(held: object, shared: object) -> object:
        cards = check_game_cards(
            evaluator.game, evaluator.high_ranking, held, shared, evaluating=True
        )  # type: ignore[arg-type]
        return evaluator.high_ranking.value(evaluator.high(*cards))

    held = tuple(lookup.parse_card(text) for text in hole.split())  # duplicates kept
    shared = tuple(lookup.parse_card(text) for text in board.split())
    for form in (
        (held, shared),  # tuples of Cards: the fused path
        (hole, board),  # text
        (list(held), list(shared)),
        (tuple(int(c) for c in held), shared),  # Cactus-Kev ints equal to the cards
        (tuple(c.index for c in held), shared),  # card indices
    ):
        expected = _outcome(plain, *form)
        assert _outcome(lookup.evaluate, *form, None, game) == expected  # type: ignore[misc]
        assert _outcome(evaluator.evaluate, *form) == expected
        if isinstance(expected, tuple):  # refused: a package error, a ValueError, with .token
            assert issubclass(expected[0], ValueError)


def test_the_fused_check_refuses_plain_ints_equal_to_cards() -> None:
    hole = tuple(int(c) for c in lookup.parse_cards("As Ah Ad Ac"))
    board = lookup.parse_cards("Ks Kd 2c 3c 4h")
    with pytest.raises(lookup.CardError):
        lookup.evaluate(hole, board, game="omaha")


def _folder_without(tmp_path: Path, name: str) -> Path:
    folder = tmp_path / "standard-copy"
    shutil.copytree(source_table_dir() / "standard", folder)
    (folder / name).unlink()
    return folder


def test_missing_rows_are_refused_with_the_regenerate_hint(tmp_path: Path) -> None:
    folder = _folder_without(tmp_path, "omaha.msgpack")
    ranking = lookup.load_rules(folder)
    assert lookup.evaluate("As Ks Qs Js Ts 2c 3d", rules=folder).describe() == "Royal Flush"
    with pytest.raises(TableError, match=r"omaha\.msgpack is missing: regenerate the tables"):
        lookup.evaluate("As Ah Ad Ac", "Ks Kd 2c 3c 4h", game="omaha", rules=folder)
    with pytest.raises(TableError, match=r"omaha\.msgpack is missing"):
        omaha_kernel(ranking)


def test_a_copied_folder_answers_as_the_built_in(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    shutil.copytree(source_table_dir() / "standard", folder)
    rnd = random.Random(23)
    for _ in range(200):
        cards = rnd.sample(lookup.DECK, 9)
        hole, board = tuple(cards[:4]), tuple(cards[4:])
        mine = lookup.evaluate(hole, board, game="omaha", rules=folder)
        assert mine.class_number == lookup.evaluate(hole, board, game="omaha").class_number


def test_the_suit_held_three_times_is_read_from_the_counters() -> None:
    from itertools import product

    from lookup.game.omaha import _three_of_a_suit

    found = _three_of_a_suit()
    suit_bits = (0x8000, 0x4000, 0x2000, 0x1000)  # clubs, diamonds, hearts, spades
    for counts in product(range(6), repeat=4):  # every suit count five cards can make
        if sum(counts) <= 5:
            lanes = sum(count << (3 * suit) for suit, count in enumerate(counts))
            three = [suit_bits[suit] for suit, count in enumerate(counts) if count >= 3]
            assert found[lanes] == (three[0] if three else 0)
