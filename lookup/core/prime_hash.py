"""The perfect hash over prime products: its parameters and how a key finds its slot.

Every rank multiset the tables cover (at most four of a rank) has a distinct
product of rank primes. The generator picks parameters under which every such
key lands in its own slot; this module is the single definition of that
function, used by the generator to build and prove the table and by the
numpy batch path to look keys up without any Python dict::

    h      = (key * multiplier) mod 2**64
    bucket = h >> (64 - bucket_bits)
    slot   = ((h >> (32 - bucket_bits)) mod 2**32 + displacement[bucket]) mod slot_count

The shifts take the well-mixed high half of ``h``: its top ``bucket_bits`` pick
the bucket, the 32 bits below them place the key inside the table.
"""

from __future__ import annotations

# typing is the type checker's alone: importing it costs start-up (see lookup.core.record).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final, NamedTuple
else:
    from lookup.core.record import NamedTuple

__all__ = ["MASK64", "PrimeHashParams", "bucket_and_offset", "slot_of"]

MASK64: Final = (1 << 64) - 1


class PrimeHashParams(NamedTuple):
    """The scalar parameters of the hash (the displacement array travels beside them)."""

    multiplier: int
    bucket_bits: int
    slot_count: int


def bucket_and_offset(key: int, params: PrimeHashParams) -> tuple[int, int]:
    """The bucket of ``key`` and its offset before displacement (both plain ints)."""
    h = (key * params.multiplier) & MASK64
    return h >> (64 - params.bucket_bits), (h >> (32 - params.bucket_bits)) & 0xFFFFFFFF


def slot_of(key: int, params: PrimeHashParams, displacement: list[int]) -> int:
    """The slot that ``key`` occupies in the table built with ``params``."""
    bucket, offset = bucket_and_offset(key, params)
    return (offset + displacement[bucket]) % params.slot_count
