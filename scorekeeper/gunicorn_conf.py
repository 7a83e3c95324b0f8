"""gunicorn settings for a small machine (2 cores), serving behind a reverse proxy.

    .venv/bin/gunicorn -c python:scorekeeper.gunicorn_conf   # wherever it is installed
    .venv/bin/gunicorn -c gunicorn.conf.py                   # in a checkout: the same

They ship in the package, so an installed wheel serves with them (a file beside the
checkout's sources would not be in the wheel); the checkout's gunicorn.conf.py reads
them from here.

Threads rather than many processes: requests mostly wait on the database, and
with SQLite every write is serialised anyway; a few processes with several
threads each keep memory low and use both cores. Environment overrides:
SCOREKEEPER_BIND, WEB_CONCURRENCY (processes), SCOREKEEPER_THREADS.

SCOREKEEPER_PUSH_BIND (``make serve`` sets it) starts the event stream process
(scorekeeper.streams_conf) there beside the app, stopped with it, and tells the pages
to open their streams on its port; unset, the app's own threads serve the streams.
"""

import gc
import os
import subprocess
import sys

from gunicorn.glogging import Logger

from scorekeeper.printing import load_engine
from scorekeeper.web.common.edge import redact_tokens

# create_app_or_exit: a broken setup is one "Error: ..." line, not a traceback.
wsgi_app = "scorekeeper:create_app_or_exit()"
bind = os.environ.get("SCOREKEEPER_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", "3"))
# gthread, but a request gets a thread only once it has arrived: clients that send half a
# request and stop (slowloris) wait in the event loop, not on the threads table play needs.
worker_class = "scorekeeper.serving.HeadFirstThreadWorker"
# 8 threads, not 4: on a club night (bench/bench_club_night.py) a process's four threads
# were all taken at times by print-pack asks and standings readers, and a table's deal post
# waited for a thread (p95 1.25 s before a handler took it, 0.08 s with 8). A waiting
# thread costs no CPU; the GIL still runs one at a time.
threads = int(os.environ.get("SCOREKEEPER_THREADS", "8"))
# A deal post takes milliseconds; anything near this is stuck, not slow.
timeout = 30
graceful_timeout = 20
keepalive = 5
# Load the app once before forking: a broken configuration fails at start
# with one line, and workers share the loaded code. The database engine
# drops inherited connections in each child (see scorekeeper.db).
preload_app = True
# Trust X-Forwarded-* only from the proxy on this machine.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
accesslog = "-"
errorlog = "-"
# No control socket (gunicorn 25.1+ opens one in $XDG_RUNTIME_DIR or ~/.gunicorn
# by default): one shared path per user means a second instance, or a test's
# server, takes over the first one's socket, and signals (HUP, TTIN, TERM from
# systemd) already do all we need.
control_socket_disable = True


class TokenRedactingLogger(Logger):
    """The access log without edit tokens: /games/<id>/edit/[redacted], no Authorization."""

    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        atoms.pop("{authorization}i", None)
        atoms.pop("{http_authorization}e", None)
        return {
            name: redact_tokens(value) if isinstance(value, str) else value
            for name, value in atoms.items()
        }


logger_class = TokenRedactingLogger

push_bind = os.environ.get("SCOREKEEPER_PUSH_BIND")
if push_bind:
    # Read by the app as it loads (PUSH_PORT), before the hooks below run.
    os.environ.setdefault("SCOREKEEPER_PUSH_PORT", push_bind.rsplit(":", 1)[1])
_streams: list[subprocess.Popen] = []


# The interpreter lock handed on after 1 ms, not CPython's 5: a thread back from the
# database (a deal post's few statements), and the loop reading the next request, wait
# that long at most behind a thread making a page or a pack ask's answer, at each
# statement. On a club night with its side load (bench/README.md), 50 tables: deal posts
# p99 287 and 632 ms against 448 and 1,116 ms at 5 ms on SQLite, 500 against 1,424 ms
# on PostgreSQL.
SWITCH_INTERVAL_S = 0.001


def post_fork(server, worker):
    sys.setswitchinterval(SWITCH_INTERVAL_S)


def pre_fork(server, worker):
    # The app, loaded before the fork (preload_app), lives as long as the process: some
    # 220,000 objects that each full collection in a worker walked again, about 115 ms of
    # CPU with the interpreter lock held; the deal posts of that process waited behind it
    # (a club night's first full collections: bench/README.md, the sixth look). Frozen
    # here, a worker's collections walk only what the worker made itself (8 to 33 ms
    # there), and the loaded pages stay shared by the processes (no write to them).
    gc.freeze()


def on_starting(server):
    # WeasyPrint, which the app leaves to the first PDF (printing/engine.py): imported
    # here, in the master before any fork, every worker has it from the start (~0.9 s of
    # CPU a process otherwise, paid by the first request for a PDF), in pages the
    # processes share; pre_fork freezes it with the app.
    load_engine()
    if push_bind:
        command = [sys.executable, "-m", "gunicorn", "-c", "python:scorekeeper.streams_conf"]
        _streams.append(subprocess.Popen(command))


def on_exit(server):
    for process in _streams:
        process.terminate()
        process.wait(timeout=15)
