"""Python's cycle collector in a test process: run less often, and never over what the
collection made.

A test worker collects the whole suite (some 5,000 items, 385,000 objects) and keeps it
to the end; at CPython's thresholds each full collection walks all of it again, with
whatever the tests keep (compiled statements, templates, catalogs). Measured on 328
page and league tests in one process (the whole suite collected, as a worker does): the
collector took 12 of 30 CPU-s after collection, and 3 of 25 with the objects the
collection made frozen (``gc.freeze``: never walked again) and the young generation
collected every 10,000 allocations rather than 700 (the printing tests: 28 CPU-s
before, 23 after). Production processes keep CPython's thresholds; a test that
measures CPU time as production spends it runs ``as_in_production``.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

PYTHON_THRESHOLDS = gc.get_threshold()  # (700, 10, 10): read before anything sets it
YOUNG_COLLECTION_EVERY = 10_000  # allocations (printing/engine.py uses it while rendering)


def collect_less_often() -> None:
    gc.set_threshold(YOUNG_COLLECTION_EVERY, *PYTHON_THRESHOLDS[1:])


def freeze_the_collection() -> None:
    """Leave what exists now (the collected tests, the imported modules) out of every
    later collection: it lives to the end of the run anyway."""
    gc.collect()
    gc.freeze()


@contextmanager
def as_in_production() -> Iterator[None]:
    """The collector as a process without the suite's settings has it, for the block:
    CPython's thresholds, and every object walked by a full collection again."""
    thresholds = gc.get_threshold()
    gc.unfreeze()
    gc.set_threshold(*PYTHON_THRESHOLDS)
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        freeze_the_collection()
