"""The job queue's small API (scorekeeper.jobs) and the made files' store, in this process:
a registered job runs with its arguments and its result is read back by its id; the
store keeps files for every process and drops the least recently read past its bound."""

from __future__ import annotations

import gc
import os
import secrets
import weakref

from scorekeeper import jobs
from scorekeeper.jobs.store import FileStore


@jobs.job(seconds=5)
def greet(name: str) -> str:
    return f"Bonjour, {name}"


@jobs.job(seconds=5)
def fail(name: str) -> None:
    raise ValueError(name)


def test_a_job_runs_and_its_result_is_read_back_by_its_id(app):
    token = jobs.activate(app.extensions["scorekeeper.jobs"])
    assert jobs.immediate()  # a test app runs jobs in the test's thread
    name = "Zoë-Łucja Wójcik-Gutiérrez de Ávila"
    job_id = jobs.enqueue(greet, name, job_id="greeting-1")
    assert job_id == "greeting-1"
    assert (jobs.state(job_id), jobs.result(job_id)) == ("done", f"Bonjour, {name}")
    failed = jobs.enqueue(fail, name)
    assert (jobs.state(failed), jobs.result(failed)) == ("failed", None)
    jobs.deactivate(token)


def test_an_app_without_testing_puts_jobs_on_its_sqlite_queue(tmp_path, database_url):
    from scorekeeper.factory import create_app

    app = create_app(
        {"DATABASE_URL": database_url, "SECRET_KEY": secrets.token_hex(32)},
        instance_path=str(tmp_path),
    )
    token = jobs.activate(app.extensions["scorekeeper.jobs"])  # as its requests do
    try:
        job_id = jobs.enqueue(greet, "Ann")
        assert jobs.state(job_id) == "waiting"  # no worker here
        assert jobs.queue().pending_count() == 1
        assert (tmp_path / "jobs.sqlite3").exists()
        assert isinstance(jobs.files(), FileStore)
    finally:
        jobs.deactivate(token)
        app.extensions["scorekeeper.db"].dispose()
    assert jobs.immediate()  # outside its requests: no app's queue


def test_the_store_drops_the_least_recently_read_past_its_bound(tmp_path):
    store = FileStore(tmp_path, limit=3 * 1000)
    for number, key in enumerate(("a1", "b2", "c3")):
        store.put(key, bytes(1000))
        os.utime(tmp_path / f"{key}.bin", (1000 + number, 1000 + number))
    assert store.get("a1") is not None  # read now: the newest
    store.put("d4", bytes(1000))
    assert [store.get(key) is not None for key in ("a1", "b2", "c3", "d4")] == [
        True,
        False,
        True,
        True,
    ]
    other_process = FileStore(tmp_path, limit=3 * 1000)
    assert other_process.get("d4") == bytes(1000)


def test_one_claim_at_a_time_until_released_or_stale(tmp_path):
    store, other = FileStore(tmp_path), FileStore(tmp_path)
    assert store.claim("k", seconds=60)
    assert not other.claim("k", seconds=60)
    assert other.claim("k", seconds=-1)  # older than that: its worker died
    other.release("k")
    assert store.claim("k", seconds=60)


def test_an_apps_queue_is_freed_with_the_app_and_the_queue_without_one_is_kept(
    tmp_path, database_url
):
    from scorekeeper.factory import create_app

    config = {"DATABASE_URL": database_url, "SECRET_KEY": "k", "TESTING": True}
    app = create_app(config, instance_path=str(tmp_path))
    queue = app.extensions["scorekeeper.jobs"]
    # Another app on the same instance folder shares it while the first keeps it.
    second = create_app(config, instance_path=str(tmp_path))
    assert second.extensions["scorekeeper.jobs"] is queue
    freed = weakref.ref(queue)
    for each in (app, second):
        each.extensions["scorekeeper.db"].dispose()
    del app, second, each, queue
    gc.collect()
    assert freed() is None
    # Files made without an app are kept from one call to the next.
    jobs.files().put("kept-without-an-app", b"%PDF-")
    gc.collect()
    assert jobs.files().get("kept-without-an-app") == b"%PDF-"
