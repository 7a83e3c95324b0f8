"""What a PDF may cost: one render at a time per process, each PDF made once.

WeasyPrint is pure CPU and cannot be stopped half way, so a PDF's cost is bounded
before it starts (each route refuses what no real sheet needs: see docs/security.md),
and a process renders at most ``slots`` PDFs at once: the other threads stay free for
table play. A PDF asked for while every slot is busy is refused at once
(``PrintBusy``: the web answers 503 with Retry-After) rather than queued on a thread.

Every PDF is kept by the hash of what it is made from (its HTML and styles), not by
who asks: a second reader, a reload or another phone's locale that prints the same
sheet costs a lookup.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable

from cachetools import LRUCache

# Seconds a refused reader is told to wait: about what the heaviest allowed PDF takes.
RETRY_AFTER_SECONDS = 5
CACHE_BYTES = 32 * 2**20  # per process


class PrintBusy(RuntimeError):
    """Every render slot of this process is taken: ask again in ``retry_after`` seconds."""

    def __init__(self, retry_after: int = RETRY_AFTER_SECONDS):
        super().__init__("every PDF render slot is busy")
        self.retry_after = retry_after


_slots = threading.BoundedSemaphore(1)
_cache: LRUCache[str, bytes] = LRUCache(maxsize=CACHE_BYTES, getsizeof=len)
_cache_lock = threading.Lock()


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


def content_key(*parts: str) -> str:
    """The key of a PDF made from ``parts`` (its HTML, its styles' words)."""
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode("utf-8", "surrogatepass"))
        digest.update(b"\x00")
    return digest.hexdigest()


def cached_pdf(key: str, make: Callable[[], bytes]) -> bytes:
    """The PDF kept under ``key``, else ``make()``'s, made in a render slot and kept.

    Raises PrintBusy when every slot is taken."""
    with _cache_lock:
        pdf = _cache.get(key)
    if pdf is not None:
        return pdf
    slot = _slots
    if not slot.acquire(blocking=False):
        raise PrintBusy()
    try:
        pdf = make()
    finally:
        slot.release()
    with _cache_lock:
        _cache[key] = pdf
    return pdf


def forget_all() -> None:
    """Empty the cache (tests)."""
    with _cache_lock:
        _cache.clear()
