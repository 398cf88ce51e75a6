"""`make serve`: production mode. Checks the environment, migrates, collects static files,
then hands over to gunicorn with WORKERS uvicorn workers on HOST:PORT (docs/DEPLOY.md).

Exits with status 2 and a message naming each missing or wrong variable before
touching anything.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
NEEDED = {
    "DATABASE_URL": "the PostgreSQL database, e.g. postgres://scorekeeper:PASSWORD@127.0.0.1:5432/scorekeeper",
    "REDIS_URL": "the Redis server the workers share for the live table, e.g. redis://127.0.0.1:6379/0",
    "SECRET_KEY": "a long random string kept out of the repository, e.g. from: python3 -c 'import secrets; print(secrets.token_urlsafe(50))'",
}


def problems(env: dict[str, str]) -> list[str]:
    found = [f"{name} is not set: {meaning}" for name, meaning in NEEDED.items() if not env.get(name)]
    database = env.get("DATABASE_URL")
    if database and urlsplit(database).scheme not in {"postgres", "postgresql", "pgsql"}:
        found.append(
            f"DATABASE_URL must be a PostgreSQL URL (postgres://...), not {urlsplit(database).scheme}://"
        )
    redis_url = env.get("REDIS_URL")
    if redis_url and urlsplit(redis_url).scheme not in {"redis", "rediss"}:
        found.append(
            f"REDIS_URL must be a Redis URL (redis:// or rediss://), not {urlsplit(redis_url).scheme}://"
        )
    workers = env.get("WORKERS", "2")
    if not workers.isdigit() or int(workers) < 1:
        found.append(f"WORKERS must be a whole number of at least 1, not {workers!r}")
    return found


def main() -> int:
    env = {**os.environ, "DEBUG": "0", "JSON_LOGS": os.environ.get("JSON_LOGS", "1")}
    env.setdefault("DB_POOL_MAX_SIZE", "4")
    found = problems(env)
    if found:
        print("make serve cannot start:", *(f"  - {problem}" for problem in found), sep="\n", file=sys.stderr)
        print("See docs/DEPLOY.md for the whole production environment.", file=sys.stderr)
        return 2
    manage = [sys.executable, str(ROOT / "manage.py")]
    steps = [["migrate", "--noinput", "-v0"], ["collectstatic", "--noinput", "-v0"]]
    if env.get("STATIC_COLLECTED") == "1":  # collected already (a build step, the test run)
        steps.pop()
    for step in steps:
        if subprocess.run([*manage, *step], cwd=ROOT, env=env).returncode != 0:
            print(f"make serve: manage.py {step[0]} failed; not starting.", file=sys.stderr)
            return 1
    gunicorn = [
        sys.executable,
        "-m",
        "gunicorn",
        "--config",
        str(ROOT / "scorekeeper" / "gunicorn_conf.py"),
        "--chdir",
        str(ROOT),
        "scorekeeper.asgi:application",
    ]
    os.chdir(ROOT)
    os.execve(sys.executable, gunicorn, env)


if __name__ == "__main__":
    sys.exit(main())
