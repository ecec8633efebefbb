"""Published figures the tests hold the code to (see shared/DESIGN.md, "Known counts").

They come from outside this project, never from running it.
"""

from __future__ import annotations

from lookup.ranking.value import Category

FIVE_CARD_COUNTS = {
    Category.STRAIGHT_FLUSH: 40,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200,
    Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.ONE_PAIR: 1_098_240,
    Category.HIGH_CARD: 1_302_540,
}
"""All 2,598,960 five-card hands, by category."""
FIVE_CARD_ROYAL_FLUSHES = 4

SEVEN_CARD_COUNTS = {
    Category.STRAIGHT_FLUSH: 41_584,
    Category.FOUR_OF_A_KIND: 224_848,
    Category.FULL_HOUSE: 3_473_184,
    Category.FLUSH: 4_047_644,
    Category.STRAIGHT: 6_180_020,
    Category.THREE_OF_A_KIND: 6_461_620,
    Category.TWO_PAIR: 31_433_400,
    Category.ONE_PAIR: 58_627_800,
    Category.HIGH_CARD: 23_294_460,
}
"""All 133,784,560 seven-card hands, by the category of their best five."""
SEVEN_CARD_ROYAL_FLUSHES = 4_324

DISTINCT_CLASSES = {5: 7_462, 6: 6_075, 7: 4_824}
"""Distinct class values reachable with 5, 6 and 7 cards."""

LAST_CLASS_OF_CATEGORY = {
    Category.STRAIGHT_FLUSH: 10,
    Category.FOUR_OF_A_KIND: 166,
    Category.FULL_HOUSE: 322,
    Category.FLUSH: 1_599,
    Category.STRAIGHT: 1_609,
    Category.THREE_OF_A_KIND: 2_467,
    Category.TWO_PAIR: 3_325,
    Category.ONE_PAIR: 6_185,
    Category.HIGH_CARD: 7_462,
}
"""Cactus-Kev category boundaries."""

CLASSES_PER_CATEGORY = {
    Category.STRAIGHT_FLUSH: 10,
    Category.FOUR_OF_A_KIND: 156,
    Category.FULL_HOUSE: 156,
    Category.FLUSH: 1_277,
    Category.STRAIGHT: 10,
    Category.THREE_OF_A_KIND: 858,
    Category.TWO_PAIR: 858,
    Category.ONE_PAIR: 2_860,
    Category.HIGH_CARD: 1_277,
}
"""Distinct five-card classes in each category."""

ACES_VS_KINGS_PREFLOP = 0.826366
"""Exact equity of As Ah against Ks Kh over all 1,712,304 boards, ties halved."""
