"""Configuration defaults.

Precedence, lowest first: these defaults, ``instance/config.py``, environment
variables prefixed ``SCOREKEEPER_`` (``SCOREKEEPER_DATABASE_URL`` sets
``DATABASE_URL``), then the ``test_config`` mapping given to ``create_app``.
"""

from __future__ import annotations


class Defaults:
    # None means "the SQLite file scorekeeper.sqlite3 in the instance folder".
    DATABASE_URL: str | None = None
    # Seconds a SQLite writer waits for another writer before giving up.
    SQLITE_BUSY_TIMEOUT_MS = 5000
    # None means "generate a strong key into the instance folder on first start".
    SECRET_KEY: str | None = None

    SESSION_COOKIE_SECURE = True
    SESSION_COOKIE_HTTPONLY = True
    SESSION_COOKIE_SAMESITE = "Lax"
    # The cookie goes out only when the session changed: a slow poll or event stream
    # answering after a save would otherwise put back the cookie from before it.
    SESSION_REFRESH_EACH_REQUEST = False
    REMEMBER_COOKIE_SECURE = True
    REMEMBER_COOKIE_HTTPONLY = True
    # An organizer's login ends after this long without a request (the phone's
    # game edit tokens in the same cookie stay).
    ORGANIZER_IDLE_SECONDS = 2 * 3600
    # The host name organizers' passkeys are bound to; None: the request's own host.
    WEBAUTHN_RP_ID: str | None = None
    WTF_CSRF_TIME_LIMIT = None  # a game page stays open all evening

    # Static URLs carry their content's hash (web.version_static_urls), so a
    # browser may keep the files as long as it likes.
    SEND_FILE_MAX_AGE_DEFAULT = 365 * 24 * 3600

    MAX_CONTENT_LENGTH = 64 * 1024  # a deal entry is a few hundred bytes
    # /leagues/import alone: a season of 30 nights x 12 tables is about 1 MB (docs/league.md).
    LEAGUE_IMPORT_MAX_BYTES = 16 * 1024 * 1024

    # Server-sent event streams one process holds at once; each holds a worker thread,
    # so keep it below gunicorn's threads (the rest poll). See scorekeeper/web/common/push.py.
    PUSH_STREAMS = 2
    # The port of the stream process (scorekeeper.web.common.streams) on the page's own host,
    # where the pages open their streams; None: the same origin (behind nginx, which routes
    # the streams to it, or no stream process: the threads above). make serve sets it.
    PUSH_PORT: int | None = None

    # Flask-Compress: gzip when gunicorn serves without a proxy (a proxy may do it instead).
    # Pages, styles, scripts and SVG only: never the event stream (each event must leave at
    # once), PDFs and PNGs (compressed already) nor the API's JSON (small, and its strong
    # ETags are the If-Match versions clients send back: Flask-Compress would append ":gzip").
    COMPRESS_ALGORITHM = ["gzip"]
    COMPRESS_MIMETYPES = [
        "text/html",
        "text/css",
        "text/javascript",
        "application/javascript",
        "application/manifest+json",
        "image/svg+xml",
    ]
    COMPRESS_STREAMS = False

    RATELIMIT_ENABLED = True
    # None means "a SQLite file in the instance folder", one count for every
    # worker on this machine (scorekeeper.ratelimit_storage); Redis for several machines.
    RATELIMIT_STORAGE_URI: str | None = None
    RATELIMIT_HEADERS_ENABLED = True
    # Per client address; writes are the expensive and abusable part.
    RATELIMIT_WRITES = "120 per minute"
    # Failed logins per client address and account together (a guesser at a club's
    # shared address does not lock the others out), and per address for all accounts.
    RATELIMIT_LOGIN = "10 per minute"
    # Per client address: an import of a big league is seconds of database time.
    RATELIMIT_IMPORTS = "6 per minute"
    RATELIMIT_LOGIN_ADDRESS = "100 per minute"
    # Per client address; each PDF sheet costs a tenth of a second or more of CPU.
    RATELIMIT_SHEETS = "30 per minute"
    # Per client address: a published league's pages made for anonymous readers (the
    # ones kept per league version are not counted: web/league/cache.py).
    RATELIMIT_PUBLIC_PAGES = "60 per minute"
    # A published league with more members and games than this has its anonymous pages'
    # new versions made by a job, never in a request (web/league/cache.py): at 5,200
    # the public page costs 0.2-0.3 s (bench/README.md, standings), at 1,000 about 60 ms.
    LEAGUE_PAGE_JOB_SIZE = 1000
    # PDFs one process renders at once; one more asked for meanwhile is a 503 with
    # Retry-After, so a heavy PDF never holds the threads table play needs (docs/security.md).
    PDF_RENDERERS = 1
    # Redis for the job queue and the made files when several app servers share them
    # (SCOREKEEPER_REDIS_URL); None: SQLite and files in the instance folder (scorekeeper.jobs).
    REDIS_URL: str | None = None
    # Jobs run in the thread that asks for them, no worker (a test app, unless it says).
    JOBS_IMMEDIATE = False
    # Jobs the worker (python -m scorekeeper.jobs.worker) runs at once, a process each.
    JOB_WORKERS = 2
    # Steps of nice a PDF is made below the web, in a child of its job (0: the same
    # priority), so a print pack's CPU never delays the tables' deal posts (jobs/apart.py).
    JOB_NICE = 10
    # The made PDFs kept for every process, least recently read dropped past this.
    RENDER_CACHE_BYTES = 256 * 2**20

    # How the app is reached from the table, for links and QR codes when the
    # request's own host is not the one players should use (e.g. behind a proxy).
    PUBLIC_BASE_URL: str | None = None
    # Number of reverse proxies in front of the app whose X-Forwarded-* to trust.
    PROXY_COUNT = 0
