"""lookup.core.record.NamedTuple builds the class typing.NamedTuple builds, without typing.

The same class body is run under both (``BODY`` below), and every behaviour the
runtime's record types rely on is compared: fields, defaults, the body's methods,
properties and docstrings, ``_replace``/``_asdict``/``_make``, equality, hashing,
repr and pickling. Then the runtime's own record types are checked to be built by
the stand-in and to pickle and print as before.
"""

from __future__ import annotations

import copy
import pickle
import sys
import typing
from typing import Any

import pytest

import lookup
from lookup.core import record as _record
from lookup.core.prime_hash import PrimeHashParams
from lookup.core.rules import RankingRules
from lookup.core.tablefile import TableFile
from lookup.game.best_five import BestFive
from lookup.ranking.kernels import Kernels, _CheckedMulti, _SizeTables
from lookup.ranking.tables import (
    BadugiTables,
    ClassTable,
    FiveCardTables,
    MultiCardTables,
    PrimeHash,
    RankKeyTable,
    WildTables,
)

BODY = '''
class {name}(NamedTuple):
    """A hand, for the comparison."""

    label: str
    cards: tuple[int, ...]
    """The cards, as ints."""
    weight: int = 1
    tags: tuple[str, ...] = ()

    @property
    def size(self) -> int:
        """How many cards."""
        return len(self.cards)

    def heavier(self, by: int) -> {name}:
        return self._replace(weight=self.weight + by)

    @classmethod
    def empty(cls) -> {name}:
        return cls("empty", ())

    def __str__(self) -> str:
        return f"{{self.label}}: {{len(self.cards)}} cards"
'''


def _define(name: str, named_tuple: object) -> Any:
    """Run ``BODY`` as this module's class ``name``, on ``named_tuple`` (importable: pickles)."""
    namespace = {"__name__": __name__, "NamedTuple": named_tuple, "annotations": None}
    code = "from __future__ import annotations\n" + BODY.format(name=name)
    exec(compile(code, __file__, "exec"), namespace)
    cls = namespace[name]
    setattr(sys.modules[__name__], name, cls)
    return cls


TypingHand = _define("TypingHand", typing.NamedTuple)
RecordHand = _define("RecordHand", _record.NamedTuple)
PAIR = (TypingHand, RecordHand)


def _both(make: Any) -> tuple[Any, Any]:
    return make(TypingHand), make(RecordHand)


def test_class_attributes_match() -> None:
    typed, record = PAIR
    assert record._fields == typed._fields == ("label", "cards", "weight", "tags")
    assert record._field_defaults == typed._field_defaults == {"weight": 1, "tags": ()}
    assert record.__bases__ == typed.__bases__ == (tuple,)
    assert record.__module__ == typed.__module__ == __name__
    assert record.__qualname__ == "RecordHand"
    assert record.__doc__ == typed.__doc__ == "A hand, for the comparison."
    assert record.size.__doc__ == typed.size.__doc__ == "How many cards."
    assert record.__slots__ == typed.__slots__ == ()
    assert record.__match_args__ == typed.__match_args__
    assert list(record.__annotations__) == list(typed.__annotations__)
    assert typing.get_type_hints(record) == typing.get_type_hints(typed)
    # __orig_bases__: where typing.NamedTuple's __mro_entries__ stood (no base class of
    # typing's or ours is one); nothing at run time reads it.
    assert set(vars(typed)) - {"__orig_bases__"} == set(vars(record))


def test_instances_behave_alike() -> None:
    typed, record = _both(lambda cls: cls("pair", (1, 2)))
    assert tuple(record) == tuple(typed) == ("pair", (1, 2), 1, ())
    assert record.size == typed.size == 2
    assert record.heavier(2) == typed.heavier(2) == ("pair", (1, 2), 3, ())
    assert type(record.heavier(2)) is RecordHand
    assert record._replace(label="x") == typed._replace(label="x")
    assert record._asdict() == typed._asdict()
    assert RecordHand._make(typed) == record
    assert RecordHand.empty() == TypingHand.empty() == ("empty", (), 1, ())
    assert str(record) == str(typed) == "pair: 2 cards"
    assert repr(record) == repr(typed).replace("TypingHand", "RecordHand")
    assert hash(record) == hash(typed) == hash(("pair", (1, 2), 1, ()))
    assert record == typed  # tuples, both
    assert RecordHand(label="a", cards=(), tags=("t",)) == ("a", (), 1, ("t",))
    with pytest.raises(TypeError):
        RecordHand("missing cards")
    with pytest.raises(AttributeError):
        record.label = "changed"  # type: ignore[misc]


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_pickles_alike(protocol: int) -> None:
    for cls in PAIR:
        hand = cls("pair", (1, 2), 5)
        back = pickle.loads(pickle.dumps(hand, protocol))
        assert type(back) is cls
        assert back == hand
    assert copy.deepcopy(RecordHand("a", (1,))) == RecordHand("a", (1,))


def _refused(named_tuple: object, body: str) -> str:
    namespace = {"__name__": __name__, "NamedTuple": named_tuple}
    with pytest.raises((TypeError, AttributeError)) as error:
        exec(body, namespace)
    return f"{type(error.value).__name__}: {error.value}"


@pytest.mark.parametrize(
    "body",
    [
        "class Bad(NamedTuple):\n    a: int = 0\n    b: int\n",
        "class Bad(NamedTuple):\n    a: int = 0\n    c: int = 1\n    b: int\n",
        "class Bad(NamedTuple):\n    a: int\n    def _asdict(self): return {}\n",
        "class Bad(NamedTuple):\n    a: int\n    def __new__(cls): return 0\n",
    ],
)
def test_refuses_what_typing_refuses(body: str) -> None:
    assert _refused(_record.NamedTuple, body) == _refused(typing.NamedTuple, body)


def test_only_the_class_syntax() -> None:
    with pytest.raises(TypeError, match="class syntax only"):
        _record.NamedTuple("Point", [("x", int)])  # type: ignore[call-arg]


RUNTIME_RECORDS = (
    RankingRules,
    TableFile,
    PrimeHashParams,
    PrimeHash,
    ClassTable,
    FiveCardTables,
    RankKeyTable,
    MultiCardTables,
    BadugiTables,
    WildTables,
    Kernels,
    _SizeTables,
    _CheckedMulti,
    BestFive,
)


@pytest.mark.parametrize("cls", RUNTIME_RECORDS, ids=lambda cls: cls.__name__)
def test_runtime_records_are_plain_namedtuples(cls: Any) -> None:
    # Built by the stand-in: the annotations are the strings the module wrote.
    assert cls.__bases__ == (tuple,)
    assert all(isinstance(hint, str) for hint in cls.__annotations__.values())
    assert cls._fields == tuple(cls.__annotations__)
    assert cls.__doc__ and not cls.__doc__.startswith(f"{cls.__name__}(")


def test_ranking_rules_repr_and_pickle_unchanged() -> None:
    rules = lookup.get_ranking("deuces-wild").definition
    assert repr(rules).startswith("RankingRules(name='deuces-wild', description=")
    assert repr(rules).endswith("jokers=0, bug=False, wild_ranks=(0,))")
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        data = pickle.dumps(rules, protocol)
        assert b"lookup.core.rules" in data and b"RankingRules" in data
        assert pickle.loads(data) == rules
    assert rules._replace(name="x").name == "x"
    assert rules._asdict()["wild_ranks"] == (0,)
    assert rules.has_wild and rules.max_wild == 4
    assert (
        RankingRules.has_wild.__doc__
        == "True when the deck holds wild cards (jokers or wild ranks)."
    )
