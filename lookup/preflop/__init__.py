"""The heads-up preflop table and the 169 starting-hand classes it is read by.

:mod:`~lookup.preflop.matchups` keys a pair of holdings up to suit relabelling
(the generator uses it too), :mod:`~lookup.preflop.classes` numbers the 169
classes on the 13x13 grid, and :mod:`~lookup.preflop.table` is the one object
that opens and checks ``tables/preflop/``. It imports only :mod:`lookup.core`;
ranges read the classes' order from it (``"15%"``), and
:mod:`lookup.odds.holdem.heads_up` answers equity questions with it.
"""
