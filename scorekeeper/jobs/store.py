"""Made files kept for every process and server: PDFs, by the hash of what they show.

Three kinds, one interface (``get``, ``put``, ``claim``, ``release``, ``clear``):

- ``FileStore``: files in the instance folder (``instance/renders/``), shared by every
  app and worker process of one machine; the least recently read go first once the
  files pass ``limit`` bytes (a read touches a file's time).
- ``MemoryStore``: one process's, where no app was made (scripts, unit tests);
- ``RedisStore``: in Redis (``SCOREKEEPER_REDIS_URL``), shared by several servers; a
  sorted set keeps when each was last read, for the same bound.

``claim`` marks a key as being made, so that one content is made once however many
readers ask for it meanwhile; a claim older than ``seconds`` (a worker that died) is
taken over.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import threading
import time
from pathlib import Path
from typing import Protocol

from cachetools import LRUCache

DEFAULT_LIMIT = 256 * 2**20  # bytes


class Store(Protocol):
    def get(self, key: str) -> bytes | None: ...

    def put(self, key: str, data: bytes) -> None: ...

    def claim(self, key: str, seconds: float) -> bool: ...

    def release(self, key: str) -> None: ...

    def clear(self) -> None: ...


def _safe(key: str) -> str:
    if not key or not all(c.isalnum() or c in "-_" for c in key):
        raise ValueError(f"not a store key: {key!r}")
    return key


class MemoryStore:
    """This process's memory: what a script or a test without an app makes (no queue)."""

    def __init__(self, limit: int = 32 * 2**20):

        self.cache: LRUCache[str, bytes] = LRUCache(maxsize=limit, getsizeof=len)
        self.lock = threading.Lock()

    def get(self, key: str) -> bytes | None:
        with self.lock:
            return self.cache.get(key)

    def put(self, key: str, data: bytes) -> None:
        with self.lock:
            self.cache[key] = data

    def claim(self, key: str, seconds: float) -> bool:
        return True

    def release(self, key: str) -> None:
        pass

    def clear(self) -> None:
        with self.lock:
            self.cache.clear()


class FileStore:
    def __init__(self, folder: str | Path, limit: int = DEFAULT_LIMIT):
        self.folder = Path(folder)
        self.limit = limit
        self.folder.mkdir(parents=True, exist_ok=True)

    def _path(self, key: str, suffix: str = ".bin") -> Path:
        return self.folder / f"{_safe(key)}{suffix}"

    def get(self, key: str) -> bytes | None:
        path = self._path(key)
        try:
            data = path.read_bytes()
            os.utime(path)  # read now: the last to be evicted
        except FileNotFoundError:
            return None
        return data

    def put(self, key: str, data: bytes) -> None:
        # Written aside and renamed: a reader sees the whole file or none.
        self.folder.mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(dir=self.folder, suffix=".part")
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        os.replace(name, self._path(key))
        self._evict()

    def _evict(self) -> None:
        files = []
        for entry in os.scandir(self.folder):
            if entry.name.endswith(".bin"):
                try:
                    stat = entry.stat()
                except FileNotFoundError:
                    continue
                files.append((stat.st_mtime_ns, stat.st_size, entry.path))
        total = sum(size for _, size, _ in files)
        for _, size, path in sorted(files):
            if total <= self.limit:
                break
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path)
            total -= size

    def claim(self, key: str, seconds: float) -> bool:
        path = self._path(key, ".making")
        try:
            os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
            return True
        except FileExistsError:
            try:
                stale = time.time() - path.stat().st_mtime > seconds
            except FileNotFoundError:
                return self.claim(key, seconds)
            if stale:
                os.utime(path)
            return stale

    def release(self, key: str) -> None:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self._path(key, ".making"))

    def clear(self) -> None:
        for entry in os.scandir(self.folder):
            if entry.name.endswith((".bin", ".making")):
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(entry.path)


class RedisStore:
    PREFIX = "scorekeeper:render:"

    def __init__(self, url: str, limit: int = DEFAULT_LIMIT):
        import redis  # optional dependency: only a deployment on several servers has it

        self.redis = redis.Redis.from_url(url)
        self.limit = limit
        self.index = self.PREFIX + "read"  # key -> when last read
        self.total = self.PREFIX + "bytes"

    def get(self, key: str) -> bytes | None:
        data = self.redis.get(self.PREFIX + _safe(key))
        if data is not None:
            self.redis.zadd(self.index, {key: time.time()})
        return data

    def put(self, key: str, data: bytes) -> None:
        name = self.PREFIX + _safe(key)
        pipe = self.redis.pipeline()
        pipe.strlen(name)
        pipe.set(name, data)
        pipe.zadd(self.index, {key: time.time()})
        before = pipe.execute()[0]
        total = self.redis.incrby(self.total, len(data) - int(before or 0))
        while total > self.limit:
            oldest = self.redis.zpopmin(self.index)
            if not oldest:
                break
            victim = self.PREFIX + oldest[0][0].decode()
            size = self.redis.strlen(victim)
            self.redis.delete(victim)
            total = self.redis.decrby(self.total, size)

    def claim(self, key: str, seconds: float) -> bool:
        making = self.PREFIX + "making:" + _safe(key)
        return bool(self.redis.set(making, 1, nx=True, ex=max(1, int(seconds))))

    def release(self, key: str) -> None:
        self.redis.delete(self.PREFIX + "making:" + _safe(key))

    def clear(self) -> None:
        names = list(self.redis.scan_iter(self.PREFIX + "*"))
        if names:
            self.redis.delete(*names)
