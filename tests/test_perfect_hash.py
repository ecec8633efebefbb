"""The generator's perfect hash proves itself, even under ``python -O``."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

from lookup.core.prime_hash import slot_of
from tablegen.perfect_hash import PerfectHashProofError, _prove, build_perfect_hash

ROOT = Path(__file__).resolve().parent.parent
KEYS = [p * q for p in (2, 3, 5, 7, 11, 13) for q in (17, 19, 23, 29, 31)]


def test_every_key_gets_its_own_slot() -> None:
    table = build_perfect_hash(KEYS)
    slots = [slot_of(k, table.params, table.displacement) for k in KEYS]
    assert len(set(slots)) == len(KEYS)
    assert all(table.slot_keys[s] == k for s, k in zip(slots, KEYS, strict=True))


def test_a_damaged_table_fails_the_proof() -> None:
    table = build_perfect_hash(KEYS)
    slot = slot_of(KEYS[0], table.params, table.displacement)
    damaged = list(table.slot_keys)
    damaged[slot] = 0
    with pytest.raises(PerfectHashProofError, match=f"key {KEYS[0]}"):
        _prove(KEYS, dataclasses.replace(table, slot_keys=damaged))


def test_the_proof_survives_python_optimise_mode() -> None:
    # Under -O every `assert` vanishes; the proof must not.
    script = (
        "import dataclasses\n"
        "from tablegen.perfect_hash import _prove, build_perfect_hash\n"
        f"keys = {KEYS!r}\n"
        "t = build_perfect_hash(keys)\n"
        "_prove(keys, dataclasses.replace(t, slot_keys=[0] * len(t.slot_keys)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-O", "-c", script], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 1
    assert "PerfectHashProofError: perfect hash proof failed" in done.stderr
