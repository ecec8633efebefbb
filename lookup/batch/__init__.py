"""The batch layer: numpy over many hands at once.

Keys and primitives shared by every vectorised path (:mod:`~lookup.batch.primitives`),
:func:`~lookup.batch.evaluate.evaluate_batch` and its helpers, wild-card batches
(:mod:`~lookup.batch.wild`), the census of every hand of a deck
(:mod:`~lookup.batch.census`) and deal enumeration and sampling
(:mod:`~lookup.batch.deals`). It imports only :mod:`lookup.core` and
:mod:`lookup.ranking`.
"""
