"""The equity layer: who wins how often, exactly or by sampling, in every game.

:mod:`~lookup.odds.results` holds the result types, the limits and the one
result builder shared with :mod:`lookup.holdem`; :mod:`~lookup.odds.generic`
is the engine of every game; :mod:`~lookup.odds.front` is the front door,
:func:`~lookup.odds.front.equity`, which validates once and picks the engine
(the only module of this layer that imports :mod:`lookup.holdem`).
"""
