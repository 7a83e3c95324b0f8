"""A job's work apart (jobs/apart.py): made in a forked child at a lower CPU priority,
its value or its error back in the worker, and the child killed with the job."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from scorekeeper.jobs.apart import lower_and_apart


def priority() -> int:
    return os.getpriority(os.PRIO_PROCESS, 0)


def test_the_value_is_made_in_a_child_the_given_steps_lower():
    ours = priority()
    child, its_priority = lower_and_apart(lambda: (os.getpid(), priority()), 3)
    assert child != os.getpid()
    assert its_priority == min(19, ours + 3)
    assert priority() == ours


def test_what_the_work_raises_is_raised_in_the_worker():
    def refuse() -> bytes:
        raise LookupError("no such league", 7)

    with pytest.raises(LookupError) as raised:
        lower_and_apart(refuse, 2)
    assert raised.value.args == ("no such league", 7)


def test_an_error_that_cannot_be_made_again_is_still_an_error():
    class Picky(Exception):
        def __init__(self, code: int, detail: str):
            super().__init__(f"{code}: {detail}")

    def refuse() -> bytes:
        raise Picky(3, "no room")

    with pytest.raises(RuntimeError, match="no room"):
        lower_and_apart(refuse, 2)


def test_an_answer_that_cannot_be_pickled_is_an_error_not_a_hang():
    with pytest.raises(RuntimeError, match="lambda"):
        lower_and_apart(lambda: lambda: None, 1)


class TimeLimit(Exception):
    pass


def test_the_child_dies_with_the_jobs_time_limit(tmp_path: Path):
    said = tmp_path / "pid"
    gate, _never_written = os.pipe()

    def hang() -> None:
        said.write_text(str(os.getpid()))
        os.kill(os.getppid(), signal.SIGALRM)  # the job's time is up: now, not on a clock
        os.read(gate, 1)  # blocks for good: nothing is ever written

    def time_limit(_signal, _frame):
        raise TimeLimit

    # As huey's process worker stops a job: SIGALRM raising in the worker's thread.
    previous = signal.signal(signal.SIGALRM, time_limit)
    try:
        with pytest.raises(TimeLimit):
            lower_and_apart(hang, 1)
    finally:
        signal.signal(signal.SIGALRM, previous)
    child = int(said.read_text())
    assert not Path(f"/proc/{child}").exists()  # killed and reaped, not left running
