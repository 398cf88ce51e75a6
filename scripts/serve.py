"""`make serve`: production mode. Checks the environment, migrates, collects static files,
then hands over to gunicorn with WORKERS uvicorn workers on HOST:PORT (docs/DEPLOY.md).

Exits with status 2 and a message naming each missing or wrong variable before
touching anything; then, within a few seconds (short connect timeouts), with one line per
service that is not there (the PostgreSQL server, role or database, Redis) saying how to make
it (docs/hosting.md, "make serve from nothing"), plain text, no traceback.
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


# Seconds to wait for each server to answer: a missing one is told in under 5 s, all told.
CONNECT_TIMEOUT = 2
FROM_NOTHING = 'docs/hosting.md, "make serve from nothing"'


def database_problem(url: str) -> str | None:
    """One line saying what is missing of DATABASE_URL's PostgreSQL and how to make it, or None."""
    import dj_database_url
    import psycopg

    db = dj_database_url.parse(url)
    where = f"{db.get('HOST') or 'localhost'}:{db.get('PORT') or 5432}"
    name, role = db.get("NAME") or "", db.get("USER") or ""
    try:
        psycopg.connect(
            dbname=name,
            user=role or None,
            password=db.get("PASSWORD") or None,
            host=db.get("HOST") or None,
            port=db.get("PORT") or None,
            connect_timeout=CONNECT_TIMEOUT,
            **db.get("OPTIONS", {}),
        ).close()
    except psycopg.Error as error:
        reason = str(error)
        if f'database "{name}" does not exist' in reason:
            return (
                f'the PostgreSQL database "{name}" does not exist on {where}; create it: '
                f"sudo -u postgres createdb --owner={role or 'postgres'} {name} ({FROM_NOTHING})"
            )
        if f'role "{role}" does not exist' in reason:
            return (
                f'the PostgreSQL role "{role}" does not exist on {where}; create it: '
                f"sudo -u postgres createuser --pwprompt {role}, then its database ({FROM_NOTHING})"
            )
        if "password authentication failed" in reason or "no password supplied" in reason:
            return (
                f'PostgreSQL on {where} refused the password of role "{role}" in DATABASE_URL; set it: '
                f"sudo -u postgres psql -c \"ALTER ROLE {role} PASSWORD '...'\" ({FROM_NOTHING})"
            )
        last = reason.strip().splitlines()[0].rsplit("failed: ", 1)[-1]
        return (
            f"PostgreSQL does not answer at {where} ({last}); install and start it: sudo apt-get install "
            f"postgresql, sudo systemctl start postgresql, or fix DATABASE_URL ({FROM_NOTHING})"
        )
    return None


def redis_problem(url: str) -> str | None:
    """One line saying what is wrong with REDIS_URL's Redis and how to mend it, or None."""
    import redis

    where = f"{urlsplit(url).hostname or 'localhost'}:{urlsplit(url).port or 6379}"
    try:
        redis.Redis.from_url(
            url, socket_connect_timeout=CONNECT_TIMEOUT, socket_timeout=CONNECT_TIMEOUT
        ).ping()
    except redis.AuthenticationError:
        return f"Redis at {where} refused the password in REDIS_URL; give the one its requirepass sets"
    except redis.ResponseError as error:
        return f"Redis at {where} refused REDIS_URL ({error}); name a database from 0 to 15, e.g. redis://{where}/0"
    except (redis.RedisError, OSError) as error:
        return (
            f"Redis does not answer at {where} ({str(error).rstrip('.')}); install and start it: sudo apt-get "
            f"install redis-server, sudo systemctl start redis-server, or fix REDIS_URL ({FROM_NOTHING})"
        )
    return None


def main() -> int:
    env = {**os.environ, "DEBUG": "0", "JSON_LOGS": os.environ.get("JSON_LOGS", "1")}
    env.setdefault("DB_POOL_MAX_SIZE", "4")
    found = problems(env)
    if found:
        print("make serve cannot start:", *(f"  - {problem}" for problem in found), sep="\n", file=sys.stderr)
        print("See docs/DEPLOY.md for the whole production environment.", file=sys.stderr)
        return 2
    missing = [
        problem
        for problem in (database_problem(env["DATABASE_URL"]), redis_problem(env["REDIS_URL"]))
        if problem
    ]
    for problem in missing:
        print(f"make serve cannot start: {problem}", file=sys.stderr)
    if missing:
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
