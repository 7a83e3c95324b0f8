"""The suite's settings of the cycle collector (tests/collector.py) hold in every test
process, and a test measuring CPU as production spends it gets CPython's own."""

from __future__ import annotations

import gc

from tests.collector import PYTHON_THRESHOLDS, YOUNG_COLLECTION_EVERY, as_in_production


def test_a_test_runs_with_the_collection_frozen_and_young_collections_less_often():
    assert gc.get_freeze_count() > 10_000  # the collected tests and imported modules
    assert gc.get_threshold() == (YOUNG_COLLECTION_EVERY, *PYTHON_THRESHOLDS[1:])


def test_as_in_production_is_cpythons_collector_for_the_block_only():
    with as_in_production():
        assert gc.get_threshold() == PYTHON_THRESHOLDS == (700, 10, 10)
        assert gc.get_freeze_count() == 0
    assert gc.get_threshold() == (YOUNG_COLLECTION_EVERY, *PYTHON_THRESHOLDS[1:])
    # Frozen again; not as many as before, as the collection before the freeze frees
    # what had become garbage meanwhile (a CI run once froze 678,556 after 679,873).
    assert gc.get_freeze_count() > 10_000
