"""gunicorn's threaded worker that gives a request a thread only once it has arrived.

gunicorn's gthread worker hands each new connection to a thread, which then reads the
request with blocking reads: a client that sends half a request and stops (slowloris)
holds that thread until it hangs up. Two hundred of them held every thread of a
``make serve``, and table play timed out (issue 23).

This worker reads each request's head, and a body up to ``BUFFERED_BODY_BYTES``, in
the worker's event loop (non-blocking, as nginx would in front), and hands the
connection to a thread only when that much is there. A request not there within
``SCOREKEEPER_REQUEST_HEAD_SECONDS`` (10 s) is dropped; past
``HEAD_WAITERS_MOST`` waiting connections the oldest one is dropped, so waiting
clients never use up the worker's connections either. Kept-alive connections go the
same way for their next request. TLS and HTTP/2 connections (not how the app is
served: TLS ends at the proxy) keep gunicorn's own path.

Table play goes first: a request that is not table play (a league's pages, the
anonymous standings, print pack asks, an import, the account pages) gets one of the
process's threads only while fewer than ``SIDE_THREADS`` of them run such requests;
past that it waits in the loop, holding no thread, until one of them is done. So a
table's deal post always finds a thread, however many slow pages, readers or uploads
hold the others (a club night on PostgreSQL: posts waited up to 140 ms at p99 for a
thread behind the standings readers, 7 to 10 ms with the cap; bench/README.md). The
price: two slow uploads in a process hold back its other league pages until one ends.
"""

from __future__ import annotations

import errno
import os
import re
import selectors
import time
from collections import deque
from contextlib import suppress
from functools import partial

from gunicorn.http2 import negotiation
from gunicorn.workers.gthread import TConn, ThreadWorker

HEAD_SECONDS = float(os.environ.get("SCOREKEEPER_REQUEST_HEAD_SECONDS", "10"))
# A deal or a form is a few KB (MAX_CONTENT_LENGTH is 64 KB); a bigger body (a league
# import) is read by its thread once the head and this much of it are here.
BUFFERED_BODY_BYTES = 64 * 1024
# Longer than gunicorn's longest head (limit_request_line and 100 fields of 8 KB):
# past this its parser is given the bytes, and refuses them with a 400.
HEAD_MOST_BYTES = 128 * 1024
# gunicorn drains at most this much of a body the app left unread before it reads the
# connection's next request; with more left it closes the connection instead
# (gunicorn.http.parser._DRAIN_MAX_BYTES, as gthread's keep-alive path calls it).
DRAINED_MOST_BYTES = 64 * 1024
END_OF_HEAD = b"\r\n\r\n"
# Threads of a process that requests other than table play may hold at once
# (SCOREKEEPER_SIDE_THREADS; at least 1). Table play: the API, a game's pages, a table's
# page of a league night, the app's files; and any page's event stream served on the
# app's threads (no stream process), which holds its thread waiting, not computing.
SIDE_THREADS = max(1, int(os.environ.get("SCOREKEEPER_SIDE_THREADS", "2")))
TABLE_PLAY = re.compile(
    rb"[A-Z]+ (/api/|/games/|/static/|/sw\.js|/leagues/[^/ ]+/nights/\d+/tables/"
    rb"|[^ ?]*/events[ ?])"
)
CONTENT_LENGTH = re.compile(rb"\r\ncontent-length:[ \t]*(\d{1,12})[ \t]*\r\n", re.IGNORECASE)


def table_play(head: bytes) -> bool:
    """Whether the request whose head begins ``head`` is a table's (see TABLE_PLAY)."""
    return TABLE_PLAY.match(head) is not None


def arrived(data: bytes) -> bool:
    """Whether ``data`` holds a whole request head and its body (up to the buffered part)."""
    end = data.find(END_OF_HEAD)
    if end < 0:
        return len(data) > HEAD_MOST_BYTES
    length = CONTENT_LENGTH.search(data, 0, end + 2)
    wanted = min(int(length.group(1)), BUFFERED_BODY_BYTES) if length else 0
    return len(data) - end - len(END_OF_HEAD) >= wanted


