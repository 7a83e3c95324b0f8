"""gunicorn settings for the event stream process (scorekeeper.web.common.streams):

    .venv/bin/gunicorn -c python:scorekeeper.streams_conf

One process of gunicorn's ASGI worker holds every stream on one asyncio loop (docs/
deployment.md measures 1,000 and more). ``make serve`` starts it beside the app
(gunicorn_conf's SCOREKEEPER_PUSH_BIND); behind nginx, run it as its own service and
route ``/…/events`` to it. Environment: SCOREKEEPER_PUSH_BIND (127.0.0.1:8001),
SCOREKEEPER_PUSH_WORKERS (1), and the app's own SCOREKEEPER_* settings (the database).
"""

import gc
import os
import resource

from scorekeeper.gunicorn_conf import logger_class  # noqa: F401 (edit tokens never logged)

wsgi_app = "scorekeeper.factory:create_streams()"
bind = os.environ.get("SCOREKEEPER_PUSH_BIND", "127.0.0.1:8001")
workers = int(os.environ.get("SCOREKEEPER_PUSH_WORKERS", "1"))
worker_class = "asgi"
asgi_lifespan = "on"
# A stream is one open connection: a thousand watchers, a thousand and some files.
worker_connections = 10_000
timeout = 30
# Streams never finish by themselves: on a restart the browsers open them again at once.
graceful_timeout = 2
keepalive = 5
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
accesslog = None
errorlog = "-"
control_socket_disable = True


def post_fork(server, worker):
    # Each stream holds a socket: as many open files as the system lets this user have.
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    most = 65536 if hard == resource.RLIM_INFINITY else hard
    resource.setrlimit(resource.RLIMIT_NOFILE, (most, hard))


def post_worker_init(worker):
    # The app is loaded after the fork here, and lives as long as the process: frozen
    # out of the garbage collector, a full collection walks only the streams' own objects,
    # not the app's 220,000 again with the loop (every watcher's delivery) waiting behind
    # it, as the web workers' did (gunicorn_conf.pre_fork).
    gc.freeze()
