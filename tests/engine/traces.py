"""What the per-step trace tests share: ``bench/trace_harness.py`` loaded as a module, and where two
recorded traces part.

Each game's trace test (``tests/engine/<game>/test_trace.py``) reduces every step of seeded games to
a short digest of what the harness hashes (the position, the legal actions and their labels, every
event of the action taken) and compares them with the digests recorded on the code before a speed-up.
"""

from __future__ import annotations

import hashlib
import importlib.util
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

HARNESS_PATH = Path(__file__).resolve().parents[2] / "bench" / "trace_harness.py"
_spec = importlib.util.spec_from_file_location("bench_trace_harness", HARNESS_PATH)
assert _spec is not None and _spec.loader is not None
harness = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = harness  # its dataclass looks its module up while it is made
_spec.loader.exec_module(harness)


def digests(records: Iterable[tuple[bytes, str]]) -> Iterator[str]:
    """A short digest of each of a game's step records (``harness.step_records``)."""
    for record, _ in records:
        yield hashlib.sha256(record).hexdigest()[:12]


def first_difference(expected: list[str], seen: list[str]) -> int | None:
    """The first step where two traces part (a shorter trace parts where it ends), or None."""
    for step, (want, got) in enumerate(zip(expected, seen, strict=False)):
        if want != got:
            return step
    return None if len(expected) == len(seen) else min(len(expected), len(seen))
