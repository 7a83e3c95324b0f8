"""What a PDF may cost: made once per content, in a worker, never in a request's thread.

WeasyPrint is pure CPU and cannot be stopped half way, so a PDF's cost is bounded
before it starts (each route refuses what no real sheet needs: see docs/security.md),
and it is made by a job in a worker process (scorekeeper.jobs), with a time limit,
never by the thread that serves table play. A request for a PDF that is not made yet
puts its recipe on the queue and is answered at once (``BeingMade``: the web answers
202, "being made", and the page reloads itself).

Every PDF is kept, for every process and server (``jobs.files()``), by the hash of what
it is made from (its HTML and styles), not by who asks: a second reader, a reload or
another phone's locale that prints the same sheet costs a lookup.

Tests run jobs in the calling thread (``jobs.immediate()``): there at most ``slots``
PDFs are made at once per process, and one more asked for meanwhile is refused at once
(``PrintBusy``: a 503 with Retry-After).
"""

from __future__ import annotations

import hashlib
import pickle
import threading
from collections.abc import Callable
from functools import cache
from pathlib import Path

from scorekeeper import jobs

# Seconds a refused reader is told to wait: about what the heaviest allowed PDF takes.
RETRY_AFTER_SECONDS = 5
# Seconds the "being made" page waits before it asks again.
BEING_MADE_SECONDS = 2
# The longest a render job may run (wall-clock, on a busy machine): well past the heaviest
# allowed PDF, a 50-table print pack (docs/security.md).
RENDER_SECONDS = 120


class PrintBusy(RuntimeError):
    """Every render slot of this process is taken: ask again in ``retry_after`` seconds."""

    def __init__(self, retry_after: int = RETRY_AFTER_SECONDS):
        super().__init__("every PDF render slot is busy")
        self.retry_after = retry_after


class BeingMade(RuntimeError):
    """The PDF is being made by a worker: ask again in ``retry_after`` seconds."""

    def __init__(self, key: str, retry_after: int = BEING_MADE_SECONDS):
        super().__init__("the PDF is being made")
        self.key = key
        self.retry_after = retry_after


_slots = threading.BoundedSemaphore(1)


_slot_count = 1


def use_slots(count: int) -> None:
    """How many PDFs this process renders at once (the app's PDF_RENDERERS)."""
    global _slots, _slot_count
    count = max(1, int(count))
    if count != _slot_count:
        _slots, _slot_count = threading.BoundedSemaphore(count), count


def slots() -> threading.BoundedSemaphore:
    """The render slots (tests hold one to see a busy server)."""
    return _slots


@cache
def files_version(root: Path, folders: tuple[str, ...] = ("",)) -> str:
    """The names, sizes and times of the files under ``root``'s ``folders`` (compiled
    bytecode left out), once per process: a deploy changes it. In a key, it keeps a
    file made by older code or templates from being served by newer ones."""
    digest = hashlib.sha256()
    for folder in folders:
        for path in sorted((root / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                stat = path.stat()
                digest.update(f"{path}:{stat.st_size}:{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def content_key(*parts: str) -> str:
    """The key of a PDF made from ``parts`` (its HTML, its styles' words)."""
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode("utf-8", "surrogatepass"))
        digest.update(b"\x00")
    return digest.hexdigest()


def cached_pdf(
    key: str, recipe: Callable[[], bytes], check: Callable[[], None] | None = None
) -> bytes:
    """The PDF kept under ``key``, else ``recipe()``'s, made by a job and kept.

    ``recipe`` is plain data (render.OnePdf, ...): it is pickled onto the queue.
    ``check`` (raising PrintError for what cannot be printed) runs before the recipe is
    sent or made, so the asker hears of it, not the worker: a key made from the
    recipe's own inputs (printing.PackPdf) finds the PDF kept, or being made, before
    anything is checked. Raises BeingMade while a worker makes it (PrintBusy when jobs
    run here and every slot is taken)."""
    files = jobs.files()
    pdf = files.get(key)
    if pdf is not None:
        return pdf
    if not jobs.immediate():
        if files.claim(key, RENDER_SECONDS * 2):  # the first to ask sends it
            try:
                if check is not None:
                    check()
            except BaseException:
                files.release(key)
                raise
            jobs.enqueue(make_pdf, key, recipe, job_id=key)
        raise BeingMade(key)
    if check is not None:
        check()
    slot = _slots
    if not slot.acquire(blocking=False):
        raise PrintBusy()
    try:
        # As the worker gets it: a recipe that does not go through the queue fails here.
        make_pdf(key, pickle.loads(pickle.dumps(recipe)))
    finally:
        slot.release()
    pdf = files.get(key)
    if pdf is None:  # kept by no store: made here, as the job made it
        raise RuntimeError(f"the PDF {key} was made but not kept")
    return pdf


@jobs.job(seconds=RENDER_SECONDS, apart=True)
def make_pdf(key: str, recipe: Callable[[], bytes]) -> str:
    """The render job (its id is ``key``): make ``recipe``'s PDF and keep it under
    ``key``. Its result, ``key``, says it is done (``jobs.state(key)``)."""
    files = jobs.files()
    try:
        if files.get(key) is None:
            files.put(key, recipe())
    finally:
        files.release(key)
    return key


def forget_all() -> None:
    """Empty the kept PDFs (tests)."""
    jobs.files().clear()
