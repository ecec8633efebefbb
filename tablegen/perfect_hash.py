"""Build a perfect hash over prime products by hash-and-displace, and prove it.

Keys are spread over ``2**bucket_bits`` buckets; buckets are placed largest
first, each taking the smallest displacement under which all of its keys fall
into free slots. The slot function itself lives in :mod:`lookup.core.prime_hash` so
that building and looking up can never disagree. Candidate multipliers come
from a seeded generator, so the result is the same on every run.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from lookup.core.prime_hash import PrimeHashParams, bucket_and_offset, slot_of

__all__ = ["PerfectHash", "PerfectHashProofError", "build_perfect_hash"]


class PerfectHashProofError(RuntimeError):
    """A built hash failed its own proof: a key misses its slot or two keys share one.

    A real exception, not an ``assert``, so the proof still runs under ``python -O``.
    """


@dataclass(frozen=True)
class PerfectHash:
    """Parameters, displacement per bucket, and which key sits in each slot (0 = empty)."""

    params: PrimeHashParams
    displacement: list[int]
    slot_keys: list[int]


def _try_place(keys: Sequence[int], params: PrimeHashParams) -> tuple[list[int], list[int]] | None:
    n = params.slot_count
    buckets: dict[int, list[int]] = {}
    key_at: dict[tuple[int, int], int] = {}
    for key in keys:
        bucket, offset = bucket_and_offset(key, params)
        buckets.setdefault(bucket, []).append(offset % n)
        key_at[bucket, offset % n] = key
    displacement = [0] * (1 << params.bucket_bits)
    slot_keys = [0] * n
    free = bytearray(b"\x01") * n
    # Largest buckets first, ties by bucket number so the order is reproducible.
    for bucket in sorted(buckets, key=lambda b: (-len(buckets[b]), b)):
        offsets = buckets[bucket]
        if len(set(offsets)) != len(offsets):
            return None  # two keys of one bucket can never be separated
        for d in range(n):
            slots = [(o + d) % n for o in offsets]
            if all(free[s] for s in slots):
                break
        else:
            return None
        displacement[bucket] = d
        for o, s in zip(offsets, slots, strict=True):
            free[s] = 0
            slot_keys[s] = key_at[bucket, o]
    return displacement, slot_keys


def build_perfect_hash(
    keys: Sequence[int], *, load: float = 0.97, keys_per_bucket: float = 4.0, seed: int = 1
) -> PerfectHash:
    """Find parameters that send every key in ``keys`` to its own slot.

    ``load`` is keys per slot; ``keys_per_bucket`` sets the number of buckets
    (rounded up to a power of two). Raises ``RuntimeError`` if no multiplier
    tried works, and :class:`PerfectHashProofError` if the result fails its own proof.
    """
    if len(set(keys)) != len(keys) or 0 in keys:
        raise ValueError("keys must be distinct and non-zero")
    slot_count = int(len(keys) / load) + 1
    bucket_bits = max(1, (int(len(keys) / keys_per_bucket) - 1).bit_length())
    rng = random.Random(seed)
    for _ in range(64):
        params = PrimeHashParams(
            multiplier=rng.getrandbits(64) | 1, bucket_bits=bucket_bits, slot_count=slot_count
        )
        placed = _try_place(keys, params)
        if placed is None:
            continue
        displacement, slot_keys = placed
        result = PerfectHash(params, displacement, slot_keys)
        _prove(keys, result)
        return result
    raise RuntimeError("no perfect hash found; try a lower load")


def _prove(keys: Sequence[int], table: PerfectHash) -> None:
    """Every key reaches the slot that holds it, and no two keys share a slot."""
    seen: set[int] = set()
    for key in keys:
        slot = slot_of(key, table.params, table.displacement)
        if table.slot_keys[slot] != key:
            raise PerfectHashProofError(
                f"perfect hash proof failed: key {key} reaches slot {slot}, "
                f"which holds {table.slot_keys[slot]}"
            )
        if slot in seen:
            raise PerfectHashProofError(f"perfect hash proof failed: slot {slot} is shared")
        seen.add(slot)
