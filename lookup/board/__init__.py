"""What a range holds on a board: made hands and draws (issue 22).

* :mod:`lookup.board.made` -- the made-hand classes and draw flags, as definitions and
  as one vectorised pass over every combo (Hold'em and short deck);
* :mod:`lookup.board.breakdown` -- :func:`~lookup.board.breakdown.breakdown`, a
  range's weighted breakdown on a board, a partial board or no board.

The definitions are written out in ``docs/breakdown.md``.
"""
