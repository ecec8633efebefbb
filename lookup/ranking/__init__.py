"""The ranking layer: a ranking at run time, its tables, its O(1) kernels and its values.

:mod:`~lookup.ranking.ranking` finds a ranking by name or folder and owns its
tables (:mod:`~lookup.ranking.tables` reads them, nothing else does) and every
view other layers derive from them (``Ranking.derived``, the one hook they use);
:mod:`~lookup.ranking.kinds` is what differs between poker, badugi and wild
rankings; :mod:`~lookup.ranking.kernels` and
:mod:`~lookup.ranking.wild_kernels` are its scalar kernels,
:mod:`~lookup.ranking.value` the value every evaluation returns,
:mod:`~lookup.ranking.describe` its words and canonical hands, and
:mod:`~lookup.ranking.fast` the standard ranking's integer fast paths.
It imports only :mod:`lookup.core`.
"""
