"""gunicorn's settings for `make serve`: N uvicorn workers behind one port, supervised.

gunicorn's master process holds the listening socket, replaces any worker that
dies (SIGKILL included) while the others keep serving, and restarts them all
gracefully on SIGHUP; SIGTERM drains them and stops. All from the environment.
"""

import os

bind = [f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"]
workers = int(os.environ.get("WORKERS", "2"))
worker_class = "scorekeeper.workers.ScorekeeperWorker"
# A worker silent for this long (blocked event loop) is killed and replaced.
timeout = int(os.environ.get("WORKER_TIMEOUT", "30"))
# On SIGHUP/SIGTERM a worker finishes its requests for up to this long, then its sockets close
# and the pages reconnect (to a fresh worker) and resync from the full state.
graceful_timeout = int(os.environ.get("GRACEFUL_TIMEOUT", "10"))
keepalive = 5
# The reverse proxy in front (docs/DEPLOY.md) sends X-Forwarded-Proto/For; trust it only from here.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
proc_name = "scorekeeper"
pidfile = os.environ.get("PIDFILE") or None
accesslog = None  # the app logs every request as one JSON line itself
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
# gunicorn's and uvicorn's own lines (workers booting, dying, replaced) as JSON on stdout too.
logconfig_dict = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"json": {"()": "scorekeeper.logs.JsonFormatter"}},
    "handlers": {
        "json": {"class": "logging.StreamHandler", "stream": "ext://sys.stdout", "formatter": "json"}
    },
    "root": {"handlers": ["json"], "level": "WARNING"},
    "loggers": {
        "gunicorn.error": {"handlers": ["json"], "level": loglevel.upper(), "propagate": False},
        "gunicorn.access": {"handlers": [], "propagate": False},
    },
}
control_socket_disable = True  # signals (HUP, TERM, TTIN/TTOU) are the interface; no shared socket file
