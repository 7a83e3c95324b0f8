"""A CPU-heavy job's work in a child process of its own, at a lower CPU priority.

The worker itself runs at the web's priority: a job that writes (a league's import)
holds SQLite's write turn a step at a time, and a niced holder is preempted by the web's
threads while they wait for it, so each step held the turn 4 to 5 times as long
(bench/README.md, the club night's fourth look). A job that only computes (a PDF:
``@jobs.job(..., apart=True)``; a big league's pages read the database, and stay in the
worker) forks a child for its work,
``steps`` of nice lower, and take its answer back through a pipe; a child past the
job's time limit is killed with it.
"""

from __future__ import annotations

import os
import pickle
import signal
from collections.abc import Callable
from typing import Any


def lower_and_apart(call: Callable[[], Any], steps: int) -> Any:
    """``call()``'s value (or what it raised), made in a forked child ``steps`` of nice
    below this process."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        os.close(read)
        _answer(call, steps, write)
    os.close(write)
    try:
        with open(read, "rb") as pipe:
            answer = pipe.read()
    except BaseException:  # the job's time limit, the worker stopping: the child too
        os.kill(pid, signal.SIGKILL)
        raise
    finally:
        os.waitpid(pid, 0)
    if not answer:
        raise RuntimeError("the job's child process ended without an answer")
    try:
        done, value = pickle.loads(answer)
    except Exception as error:  # an error whose class cannot be made again from its args
        raise RuntimeError(f"the job's answer could not be read back: {error}") from None
    if done:
        return value
    raise value


def _answer(call: Callable[[], Any], steps: int, write: int) -> None:
    code = 1
    try:
        os.nice(steps)
        try:
            answer = (True, call())
        except Exception as error:
            answer = (False, error)
        try:
            data = pickle.dumps(answer)
        except Exception as error:  # an answer that cannot cross: said as it can
            data = pickle.dumps((False, RuntimeError(f"{answer[1]!r} ({error})")))
        with open(write, "wb") as pipe:
            pipe.write(data)
        code = 0
    finally:
        os._exit(code)  # no exit handlers: they are the worker's (its connections, its queue)
