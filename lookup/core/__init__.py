"""The core layer: what every other layer stands on, importing nothing else of pokerlookup.

Cards and their parsing (:mod:`~lookup.core.cards`), the package's exceptions
(:mod:`~lookup.core.errors`), rankings as data (:mod:`~lookup.core.rules`), the
table file format and where tables live (:mod:`~lookup.core.tablefile`), the
prime-product hash (:mod:`~lookup.core.prime_hash`), progress bars
(:mod:`~lookup.core.progress`), the worker pool of long runs
(:mod:`~lookup.core.pool`), the sentences that describe a hand
(:mod:`~lookup.core.sentences`), light record types (:mod:`~lookup.core.record`)
and the command's Ctrl-C while it starts (:mod:`~lookup.core.interrupt`).
"""
