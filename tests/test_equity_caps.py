"""``samples`` and ``exact_limit`` are capped, refused at once with the run's length (issue 19).

``samples=10**12`` and ``exact_limit=10**18`` used to be accepted silently: days
(or millennia) of work before any answer.
"""

from __future__ import annotations

import re

import pytest

import lookup
from lookup.core.errors import PokerLookupError
from lookup.odds.results import MAX_EXACT_LIMIT, MAX_SAMPLES, check_question

UNITS = {"minutes": 60, "hours": 3600, "days": 86400, "years": 365.25 * 86400}


def test_the_caps_are_the_documented_ones() -> None:
    assert (MAX_SAMPLES, MAX_EXACT_LIMIT) == (10**10, 10**12)


@pytest.mark.parametrize(
    ("options", "spelled"),
    [
        ({"samples": 10**12}, "samples=10**12"),
        ({"samples": MAX_SAMPLES + 1}, "samples=10,000,000,001"),
        ({"exact_limit": 10**18}, "exact_limit=10**18"),
        ({"exact": True, "exact_limit": MAX_EXACT_LIMIT + 1}, "exact_limit=1,000,000,000,001"),
    ],
)
def test_over_the_cap_is_refused_at_once_saying_how_long(
    options: dict[str, int], spelled: str
) -> None:
    with pytest.raises(PokerLookupError) as caught:
        lookup.equity(["AsAh", "KK"], **options)  # type: ignore[arg-type]
    message = str(caught.value)
    assert message.startswith(spelled + " "), message
    assert "\n" not in message
    most = "10**10" if "samples" in options else "10**12"
    assert message.endswith(f"the most is {most}")
    # The length it states is the value over the rate it states (to its rounding).
    found = re.search(r"(?:about |of )([\d,.]+) (\w+) at ~([\d,]+) \w+/s", message)
    assert found, message
    amount, unit, rate = found.groups()
    value = options.get("samples") or options["exact_limit"]
    expected = value / int(rate.replace(",", "")) / UNITS[unit]
    assert float(amount.replace(",", "")) == pytest.approx(expected, rel=0.05, abs=0.5)


def test_a_huge_number_is_named_by_its_size() -> None:
    with pytest.raises(
        PokerLookupError, match=r"samples=a number of about (4999|5000) digits would take forever"
    ):
        check_question(["AsAh", "KK"], None, 10**4998 * 9, None, 100)


def test_at_the_cap_is_accepted() -> None:
    check_question(["AsAh", "KK"], None, MAX_SAMPLES, None, MAX_EXACT_LIMIT)
    # exact_limit stays raisable up to the cap: a small exact run with it raised answers.
    result = lookup.equity(["AsAh", "KdKc"], board="2s 3s 4d 9h", exact=True, exact_limit=10**12)
    assert result.exact
