"""The slow tier (docs/testing.md#tiers): exhaustive matrices and whole-app audits.

``make test`` leaves these cases out unless ``SLOW=1``; CI (``CI=true``) runs them all.
A matrix keeps named cases in the quick tier, each standing for the rest of its kind,
so a developer's run still prints, plays and audits every kind of thing once.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

SLOW = pytest.mark.slow


def sampled(values: Iterable, quick: Iterable, ids=None) -> list:
    """Parameters for a matrix: the ``quick`` ones in every run, the rest in the slow tier."""
    quick = set(quick)
    values = list(values)
    missing = quick - set(values)
    assert not missing, f"quick cases not in the matrix: {missing}"
    return [
        pytest.param(value, marks=() if value in quick else SLOW, id=ids(value) if ids else None)
        for value in values
    ]
