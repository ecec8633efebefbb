"""Texas Hold'em only: range notation, the Hold'em equity engine and the heads-up preflop table.

Everything here knows two hole cards, a five-card board and the standard
ranking; other games reach equity through :mod:`lookup.game_equity`, which
hands standard Hold'em to :func:`lookup.holdem.equity.equity`.

* :mod:`lookup.holdem.ranges` -- ``"QQ+, AKs, 15%"`` expanded to exact combos;
* :mod:`lookup.holdem.equity` -- exact or sampled equity of hands and ranges;
* :mod:`lookup.holdem.equity_kernel` -- the vectorised showdown kernel behind it;
* :mod:`lookup.holdem.preflop` and :mod:`lookup.holdem.matchups` -- the heads-up
  preflop table and the canonical matchup of two holdings.
"""
