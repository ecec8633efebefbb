"""The odds layer: equity in every game, who wins how often, exactly or by sampling.

* :mod:`~lookup.odds.front` -- the front door, :func:`~lookup.odds.front.equity`
  (``lookup.equity``): it checks the question once and picks an engine;
* :mod:`~lookup.odds.holdem` -- the Hold'em engine, with heads-up preflop equity
  from the preflop table;
* :mod:`~lookup.odds.generic` -- the engine of every other game (and of Hold'em
  under another ranking);
* :mod:`~lookup.odds.small` -- exact counts of small spots (fixed hands, at most
  two board cards to come) in plain Python, for both engines;
* :mod:`~lookup.odds.settle` -- exact runs after the flop settled from each holding's
  class on each board, for both engines;
* :mod:`~lookup.odds.results` -- the result types, limits and pot-share unit the
  engines share.

The engines import only :mod:`~lookup.odds.small`, :mod:`~lookup.odds.settle` and
:mod:`~lookup.odds.results` of this package: neither calls the other nor the front door.
"""
