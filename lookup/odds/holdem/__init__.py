"""The Hold'em equity engine: a strategy :func:`lookup.equity` picks for standard Hold'em.

* :mod:`~lookup.odds.holdem.engine` -- exact or sampled equity of Hold'em hands and ranges;
* :mod:`~lookup.odds.holdem.kernel` -- the vectorised showdown kernel behind it;
* :mod:`~lookup.odds.holdem.pairwise` -- heads-up exact tallies after the flop, each
  combo looked up once on each board and the pairs of combos compared;
* :mod:`~lookup.odds.holdem.heads_up` -- heads-up preflop equity read from the preflop table.

It imports from the rest of :mod:`lookup.odds` only the shared result types and limits
(:mod:`lookup.odds.results`).
"""
