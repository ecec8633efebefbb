"""The suit-isomorphism layer: situations numbered up to suit relabelling.

:class:`~lookup.iso.isomorphism.Isomorphism` indexes the situations of a sequence of
rounds (Hold'em's streets, the board as one group, short deck, Omaha) densely up to
suits, after Waugh (2013), one situation at a time in plain Python or whole numpy
arrays at once (:mod:`~lookup.iso.many`). It needs only :mod:`lookup.core`.
"""
