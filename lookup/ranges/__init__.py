"""The ranges layer: range notation of every game family, read into combos.

Hold'em and short deck (:mod:`~lookup.ranges.holdem`: ``"QQ+, AKs, A5s-A2s, 15%"``,
and how a Hold'em player's cards are read as a holding or a range) and Omaha
(:mod:`~lookup.ranges.omaha`: ``"AAxx"``, ``"AKQJ ds"``); :mod:`~lookup.ranges.notation`
reads a holding in the notation its game family names; :mod:`~lookup.ranges.range` is
a range as a value (:class:`~lookup.ranges.range.Range`: combos with exact weights,
``"QQ+, AKs:0.5, [25]A5s-A2s[/25]"``). It sits below equity:
the generic equity engine reads short-deck and Omaha ranges without touching the
Hold'em engine. Percentages (``"15%"``) take the order of the 169 classes from
:mod:`lookup.preflop.table`.
"""
