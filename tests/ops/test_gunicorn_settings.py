"""The production server's settings that are not gunicorn's own (scorekeeper/gunicorn_conf.py)."""

from __future__ import annotations

import sys

import pytest

from scorekeeper import gunicorn_conf


def test_a_web_worker_hands_the_interpreter_lock_on_after_a_millisecond():
    before = sys.getswitchinterval()
    try:
        gunicorn_conf.post_fork(server=None, worker=None)
        assert sys.getswitchinterval() == pytest.approx(0.001)
    finally:
        sys.setswitchinterval(before)