class HeadFirstThreadWorker(ThreadWorker):
    """gthread, with each request read in the event loop before a thread takes it."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.arriving: deque[TConn] = deque()  # oldest first: their deadlines in order
        self.head_waiters_most = max(1, self.cfg.worker_connections // 2)
        self.side_running = 0  # threads on requests other than table play
        self.side_waiting: deque[TConn] = deque()  # past SIDE_THREADS, in their order

    def buffers(self, conn: TConn) -> bool:
        return not self.cfg.is_ssl and not negotiation.prior_knowledge_allowed(
            self.cfg, conn.client
        )

    def accept(self, listener):
        try:
            client_sock, client_addr = listener.accept()
        except OSError as error:
            if error.errno not in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                raise
            return
        self.nr_conns += 1
        conn = TConn(self.cfg, client_sock, client_addr, listener.getsockname())
        if self.buffers(conn):
            self.wait_for_request(conn)
        else:
            client_sock.setblocking(True)
            self.enqueue_req(conn)

    def on_client_socket_readable(self, conn, client):
        """A kept-alive connection's next request: read it in the loop too."""
        self.poller.unregister(client)
        self.keepalived_conns.remove(conn)
        if self.buffers(conn):
            self.wait_for_request(conn)
        else:
            self.enqueue_req(conn)

    def wait_for_request(self, conn: TConn) -> None:
        if len(self.arriving) >= self.head_waiters_most:
            self.drop(self.arriving.popleft())
        conn.sock.setblocking(False)
        conn.received = bytearray()
        conn.timeout = time.monotonic() + HEAD_SECONDS
        self.arriving.append(conn)
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self.on_request_data, conn))

    def on_request_data(self, conn: TConn, client) -> None:
        try:
            data = conn.sock.recv(65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:  # the client hung up
            self.arriving.remove(conn)
            self.drop(conn)
            return
        conn.received += data
        if arrived(conn.received):
            self.poller.unregister(client)
            self.arriving.remove(conn)
            conn.data_ready = True
            conn.side = not table_play(conn.received)
            if conn.side and self.side_running >= min(SIDE_THREADS, self.cfg.threads):
                self.side_waiting.append(conn)
            else:
                self.enqueue_req(conn)

    def enqueue_req(self, conn):
        if getattr(conn, "side", False):
            self.side_running += 1
        super().enqueue_req(conn)

    def finish_request(self, conn, fs):
        if getattr(conn, "side", False):
            conn.side = False
            self.side_running -= 1
            if self.side_waiting:
                self.enqueue_req(self.side_waiting.popleft())
        super().finish_request(conn, fs)

    def drop(self, conn: TConn) -> None:
        with suppress(OSError, KeyError, ValueError):  # not registered (any more)
            self.poller.unregister(conn.sock)
        self.nr_conns -= 1
        conn.close()

    def murder_pending(self):
        """gunicorn's sweep of idle connections, and of requests too slow to arrive."""
        super().murder_pending()
        now = time.monotonic()
        while self.arriving and self.arriving[0].timeout <= now:
            self.drop(self.arriving.popleft())

    def handle_request(self, req, conn):
        req.should_close = partial(closes_after, req, req.should_close)
        return super().handle_request(req, conn)

    def handle(self, conn):
        received = getattr(conn, "received", None)
        if received:
            conn.received = None
            conn.sock.setblocking(True)
            conn.init()  # a new connection's parser (a kept-alive one has its own)
            conn.parser.unreader.unread(bytes(received))
        return super().handle(conn)


def closes_after(req, should_close) -> bool:
    """gunicorn's own answer, or True where the app left more of the body unread than
    gunicorn drains (a 413 reads none of it): the answer then says ``Connection: close``,
    as gunicorn will close it, where it said keep-alive and closed it anyway. Asked when
    the answer's head is written, after the app has read what it reads."""
    if should_close():
        return True
    left = getattr(getattr(req.body, "reader", None), "length", None)  # a Content-Length body
    return left is not None and left >= DRAINED_MOST_BYTES
