"""The ranges layer: range notation of every game family, read into combos.

Hold'em and short deck (:mod:`~lookup.ranges.holdem`: ``"QQ+, AKs, A5s-A2s, 15%"``),
Omaha (:mod:`~lookup.ranges.omaha`: ``"AAxx"``, ``"AKQJ ds"``) and how a player's
cards are read as a holding or a range (:mod:`~lookup.ranges.holdings`). It sits
below equity and holdem: the generic equity engine reads short-deck and Omaha
ranges without touching the Hold'em engine.
"""
