"""Helpers shared by the operations tests."""

from __future__ import annotations

import os
import random
import resource
import signal
import subprocess
import sys
from pathlib import Path

from bench.bench_load import PLAYERS, ROOT, Phone, thirteen_entry


def start_game(phone: Phone) -> tuple[str, dict[str, str]]:
    """A new thirteen game through the API: its id and the Authorization header to change it."""
    answer = phone.request("POST", "/api/v1/games", {"variant": "thirteen", "players": PLAYERS})
    assert answer.status == 201, answer.body
    created = answer.json()
    return created["game"]["id"], {"Authorization": f"Bearer {created['edit_token']}"}


def post_deals(phone: Phone, game_id: str, authorization: dict[str, str], seed: int) -> None:
    """Deals 1 to 5 of the game, each answered 201 (a starved server: the phone's timeout)."""
    rng = random.Random(seed)
    for number in range(1, 6):
        entry = thirteen_entry(rng, number)
        answer = phone.request(
            "POST", f"/api/v1/games/{game_id}/deals", entry, headers=authorization
        )
        assert answer.status == 201, answer


def queue_url(redis_url: str) -> str:
    """conftest's ``redis_url`` as the job queue's client (redis-py) spells it."""
    return redis_url.replace("redis+unix://", "unix://")


def read_until(stream, wanted: bytes) -> list[bytes]:
    """An open event stream's lines (an http.client response), up to ``wanted``, a line of
    its own: waits on the event itself; the socket's timeout only stops a hang."""
    lines: list[bytes] = []
    while wanted not in lines:
        line = stream.readline()
        assert line, f"the stream ended before {wanted!r}: {lines}"
        lines.append(line)
    return lines


def init_db(instance: Path, *, env: dict[str, str] | None = None, **limits):
    app = f"scorekeeper:create_app(instance_path={str(instance)!r})"
    return run([sys.executable, "-m", "flask", "--app", app, "init-db"], env=env or {}, **limits)


def the_one_line(result) -> str:
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


# root writes through any file mode; a process without these capabilities
# meets permissions the way the service's own user would.
AS_AN_ORDINARY_USER = ["setpriv", "--bounding-set", "-dac_override,-dac_read_search", "--"]


def run(command: list[str], *, env: dict[str, str], ordinary_user=False, file_size_limit=None):
    if ordinary_user and os.geteuid() == 0:
        command = [*AS_AN_ORDINARY_USER, *command]

    def limit_file_size() -> None:
        # A file may not grow past this: the disk is full. (Python ignores
        # SIGXFSZ, so the write fails instead of killing the process.)
        resource.setrlimit(resource.RLIMIT_FSIZE, (file_size_limit, file_size_limit))

    return subprocess.run(
        command,
        env={**os.environ, **env},
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=limit_file_size if file_size_limit is not None else None,
    )


def start_worker(instance: Path, log: Path, env: dict[str, str]) -> subprocess.Popen:
    """The job queue's worker (``python -m scorekeeper.jobs.worker``, one job at a time)
    on ``instance`` with ``env``, in a session of its own: ``stop_worker`` ends it all."""
    command = [sys.executable, "-m", "scorekeeper.jobs.worker", "--workers", "1"]
    with log.open("ab") as out:
        return subprocess.Popen(
            [*command, "--instance-path", str(instance)],
            cwd=ROOT,
            env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), **env},
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )


def stop_worker(process: subprocess.Popen) -> None:
    """Kill the worker's whole session: the consumer and the processes it forked."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=30)
