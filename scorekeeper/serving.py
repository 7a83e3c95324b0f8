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
CONTENT_LENGTH = re.compile(rb"\r\ncontent-length:[ \t]*(\d{1,12})[ \t]*\r\n", re.IGNORECASE)


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
            self.enqueue_req(conn)

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
