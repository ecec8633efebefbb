"""Weighted equity (issue 21), held against a plain brute force written from the definition.

The definition: every assignment of one combo per player with no card in common
weighs the product of its combos' weights; a player's equity is the weighted
average of their pot share over every such assignment and every board (each
assignment has as many boards as any other). A combo's equity is the same average
over the assignments that hold it; a class's, over the assignments holding any of
its combos. The reference below walks every assignment with itertools and every
board with :func:`tests.game_equity_reference.reference_equity` (tablegen's
classifier, nothing of the runtime's tables), in Fractions.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

import lookup
from lookup.core.cards import Card, parse_cards
from lookup.odds.results import combo_class
from lookup.ranges.holdem import parse_holding
from lookup.ranges.notation import read_range
from lookup.ranges.omaha import parse_omaha_range
from lookup.ranges.range import Range

from .game_equity_reference import reference_equity

Combo = tuple[int, ...]


def combos_of(game: str, text: str, out: Sequence[int]) -> list[Combo]:
    """The combos of ``text`` the engine weighs, in its order, without the blocked ones."""
    if game == "holdem":
        combos: Sequence[Combo] = parse_holding(text, 1)[1]
    elif game == "short-deck":
        combos = [c for c in parse_holding(text, 1)[1] if min(c) >= 16]
    else:  # omaha, omaha-hilo
        combos = read_range("omaha", text, 4)
    return [c for c in combos if not set(c) & set(out)]


def name(combo: Combo) -> str:
    return "".join(str(Card.from_index(c)) for c in combo)


def omaha_tokens(text: str, hole: int = 4) -> dict[str, str]:
    """Omaha's classes from the definition: each combo of weighted range text under the
    last token that covers it (weights dropped), an explicit holding named by its cards
    as written, any other token as written (single spaces)."""
    found: dict[str, str] = {}
    for piece in re.split(r"\[/?[0-9.]+\]", text):
        for written in piece.split(","):
            token = written.rpartition(":")[0] if ":" in written else written
            token = " ".join(token.split())
            if not token:
                continue
            try:
                cards = parse_cards(token)
            except ValueError:
                cards = ()
            if len(cards) == hole:
                combos: Sequence[Combo] = [tuple(sorted(c.index for c in cards))]
                label = "".join(str(c) for c in cards)
            else:
                combos, label = parse_omaha_range(token, hole), token
            for combo in combos:
                found[name(combo)] = label
    return found


def brute_force(
    game: str,
    ranges: list[list[Combo]],
    weights: list[list[Fraction]],
    board: list[int],
    classes: Sequence[dict[str, str] | None] = (),
) -> tuple[
    list[Fraction], list[dict[str, Fraction]], list[dict[str, Fraction]], list[dict[str, Fraction]]
]:
    """Each player's weighted equity, each combo's and each class's, and each class's
    probability in the joint deal (its combos' assignment weight over all), as Fractions.

    A player's classes are ``classes[p]`` (combo name -> class) when given, else the
    Hold'em class (``AKs``) of a two-card combo and the combo itself in Omaha.
    """
    players = len(ranges)
    total = Fraction(0)
    shares = [Fraction(0)] * players
    combo_sums: list[dict[str, list[Fraction]]] = [{} for _ in range(players)]
    for picks in product(*(range(len(r)) for r in ranges)):
        holes = [ranges[p][i] for p, i in enumerate(picks)]
        cards = [c for hole in holes for c in hole]
        if len(set(cards)) != len(cards):
            continue  # a conflicting assignment weighs nothing
        weight = Fraction(1)
        for p, i in enumerate(picks):
            weight *= weights[p][i]
        equities = reference_equity(game, [list(h) for h in holes], board).equity
        total += weight
        for p in range(players):
            shares[p] += weight * equities[p]
            sums = combo_sums[p].setdefault(name(holes[p]), [Fraction(0), Fraction(0)])
            sums[0] += weight * equities[p]
            sums[1] += weight
    by_combo = [{c: s / w for c, (s, w) in sums.items()} for sums in combo_sums]
    by_class: list[dict[str, Fraction]] = []
    class_chance: list[dict[str, Fraction]] = []
    for p, sums in enumerate(combo_sums):
        named = classes[p] if p < len(classes) else None
        folded: dict[str, list[Fraction]] = {}
        for c, (s, w) in sums.items():
            if named is not None:
                key = named[c]
            else:
                key = combo_class(parse_cards(c)) if not game.startswith("omaha") else c
            entry = folded.setdefault(key, [Fraction(0), Fraction(0)])
            entry[0] += s
            entry[1] += w
        by_class.append({k: s / w for k, (s, w) in folded.items()})
        class_chance.append({k: w / total for k, (_, w) in folded.items()})
    return [s / total for s in shares], by_combo, by_class, class_chance


def naive(
    game: str,
    ranges: list[list[Combo]],
    weights: list[list[Fraction]],
    board: list[int],
) -> list[Fraction]:
    """Independent draws: each player in turn takes a combo by its weight among those the
    earlier players left (the biased answer the joint deal must not give)."""
    players = len(ranges)
    shares = [Fraction(0)] * players

    def walk(p: int, holes: list[Combo], chance: Fraction) -> None:
        if p == players:
            equities = reference_equity(game, [list(h) for h in holes], board).equity
            for q in range(players):
                shares[q] += chance * equities[q]
            return
        used = {c for hole in holes for c in hole}
        fits = [i for i, c in enumerate(ranges[p]) if not used & set(c)]
        mass = sum(weights[p][i] for i in fits)
        for i in fits:
            walk(p + 1, [*holes, ranges[p][i]], chance * weights[p][i] / mass)

    walk(0, [], Fraction(1))
    return shares


# Small spots: (game, ranges, board, weights as text per combo in the engine's order).
SPOTS = [
    (
        "holdem",
        ["AA, KK", "AKs, KQs", "QQ"],
        "2c 7d 9h 4s",
        [["0.5"] * 6 + ["1"] * 6, ["1", "0.25", "0.25", "1", "0.75", "0.75", "0.75", "0.75"], None],
    ),
    (
        "short-deck",
        ["AA, KK", "AK"],
        "6c 7d 9h Ts",
        [["0.2"] * 3 + ["1"] * 3 + ["0.6"] * 6, ["0.5"] * 4 + ["1"] * 12],
    ),
    (
        "omaha",
        ["AAKK", "AKQQ ds", "QQJJ"],
        "8s 9s 5s Td 2c",
        [
            [("0.3", "0.6", "1")[i % 3] for i in range(36)],
            None,
            [("1", "0.5")[i % 2] for i in range(36)],
        ],
    ),
    (
        "omaha-hilo",
        ["AA23 ds", "A2KK ds", "QQJJ ds"],
        "8s 9s 5s 3d 4c",
        [[("1", "0.5", "0.3", "0.25")[i % 4] for i in range(12)], None, ["0.5", "1"] * 3],
    ),
]


def weights_for(given: list[str] | None, size: int) -> list[Fraction]:
    return [Fraction(w) for w in given] if given else [Fraction(1)] * size


def ranged(
    game: str, hands: Sequence[str], given: Sequence[Sequence[object] | None]
) -> list[str | Range]:
    """The holdings with weights: each weighted player's text becomes a Range of its
    combos (in the order its text reads them) with the weights given, in order."""
    out: list[str | Range] = []
    for text, w in zip(hands, given, strict=True):
        if w is None:
            out.append(text)
            continue
        every = combos_of(game, text, [])
        assert len(every) == len(w)
        out.append(Range.from_weights(dict(zip(every, w, strict=True)), game))  # type: ignore[arg-type]
    return out


def spot_args(
    game: str, hands: list[str], board: str, given: list[list[str] | None]
) -> tuple[list[list[Combo]], list[list[Fraction]], list[int], list[list[str] | None]]:
    """The live combos and weights the brute force walks, and the engine's weights."""
    board_cards = [c.index for c in parse_cards(board)]
    ranges, weights, engine = [], [], []
    for text, w in zip(hands, given, strict=True):
        every = combos_of(game, text, [])
        full = weights_for(w, len(every))
        keep = [i for i, c in enumerate(every) if not set(c) & set(board_cards)]
        ranges.append([every[i] for i in keep])
        weights.append([full[i] for i in keep])
        engine.append(w)
    return ranges, weights, board_cards, engine


@pytest.mark.parametrize(("game", "hands", "board", "given"), SPOTS, ids=[s[0] for s in SPOTS])
def test_weighted_exact_equity_is_the_brute_force(
    game: str, hands: list[str], board: str, given: list[list[str] | None]
) -> None:
    ranges, weights, board_cards, engine = spot_args(game, hands, board, given)
    # Omaha's classes are the tokens of range text (a Range of combos names each by its cards).
    omaha = game.startswith("omaha")
    classes = [
        omaha_tokens(t) if omaha and not w else None for t, w in zip(hands, given, strict=True)
    ]
    equities, by_combo, by_class, chance = brute_force(game, ranges, weights, board_cards, classes)
    result = lookup.equity(ranged(game, hands, engine), board=board, game=game)
    assert result.exact
    assert [p.equity_fraction for p in result] == equities
    assert [p.equity for p in result] == [float(e) for e in equities]
    for p, player in enumerate(result):
        assert player.by_combo is not None and player.by_class is not None
        assert {c: e.equity_fraction for c, e in player.by_combo.items()} == by_combo[p]
        assert {c: e.equity_fraction for c, e in player.by_class.items()} == by_class[p]
        assert {c: e.probability_fraction for c, e in player.by_class.items()} == chance[p]
        assert sum(e.probability_fraction or 0 for e in player.by_class.values()) == 1


def test_multiway_card_removal_is_joint_not_independent() -> None:
    # Three players whose ranges block each other: drawing each player's combo by its own
    # weight, one after another, weighs the assignments differently from the joint deal.
    game, hands, board = (
        "holdem",
        ["AsAh, AsKs, KsKh", "AsQs, KhQh, QsQh", "AhKh, QsJs"],
        "2c 7d 9h 4s",
    )
    given: list[list[str] | None] = [["1", "0.5", "0.25"], ["0.5", "1", "1"], ["1", "0.2"]]
    ranges, weights, board_cards, engine = spot_args(game, hands, board, given)
    equities, _, _, _ = brute_force(game, ranges, weights, board_cards)
    independent = naive(game, ranges, weights, board_cards)
    assert independent != equities
    result = lookup.equity(ranged(game, hands, engine), board=board)
    assert [p.equity_fraction for p in result] == equities


@pytest.mark.parametrize(
    ("hands", "board", "game"),
    [
        (["QQ+, AKs", "AK, 77"], "2c 7d 9h", "holdem"),
        (["AsAh", "KK", "random"], "2c 7d 9h 4s", "holdem"),
        (["AsAh", "KsKh"], "2c 7d 9h", "holdem"),
        (["AA", "KK"], "", "holdem"),
        (["QQ+, AKs", "AK, 77+"], "", "holdem"),
        (["AsAh", "KsKh"], "", "holdem"),
        (["AA, KK", "AK"], "6c 7d 9h", "short-deck"),
        (["AAKK", "QQJJ"], "2c 7d 9h 4s", "omaha"),
        (["As 2h Ks 3h", "Qd Qc 4d 5c"], "6s 7h 8d", "omaha-hilo"),
    ],
)
def test_weights_of_one_are_todays_answers(hands: list[str], board: str, game: str) -> None:
    today = lookup.equity(hands, board=board or None, game=game)
    flat = lookup.equity(
        [Range(h, game) if h.count(" ") == 0 and len(h) > 4 else h for h in hands],
        board=board or None,
        game=game,
    )
    assert flat.exact == today.exact and flat.boards == today.boards
    for a, b in zip(flat, today, strict=True):
        assert (a.equity, a.equity_fraction, a.win, a.tie, a.combos, a.boards) == (
            b.equity, b.equity_fraction, b.win, b.tie, b.combos, b.boards,
        )  # fmt: skip
        assert (a.scoop, a.win_high, a.win_low) == (b.scoop, b.win_high, b.win_low)


@pytest.mark.parametrize(
    ("hands", "game"), [(["QQ+", "AKs", "random"], "holdem"), (["AA, KK", "AK"], "short-deck")]
)
def test_weights_of_one_sample_as_today(hands: list[str], game: str) -> None:
    today = lookup.equity(hands, game=game, samples=70_000, seed=5, workers=1)
    flat = lookup.equity(
        [Range(h, game) for h in hands], game=game, samples=70_000, seed=5, workers=1
    )
    assert [p.equity for p in flat] == [p.equity for p in today]
    assert [p.std_error for p in flat] == [p.std_error for p in today]


@pytest.mark.parametrize(("game", "hands", "board", "given"), SPOTS, ids=[s[0] for s in SPOTS])
def test_scaling_a_players_weights_changes_nothing(
    game: str, hands: list[str], board: str, given: list[list[str] | None]
) -> None:
    result = lookup.equity(ranged(game, hands, given), board=board, game=game)
    first = given[0]
    assert first is not None
    scaled = [[str(Fraction(w) * Fraction(2, 5)) for w in first], *given[1:]]
    again = lookup.equity(ranged(game, hands, scaled), board=board, game=game)
    assert [p.equity_fraction for p in again] == [p.equity_fraction for p in result]
    assert [p.by_combo for p in again] == [p.by_combo for p in result]
    assert [p.by_class for p in again] == [p.by_class for p in result]


@pytest.mark.parametrize(("game", "hands", "board", "given"), SPOTS, ids=[s[0] for s in SPOTS])
def test_by_combo_is_each_combos_own_equity(
    game: str, hands: list[str], board: str, given: list[list[str] | None]
) -> None:
    result = lookup.equity(ranged(game, hands, given), board=board, game=game)
    player = result[0]
    assert player.by_combo is not None
    for combo, part in list(player.by_combo.items())[:4]:
        cards = " ".join(str(c) for c in parse_cards(combo))
        alone = lookup.equity(
            ranged(game, [cards, *hands[1:]], [None, *given[1:]]), board=board, game=game
        )
        assert part.equity_fraction == alone[0].equity_fraction


def test_sampled_weighted_multiway_is_within_four_standard_errors() -> None:
    hands, board = (
        ["AsAh, AsKs, KsKh", "AsQs, KhQh, QsQh", "AhKh, QsJs"],
        "2c 7d 9h",
    )
    given: list[list[str] | None] = [["1", "0.5", "0.25"], ["0.5", "1", "1"], ["1", "0.2"]]
    exact = lookup.equity(ranged("holdem", hands, given), board=board)
    sampled = lookup.equity(ranged("holdem", hands, given), board=board, samples=150_000, seed=3)
    assert not sampled.exact and sampled.boards == 150_000
    for e, s in zip(exact, sampled, strict=True):
        assert abs(s.equity - e.equity) < 4 * s.std_error
        assert s.by_combo is not None and e.by_combo is not None
        for combo, part in s.by_combo.items():
            assert abs(part.equity - e.by_combo[combo].equity) < 4 * part.std_error + 1e-12
            # A combo's share of the samples estimates its probability in the joint deal.
            p = e.by_combo[combo].probability
            assert abs(part.probability - p) < 4 * (p * (1 - p) / 150_000) ** 0.5 + 1e-12


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_sampled_weighted_multiway_on_a_river_takes_the_samples_asked_for(seed: int) -> None:
    # On a river nothing is dealt, so no drawn deal is refused for a clash: a round of
    # weighted draws could keep more than a chunk wants, and the run crashed with a
    # numpy broadcast error (found by review, seed 1). Its answer stays the exact one's.
    hands, board = ["55+:0.6, 44", "10%", "66+"], "Jh5hKd6dTh"
    exact = lookup.equity(hands, board=board)
    sampled = lookup.equity(hands, board=board, samples=20_000, seed=seed, workers=1)
    assert not sampled.exact and sampled.boards == 20_000
    for e, s in zip(exact, sampled, strict=True):
        assert abs(s.equity - e.equity) < 4 * s.std_error


@pytest.mark.parametrize(("game", "hands", "board", "given"), SPOTS, ids=[s[0] for s in SPOTS])
def test_sampled_weighted_is_within_four_standard_errors_in_every_family(
    game: str, hands: list[str], board: str, given: list[list[str] | None]
) -> None:
    held = ranged(game, hands, given)
    exact = lookup.equity(held, board=board, game=game)
    sampled = lookup.equity(held, board=board, game=game, samples=100_000, seed=8)
    for e, s in zip(exact, sampled, strict=True):
        assert abs(s.equity - e.equity) < 4 * s.std_error


def test_weighted_sampling_is_the_same_for_any_workers_and_stops_early() -> None:
    hands = ["QQ+, AKs", "AK, 77", "random"]
    given: list[list[str] | None] = [["0.5"] * 18 + ["1"] * 4, None, None]
    held = ranged("holdem", hands, given)
    one = lookup.equity(held, samples=140_000, seed=9, workers=1)
    two = lookup.equity(held, samples=140_000, seed=9, workers=2)
    assert one == two
    early = lookup.equity(held, seed=9, target_std_error=0.004, workers=1)
    assert early.stopped == "target_std_error"
    assert max(p.std_error for p in early) < 0.004
    again = lookup.equity(held, seed=9, samples=early.boards, workers=1)
    assert again.players == early.players and again.stopped is None


def test_float_weights_read_as_their_decimals() -> None:
    hands, board = ["AA, KK", "QQ"], "2c 7d 9h"
    floats = lookup.equity(ranged("holdem", hands, [[0.1] * 6 + [1.0] * 6, None]), board=board)
    text = lookup.equity(["AA:0.1, KK", "QQ"], board=board)
    assert [p.equity_fraction for p in floats] == [p.equity_fraction for p in text]
    assert [p.by_class for p in floats] == [p.by_class for p in text]


def test_weighted_exact_is_the_same_for_any_workers() -> None:
    hands, board = ["QQ+, AKs", "AK, 77"], "2c 7d 9h"
    given: list[list[str] | None] = [["0.5"] * 18 + ["1"] * 4, ["0.25"] * 16 + ["1"] * 6]
    one = lookup.equity(ranged("holdem", hands, given), board=board, workers=1)
    two = lookup.equity(ranged("holdem", hands, given), board=board, workers=2)
    assert one == two and one.exact


def test_a_weight_of_zero_removes_the_combo() -> None:
    with_zero = lookup.equity(["AA:0.5, KK:0.5, AA:0", "QQ"], board="2c 7d 9h")
    without = lookup.equity(["KK", "QQ"], board="2c 7d 9h")
    assert [p.equity_fraction for p in with_zero] == [p.equity_fraction for p in without]
    assert with_zero[0].by_class is not None and set(with_zero[0].by_class) == {"KK"}


@pytest.mark.parametrize(
    ("text", "message", "token"),
    [
        ("KK:1.5", "weight '1.5' in 'KK:1.5': a weight is an exact decimal from 0 to 1", "KK:1.5"),
        ("KK:-1", "a weight is an exact decimal from 0 to 1", "KK:-1"),
        ("KK:x", "a weight is an exact decimal from 0 to 1", "KK:x"),
        ("KK:nan", "a weight is an exact decimal from 0 to 1", "KK:nan"),
        ("KK:", "", "KK:"),
        ("[50]KK, QQ[/40]", "", "[/40]"),
        ("[50]KK, QQ", "", "[50]"),
        ("KK:0, QQ:0", "names no combo with a weight above 0", "KK:0, QQ:0"),
    ],
)
def test_bad_weights_are_refused_naming_them(text: str, message: str, token: str) -> None:
    with pytest.raises(lookup.RangeError, match="^player 2: .*" + re.escape(message)) as caught:
        lookup.equity(["AsAh", text], board="2c 7d 9h")
    assert isinstance(caught.value, ValueError)
    assert caught.value.token == token


def test_ranges_blocked_out_are_refused() -> None:
    with pytest.raises(lookup.RangeError, match="no combos left"):
        lookup.equity(["AAKK", Range("QQJJ:0.5", "omaha")], board="Qc Qd Qh", game="omaha")
    with pytest.raises(lookup.RangeError, match="is a holdem range and this game reads omaha"):
        lookup.equity(["AAKK", Range("QQ:0.5")], board="2c 7d 9h", game="omaha")


def test_weighted_shuffled_deals_are_within_four_standard_errors(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Deals shuffled out of the deck (the path of many ranges) follow the weights too.
    from lookup.odds.holdem import engine

    monkeypatch.setattr(engine, "_LEAST_ACCEPTANCE", 1.01)
    hands, board = ["AsAh, AsKs, KsKh", "AsQs, KhQh, QsQh", "random"], "2c 7d 9h 4s"
    given: list[list[str] | None] = [["1", "0.5", "0.25"], ["0.5", "1", "1"], None]
    held = ranged("holdem", hands, given)
    exact = lookup.equity(held, board=board)
    sampled = lookup.equity(held, board=board, samples=100_000, seed=4)
    for e, s in zip(exact, sampled, strict=True):
        assert abs(s.equity - e.equity) < 4 * s.std_error
    assert sampled[2].by_combo is None  # dealt like the board: no combo to count by


@pytest.mark.parametrize("samples", [None, 20_000])
def test_parts_fit_the_json_schema(samples: int | None) -> None:
    import json
    from pathlib import Path

    from jsonschema import Draft202012Validator

    schema = json.loads(
        (Path(__file__).resolve().parent.parent / "docs" / "schemas" / "equity.json").read_text()
    )
    player = Draft202012Validator({"$defs": schema["$defs"], "$ref": "#/$defs/player"})
    result = lookup.equity(
        ["QQ+:0.5, AKs", "AK"], board="2c 7d 9h",
        samples=samples, seed=None if samples is None else 1,
    )  # fmt: skip
    for p in result:
        assert p.by_combo is not None and p.by_class is not None
        document = {
            "hand": p.hand, "combos": p.combos, "equity": p.equity, "win": p.win, "tie": p.tie,
            "std_error": p.std_error, "scoop": None, "win_high": None, "win_low": None,
            "equity_fraction": None if p.equity_fraction is None else str(p.equity_fraction),
            "by_combo": {c: part.to_json() for c, part in p.by_combo.items()},
            "by_class": {c: part.to_json() for c, part in p.by_class.items()},
        }  # fmt: skip
        assert list(player.iter_errors(document)) == []


def test_weighted_heads_up_preflop_is_the_weighted_average_of_its_pairs() -> None:
    # Heads-up preflop comes from the preflop table: each pair of combos' exact counts
    # (heads_up, one lookup each), weighted by the definition, must be the answer.
    from lookup.odds.holdem.heads_up import heads_up

    hands = ["QQ+, AKs", "AK, JJ"]
    given: list[list[str] | None] = [["1"] * 18 + ["0.5"] * 4, ["0.25"] * 16 + ["1"] * 6]
    ranges = [combos_of("holdem", h, []) for h in hands]
    weights = [weights_for(w, len(r)) for w, r in zip(given, ranges, strict=True)]
    total = share = Fraction(0)
    sums: dict[str, list[Fraction]] = {}
    for a, wa in zip(ranges[0], weights[0], strict=True):
        for b, wb in zip(ranges[1], weights[1], strict=True):
            if set(a) & set(b):
                continue
            equity = heads_up(name(a), name(b)).exact_equity
            total += wa * wb
            share += wa * wb * equity
            entry = sums.setdefault(combo_class(parse_cards(name(a))), [Fraction(0), Fraction(0)])
            entry[0] += wa * wb * equity
            entry[1] += wa * wb
    result = lookup.equity(ranged("holdem", hands, given))
    assert result.exact and result[0].equity_fraction == share / total
    assert result[0].by_class is not None
    assert {k: v.equity_fraction for k, v in result[0].by_class.items()} == {
        k: s / w for k, (s, w) in sums.items()
    }
    assert {k: v.probability_fraction for k, v in result[0].by_class.items()} == {
        k: w / total for k, (_, w) in sums.items()
    }


# Omaha's classes are the tokens the range was written in (issue 21).


def weighted_text_args(
    game: str, hands: list[str], board: str
) -> tuple[list[list[Combo]], list[list[Fraction]], list[int], list[dict[str, str]]]:
    """Combos, weights and classes of weighted Omaha range text, from the definition:
    each combo of each token (``TOKEN:W``), the last token covering it giving its weight
    and its class; a weight of 0 removes; board cards remove."""
    board_cards = {c.index for c in parse_cards(board)}
    ranges, weights, classes = [], [], []
    for text in hands:
        found: dict[Combo, Fraction] = {}
        for written in text.split(","):
            token, _, weight = written.partition(":")
            for combo in parse_omaha_range(token.strip()):
                found[combo] = Fraction(weight or "1")
        live = {c: w for c, w in found.items() if w and not set(c) & board_cards}
        ranges.append(list(live))
        weights.append(list(live.values()))
        classes.append(omaha_tokens(text))
    return ranges, weights, sorted(board_cards), classes


OMAHA_TEXT_SPOTS = [
    ("omaha", ["AAKQ:0.5, AAKQ ds, AAKK:0.25", "KKQQ:0.25, QQJJ ds"], "8s 9s 5s Td 2c"),
    ("omaha-hilo", ["AA23:0.5, AA23 ds, A2KK ds:0.75", "QQJJ ds, QQJJ:0.2"], "8s 9s 5s 3d 4c"),
    ("omaha", ["AAKK:0.5, KKQQ ds", "AKQQ ds:0.25, AAKK", "QQJJ ds"], "8s 9s 5s Td 2c"),
]


@pytest.mark.parametrize(("game", "hands", "board"), OMAHA_TEXT_SPOTS)
def test_omaha_by_class_is_by_the_token_that_gave_the_weight(
    game: str, hands: list[str], board: str
) -> None:
    ranges, weights, board_cards, classes = weighted_text_args(game, hands, board)
    equities, by_combo, by_class, chance = brute_force(game, ranges, weights, board_cards, classes)
    result = lookup.equity(hands, board=board, game=game)
    assert result.exact and [p.equity_fraction for p in result] == equities
    for p, player in enumerate(result):
        assert player.by_combo is not None and player.by_class is not None
        assert {c: e.equity_fraction for c, e in player.by_combo.items()} == by_combo[p]
        assert {c: e.equity_fraction for c, e in player.by_class.items()} == by_class[p]
        assert {c: e.probability_fraction for c, e in player.by_class.items()} == chance[p]
    # The same through a Range, and after the board is taken out of it.
    again = lookup.equity([Range(h, game).without(board) for h in hands], board=board, game=game)
    assert [p.by_class for p in again] == [p.by_class for p in result]


def test_omaha_classes_name_explicit_holdings_by_their_cards() -> None:
    hands, board = ["AAKK:0.5, As Ah Kd Kc:0.3", "QQJJ ds"], "8s 9s 5s Td 2c"
    result = lookup.equity(hands, board=board, game="omaha")
    assert result[0].by_class is not None
    assert set(result[0].by_class) == {"AAKK", "AsAhKdKc"}
    assert result[0].by_class["AsAhKdKc"] == result[0].by_combo["KcKdAhAs"]  # type: ignore[index]


def test_holdem_and_short_deck_classes_stay_the_hand_classes() -> None:
    for game, board in (("holdem", "2c 7d 9h 4s"), ("short-deck", "6c 7d 9h 8s")):
        result = lookup.equity(["QQ+:0.5, KK, AKs:0.25", "AsKd:0.5, JJ"], board=board, game=game)
        assert result[0].by_class is not None and result[1].by_class is not None
        assert set(result[0].by_class) == {"AA", "KK", "QQ", "AKs"}
        assert set(result[1].by_class) == {"AKo", "JJ"}


# Multiway card removal in every family: the joint deal, not independent draws.


MULTIWAY = [
    (
        "short-deck",
        ["AsAh, AsKs, KsKh", "AsQs, KhQh, QsQh", "AhKh, QsJs"],
        "6c 7d 9h 8s",
        [["1", "0.5", "0.25"], ["0.5", "1", "1"], ["1", "0.2"]],
    ),
    (
        "omaha",
        ["AAKK", "KKQQ", "QQJJ"],
        "8s 9s 5s Td 2c",
        [
            [("1", "0.5", "0.25")[i % 3] for i in range(36)],
            None,
            [("0.5", "1")[i % 2] for i in range(36)],
        ],
    ),
]


@pytest.mark.parametrize(
    ("game", "hands", "board", "given"), MULTIWAY, ids=[m[0] for m in MULTIWAY]
)
def test_multiway_card_removal_is_joint_in_every_family(
    game: str, hands: list[str], board: str, given: list[list[str] | None]
) -> None:
    ranges, weights, board_cards, engine = spot_args(game, hands, board, given)
    equities, _, _, _ = brute_force(game, ranges, weights, board_cards)
    assert naive(game, ranges, weights, board_cards) != equities
    result = lookup.equity(ranged(game, hands, engine), board=board, game=game)
    assert [p.equity_fraction for p in result] == equities
    sampled = lookup.equity(
        ranged(game, hands, engine), board=board, game=game, samples=60_000, seed=2
    )
    for e, s in zip(result, sampled, strict=True):
        assert abs(s.equity - e.equity) < 4 * s.std_error


# A property: small random weighted ranges, two and three players, turn and river.


_POOL = [c.index for c in parse_cards("As Ah Ad Ks Kh Kd Qs Qh Qd Js Jh Jd Ts Th 9s 9h")]
_PAIRS = [(a, b) for i, a in enumerate(_POOL) for b in _POOL[i + 1 :]]
_WEIGHTS = ["1", "0.5", "0.25", "0.1", "0.75", "0.2"]


@st.composite
def small_ranges(draw: st.DrawFn) -> tuple[list[str], str]:
    """Two or three players, each a few combos out of a dozen cards (so they block each
    other), with weights; some players have one weight below 1 for every combo."""
    players = draw(st.integers(2, 3))
    hands = []
    for _ in range(players):
        combos = draw(st.lists(st.sampled_from(_PAIRS), min_size=1, max_size=3, unique=True))
        if draw(st.booleans()):  # every combo the same weight, maybe below 1
            same = draw(st.sampled_from(_WEIGHTS))
            chosen = [same] * len(combos)
        else:
            chosen = [draw(st.sampled_from(_WEIGHTS)) for _ in combos]
        hands.append(", ".join(f"{name(c)}:{w}" for c, w in zip(combos, chosen, strict=True)))
    board = draw(st.sampled_from(["2c 7d 8h 3c", "2c 7d 8h 3c 4d", "2c 5d 8c 3c"]))
    return hands, board


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_ranges())
@example((["AsAh:0.5, KsKh:0.5", "AdKd:1, QsQh:0.25, AhKh:0.5"], "2c 7d 8h 3c"))
@example((["AsKs:0.2, QhJh:0.2", "AhAd:0.75, AsQs:1", "KhKd:0.5, JsTs:0.5"], "2c 7d 8h 3c 4d"))
def test_random_weighted_ranges_sum_to_one_and_are_the_brute_force(
    spot: tuple[list[str], str],
) -> None:
    hands, board = spot
    ranges: list[list[Combo]] = []
    weights: list[list[Fraction]] = []
    for text in hands:
        items = [piece.split(":") for piece in text.split(", ")]
        ranges.append(
            [tuple(sorted((c.index for c in parse_cards(t)), reverse=True)) for t, _ in items]
        )
        weights.append([Fraction(w) for _, w in items])
    board_cards = [c.index for c in parse_cards(board)]
    try:
        result = lookup.equity(hands, board=board)
    except lookup.PokerLookupError:  # refused only when every assignment shares a card
        event("refused: no deal")
        assert all(
            len({c for hole in holes for c in hole}) < 2 * len(holes) for holes in product(*ranges)
        )
        return
    event(f"{len(hands)} players, {len(board_cards)} board cards")
    if any(len(set(w)) == 1 and w[0] < 1 and len(w) > 1 for w in weights):
        event("a player whose combos all weigh the same, below 1")
    equities, by_combo, by_class, chance = brute_force("holdem", ranges, weights, board_cards)
    assert result.exact and sum(p.equity_fraction or 0 for p in result) == 1
    assert [p.equity_fraction for p in result] == equities
    if all(w == 1 for player in weights for w in player):  # flat: today's path, no parts
        assert all(p.by_combo is None for p in result)
        return
    for p, player in enumerate(result):
        if len(ranges[p]) == 1:  # one combo is a holding: nothing to break down
            assert player.by_combo is None
            continue
        assert player.by_combo is not None and player.by_class is not None
        assert {c: e.equity_fraction for c, e in player.by_combo.items()} == by_combo[p]
        assert {c: e.equity_fraction for c, e in player.by_class.items()} == by_class[p]
        assert {c: e.probability_fraction for c, e in player.by_class.items()} == chance[p]
