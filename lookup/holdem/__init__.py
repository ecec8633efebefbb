"""The Hold'em equity engine: a strategy :func:`lookup.equity` picks for standard Hold'em.

* :mod:`~lookup.holdem.engine` -- exact or sampled equity of Hold'em hands and ranges;
* :mod:`~lookup.holdem.kernel` -- the vectorised showdown kernel behind it;
* :mod:`~lookup.holdem.heads_up` -- heads-up preflop equity read from the preflop table.

It imports from :mod:`lookup.equity` only the shared result types and limits.
"""
