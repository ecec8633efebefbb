"""Cards as text for people: unicode suit symbols on a terminal, plain letters elsewhere.

Machine-readable output (``--json``, pipes, files) always uses the ASCII
spelling ``As Kd``: it round-trips through :func:`lookup.parse_cards` and survives
any encoding. A terminal that can show ``♠`` gets ``A♠ K♦``, which is easier to
read at a glance.

>>> from lookup.core.cards import parse_cards
>>> hand = parse_cards("As Kd 10h")
>>> format_cards(hand, unicode=False), format_cards(hand, unicode=True)
('As Kd Th', 'A♠ K♦ T♥')
"""

from __future__ import annotations

from lookup.core.cards import Card
from lookup.core.errors import CardError

TYPE_CHECKING = False  # typing is the type checker's alone: importing it costs start-up
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any, TextIO

    from lookup.ranking.value import HandRank

__all__ = [
    "card_list",
    "format_card",
    "format_cards",
    "hand_record",
    "json_line",
    "never_fail_to_encode",
    "stream_takes_unicode",
]

_PROBE = "♠♥♦♣"


def format_card(card: Card, *, unicode: bool) -> str:
    """One card as two characters: rank letter, then suit symbol or suit letter.

    >>> from lookup.core.cards import parse_card
    >>> format_card(parse_card("Qh"), unicode=True), format_card(parse_card("Qh"), unicode=False)
    ('Q♥', 'Qh')
    >>> format_card("Qh", unicode=True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.CardError: format_card needs a Card, got str 'Qh': ...
    """
    if not isinstance(card, Card):
        raise CardError(
            f"format_card needs a Card, got {type(card).__name__} {card!r}: parse it first",
            card,
        )
    return card.symbol if unicode else str(card)


def format_cards(cards: Iterable[Card], *, unicode: bool) -> str:
    """Several cards separated by single spaces, in the order given.

    >>> from lookup.core.cards import parse_cards
    >>> format_cards(parse_cards("2c 3d"), unicode=True)
    '2♣ 3♦'
    >>> format_cards([], unicode=False)
    ''
    >>> format_cards(["2c"], unicode=False)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lookup.CardError: format_card needs a Card, got str '2c': ...
    """
    return " ".join(format_card(card, unicode=unicode) for card in cards)


def stream_takes_unicode(stream: TextIO) -> bool:
    """True when ``stream`` is a terminal whose encoding can show the suit symbols.

    Anything that is not a terminal (a pipe, a file, a test's capture) gets plain
    letters, so scripts that read the output never meet a symbol they did not
    expect.

    >>> import io
    >>> stream_takes_unicode(io.StringIO())  # not a terminal
    False
    >>> stream_takes_unicode(None)  # type: ignore[arg-type]
    False
    """
    isatty = getattr(stream, "isatty", None)
    try:
        if isatty is None or not isatty():
            return False
    except ValueError:  # a closed stream
        return False
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        _PROBE.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def never_fail_to_encode(stream: TextIO) -> None:
    """Make ``stream`` escape characters its encoding lacks instead of raising.

    A player named ``José`` must not crash a run whose stdout is ASCII (say
    ``PYTHONIOENCODING=ascii``); ``Jos\\xe9`` is the honest fallback.

    >>> import io
    >>> out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    >>> never_fail_to_encode(out)
    >>> _ = out.write("José"); out.flush(); out.buffer.getvalue()
    b'Jos\\\\xe9'
    >>> never_fail_to_encode(io.StringIO())  # nothing to do: a StringIO holds any text
    """
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None and getattr(stream, "encoding", None):
        reconfigure(errors="backslashreplace")


# --- the JSON contract (docs/schemas/*.json): cards are lists, nothing is null, one line ---


def card_list(cards: Iterable[Card]) -> list[str] | None:
    """Cards for ``--json``: a list of ASCII card strings, or None when there are none.

    >>> from lookup.core.cards import parse_cards
    >>> card_list(parse_cards("As 10d")), card_list(())
    (['As', 'Td'], None)
    """
    listed = [str(card) for card in cards]
    return listed or None


def hand_record(rank: HandRank, best_five: Iterable[Card], description: str) -> dict[str, Any]:
    """What one hand is worth, as every command's ``--json`` spells it.

    >>> from lookup.game.best_five import best_five
    >>> best = best_five("As Ks Qs Js Ts 2c")
    >>> hand_record(best.rank, best.cards, best.rank.describe())  # doctest: +NORMALIZE_WHITESPACE
    {'rules': 'standard', 'hand': 'Royal Flush', 'category': 'straight_flush',
     'description': 'Royal Flush', 'best_five': ['As', 'Ks', 'Qs', 'Js', 'Ts'], 'class': 1}
    """
    return {
        "rules": rank.ranking.name,
        "hand": rank.name,
        "category": rank.category.name.lower(),
        "description": description,
        "best_five": [str(card) for card in best_five],
        "class": rank.class_number,
    }


def json_line(document: object) -> str:
    """One JSON document on exactly one line (what every ``--json`` prints).

    >>> print(json_line({"board": None, "cards": ["As"]}))
    {"board": null, "cards": ["As"]}
    """
    import json  # only --json pays for it

    return json.dumps(document)
