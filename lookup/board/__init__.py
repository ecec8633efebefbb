"""What hands and ranges hold on a board (issue 22).

* :mod:`lookup.board.made` -- the made-hand classes and draw flags, as definitions and
  as one vectorised pass over every combo (Hold'em, short deck, the Omaha family);
* :mod:`lookup.board.breakdown` -- :func:`~lookup.board.breakdown.breakdown`, a
  range's weighted breakdown on a board, a partial board or no board;
* :mod:`lookup.board.outs` -- :func:`~lookup.board.outs.outs`, each player's outs and
  split outs on a flop or a turn, in every board game.

The definitions are written out in ``docs/breakdown.md`` and ``docs/outs.md``.
"""
