"""Settings, read from the environment with defaults that are safe on a laptop.

Embedded default (nothing set): SQLite file in the project directory and the
in-memory channel layer, one daphne process. Production: set DATABASE_URL
(PostgreSQL) and REDIS_URL, plus SECRET_KEY, ALLOWED_HOSTS and
CSRF_TRUSTED_ORIGINS, and HTTPS=1 behind a TLS proxy (docs/DEPLOY.md).
"""

import os
import secrets
import socket
from pathlib import Path

import dj_database_url
from django.conf.locale import LANG_INFO
from django.utils.translation import gettext_lazy as _

from scorekeeper.rate_limits import RATE_LIMIT_VARIABLES

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def lan_address() -> str | None:
    """This machine's address on the local network, so phones at the table can reach a laptop."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # UDP connect() only picks a route; nothing is sent
            return probe.getsockname()[0]
        except OSError:
            return None


def load_secret_key() -> str:
    """SECRET_KEY from the environment, else from a git-ignored file made on first run."""
    if os.environ.get("SECRET_KEY"):
        return os.environ["SECRET_KEY"]
    key_file = Path(os.environ.get("SECRET_KEY_FILE", BASE_DIR / ".secret_key"))
    if not key_file.exists():
        key_file.write_text(secrets.token_urlsafe(50))
        key_file.chmod(0o600)
    return key_file.read_text().strip()


SECRET_KEY = load_secret_key()
DEBUG = env_flag("DEBUG", False)
LAN_ADDRESS = lan_address()
# By default also this machine's LAN address, for `make run HOST=0.0.0.0` at a table.
ALLOWED_HOSTS = env_list(
    "ALLOWED_HOSTS", ",".join(filter(None, ["localhost", "127.0.0.1", "[::1]", LAN_ADDRESS]))
)
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

# Django's admin site: off unless asked for (ADMIN=1). The app has no users; an admin served to
# every stranger is only a login form to guess at.
ADMIN = env_flag("ADMIN", False)

INSTALLED_APPS = [
    "daphne",
    *(["django.contrib.admin"] if ADMIN else []),
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "rounds",
    "groups",
    "events",
]

MIDDLEWARE = [
    "scorekeeper.logs.AccessLogMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "scorekeeper.headers.SecurityHeadersMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    # Before the CSRF check: a page asked with a method it does not take says 405, not 403.
    "scorekeeper.methods.PageMethodsMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "rounds.web.outage.DatabaseOutageMiddleware",
]

ROOT_URLCONF = "scorekeeper.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            # Each app's template tags live in its web layer (web/tags/), named here once.
            "libraries": {
                "page_labels": "rounds.web.tags.page_labels",
                "page_language": "rounds.web.tags.page_language",
                "event_game": "events.web.tags.event_game",
                "event_progress": "events.web.tags.event_progress",
                "event_ratings": "events.web.tags.event_ratings",
                "event_screen": "events.web.tags.event_screen",
            },
        },
    },
]

WSGI_APPLICATION = "scorekeeper.wsgi.application"
ASGI_APPLICATION = "scorekeeper.asgi.application"

SQLITE_OPTIONS = {
    # IMMEDIATE takes the write lock when a transaction starts, so two writers
    # queue on the busy timeout instead of failing to upgrade a read lock.
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
}

DATABASE_URL = os.environ.get("DATABASE_URL", "")
# PostgreSQL connections per process (psycopg's pool). Under ASGI every ORM call of a
# process runs on one thread (asgiref's thread-sensitive executor), so a few suffice;
# WORKERS × DB_POOL_MAX_SIZE must stay under the server's max_connections (docs/DEPLOY.md).
# 0 means no pool: a connection per request, closed after it.
DB_POOL_MIN_SIZE = int(os.environ.get("DB_POOL_MIN_SIZE", "1"))
DB_POOL_MAX_SIZE = int(os.environ.get("DB_POOL_MAX_SIZE", "0"))
if DATABASE_URL:
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=0)}
    if DB_POOL_MAX_SIZE > 0 and DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        DATABASES["default"]["OPTIONS"] = {
            "pool": {
                "min_size": min(DB_POOL_MIN_SIZE, DB_POOL_MAX_SIZE),
                "max_size": DB_POOL_MAX_SIZE,
                "timeout": float(os.environ.get("DB_POOL_TIMEOUT", "30")),
            }
        }
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": BASE_DIR / "db.sqlite3",
        }
    }
if DATABASES["default"]["ENGINE"] in {"django.db.backends.sqlite3", "scorekeeper.sqlite"}:
    # Django's SQLite backend, with the writers of one process queued (scorekeeper/sqlite/base.py).
    DATABASES["default"]["ENGINE"] = "scorekeeper.sqlite"
    DATABASES["default"]["OPTIONS"] = SQLITE_OPTIONS
    # A file, not memory: the browser tests share it with a daphne process.
    DATABASES["default"]["TEST"] = {
        "NAME": os.environ.get("TEST_SQLITE_NAME", str(BASE_DIR / ".test-db.sqlite3"))
    }

REDIS_URL = os.environ.get("REDIS_URL", "")
REDIS_SOCKET_TIMEOUT = float(os.environ.get("REDIS_SOCKET_TIMEOUT", "15"))
# Redis connections a worker keeps, and how long a task waits for a free one
# (scorekeeper/channel_layer.py: in a reconnect storm sockets wait their turn instead of failing).
REDIS_MAX_CONNECTIONS = int(os.environ.get("REDIS_MAX_CONNECTIONS", "100"))
REDIS_POOL_TIMEOUT = float(os.environ.get("REDIS_POOL_TIMEOUT", "10"))
if REDIS_URL:
    CHANNEL_CAPACITY = int(os.environ.get("CHANNEL_CAPACITY", "5000"))
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "scorekeeper.channel_layer.RedisChannelLayer",
            "CONFIG": {
                # redis-py's default 5 s read timeout would race channels-redis's 5 s blocking
                # receive (BZPOPMIN): an idle socket's consumer could die of a TimeoutError.
                "hosts": [{"address": REDIS_URL, "socket_timeout": REDIS_SOCKET_TIMEOUT}],
                "prefix": os.environ.get("CHANNELS_PREFIX", "scorekeeper"),
                # What one worker's inbox may hold before channels-redis drops a message to it
                # (its default is 100): all of a worker's sockets share that inbox, and a soak of
                # 1,000 tables with 4 followers each filled it (benchmarks/RESULTS.md, "Soaks").
                "capacity": CHANNEL_CAPACITY,
            },
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LANGUAGE_CODE = "en"
# The browser's languages pick one (LocaleMiddleware; a choice in the footer wins): zh-TW, zh-HK,
# zh-MO and zh-Hant read Traditional, zh-CN, zh-SG, zh-MY and zh-Hans Simplified (Django's own
# fallbacks). A bare "zh" names no script: Django gives it the first zh-* below, Traditional, what
# it was given before Simplified came, so nobody's page changes script under them. Django ships no
# Filipino: its name is added to Django's table, and a browser asking for Tagalog (tl) gets it.
LANGUAGES = [
    ("en", _("English")),
    ("zh-hant", _("Traditional Chinese")),
    ("zh-hans", _("Simplified Chinese")),
    ("vi", _("Vietnamese")),
    ("id", _("Indonesian")),
    ("fil", _("Filipino")),
]
LANG_INFO.setdefault("fil", {"bidi": False, "code": "fil", "name": "Filipino", "name_local": "Filipino"})
LANG_INFO.setdefault("tl", {"fallback": ["fil"]})
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "scorekeeper.storage.MinifiedStaticFilesStorage"},
}


def env_rate(name: str, default: str) -> tuple[int, int]:
    """A rate limit from the environment as "COUNT/SECONDS", e.g. "30/3600"."""
    count, seconds = os.environ.get(name, default).split("/")
    return int(count), int(seconds)


# Each limit from its variable (scorekeeper/rate_limits.py says which and why).
RATE_LIMITS = {scope: env_rate(name, default) for scope, (name, default) in RATE_LIMIT_VARIABLES.items()}

SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
SECURE_REFERRER_POLICY = "same-origin"

# Request bodies past this size are refused before they are parsed.
DATA_UPLOAD_MAX_MEMORY_SIZE = 64 * 1024
# Any body past this is refused before it is stored (a file part is not counted above): 1 MiB, room
# above a paper log's 256 KB as a file (scorekeeper/body_limit.py).
REQUEST_BODY_MAX_BYTES = 1024 * 1024
# A WebSocket frame or message past this size closes the socket (1009) on both servers: daphne's
# own default, and uvicorn's ws_max_size (scorekeeper/workers.py).
WEBSOCKET_MAX_BYTES = 1024 * 1024
# Open WebSockets from one client address, all workers together (scorekeeper/socket_limits.py): a
# venue of 50 tables behind one address has about 250.
SOCKETS_PER_ADDRESS = int(os.environ.get("SOCKETS_PER_ADDRESS", "500"))

# An extra word in the service worker's version (scorekeeper/shell.py), which otherwise changes only
# with the static files: set it to have every phone take a new worker and drop its kept pages.
SERVICE_WORKER_RELEASE = os.environ.get("SERVICE_WORKER_RELEASE", "")

# The entry lock (SPEC 8). A lease lasts LOCK_LEASE_SECONDS after the holder's
# last sign of activity; a lease not renewed for LOCK_IDLE_SECONDS may be taken
# over (with a confirmation), and so may one held LOCK_HOLD_SECONDS without entry activity (a
# round written or a count typed), however often it is renewed; a holder whose socket drops
# keeps it for LOCK_GRACE_SECONDS so a reconnect can resume. A hold LOCK_ROUND_SECONDS without a
# round added may be taken over whatever its renewals say. A renewal that changes only the
# holder's device name reaches followers at most once every LOCK_DEVICE_NEWS_SECONDS.
LOCK_LEASE_SECONDS = float(os.environ.get("LOCK_LEASE_SECONDS", "30"))
LOCK_IDLE_SECONDS = float(os.environ.get("LOCK_IDLE_SECONDS", "15"))
LOCK_HOLD_SECONDS = float(os.environ.get("LOCK_HOLD_SECONDS", "120"))
LOCK_ROUND_SECONDS = float(os.environ.get("LOCK_ROUND_SECONDS", "600"))
LOCK_DEVICE_NEWS_SECONDS = float(os.environ.get("LOCK_DEVICE_NEWS_SECONDS", "5"))
LOCK_GRACE_SECONDS = float(os.environ.get("LOCK_GRACE_SECONDS", "5"))

# Serve over HTTPS behind a TLS-terminating proxy that sends X-Forwarded-Proto: its own switch.
HTTPS = env_flag("HTTPS", False) and not DEBUG
if HTTPS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    # A load balancer asks each worker directly over plain HTTP.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", str(60 * 60 * 24 * 365)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_flag("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_flag("SECURE_HSTS_PRELOAD", True)

# JSON_LOGS=1 (make serve): one JSON line per request and per socket event on stdout, and every
# other record as JSON too. ACCESS_LOG=1 (make run): the same lines as plain text. Neither by
# default, so tests stay quiet. Every handler writes through a formatter that cuts keys
# (scorekeeper/logs.py), and Django's own loggers write only through these handlers.
JSON_LOGS = env_flag("JSON_LOGS", False)
ACCESS_LOG = env_flag("ACCESS_LOG", False)


def logging_config(*, json_logs: bool, access_log: bool) -> dict:
    handler = "json" if json_logs else "console"
    level = os.environ.get("LOG_LEVEL", "WARNING")
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {
            "json": {"()": "scorekeeper.logs.JsonFormatter"},
            "plain": {"()": "scorekeeper.logs.PlainFormatter"},
        },
        "handlers": {
            "console": {"class": "logging.StreamHandler", "formatter": "plain"},
            "json": {"class": "logging.StreamHandler", "stream": "ext://sys.stdout", "formatter": "json"},
        },
        "root": {"handlers": [handler], "level": level},
        "loggers": {
            # Django's default config gives these a console handler of its own (unredacted, under DEBUG).
            "django": {"handlers": [], "level": level, "propagate": True},
            "django.server": {"handlers": [], "propagate": True},
            "scorekeeper.access": {
                "handlers": [handler] if json_logs or access_log else [],
                "level": "INFO" if json_logs or access_log else "WARNING",
                "propagate": False,
            },
            # The consumers' socket events (INFO) and failures, through the root's handler.
            **{
                consumers: {"handlers": [], "level": "INFO" if json_logs or access_log else level}
                for consumers in ("rounds.live.consumers", "groups.live.consumers")
            },
        },
    }


LOGGING = logging_config(json_logs=JSON_LOGS, access_log=ACCESS_LOG)
