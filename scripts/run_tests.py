"""Run the whole suite twice at once: on SQLite with the in-memory layer, and on PostgreSQL + Redis.

For the second pass it uses, in this order: TEST_DATABASE_URL / TEST_REDIS_URL;
servers already listening on 127.0.0.1:5432 and :6379; otherwise it installs
PostgreSQL and Redis if missing (apt-get, as root) and starts its own on free
loopback ports from a temporary directory, and stops them afterwards.
Browser tests run in the first pass (the embedded default, what `make run` serves), those
marked both_passes in the second too; tests about SQLite only in the first. The tests whose answer
no pass changes (marked `once`: tests/pure/, which need no database, tests of fresh processes with
settings of their own, and schemathesis over the whole API) run in the second pass only, in
production's mode; there they balance the first pass's browser tests.
The two passes run side by side, each on one pytest-xdist worker (a test database and a
channel-layer prefix each), so the machine's two cores stay busy: the browser tests of the first
pass wait on Chromium and the server while the second pass's tests wait on PostgreSQL. Two workers
a pass were slower on two cores (6:00 and 6:21 against 5:40 to 6:04 in the working tree,
2026-12-05): more processes than cores at once cost more CPU for the same tests. Each pass's report goes to
test-artifacts/ and is printed whole when the pass ends.
Arguments are passed on to both pytest runs (`-n 0` runs a pass in one process).
"""

from __future__ import annotations

import contextlib
import getpass
import glob
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SERVICE_ENV = ("DATABASE_URL", "REDIS_URL", "CHANNELS_PREFIX")


def say(message: str) -> None:
    print(f"==> {message}", flush=True)


def listening(port: int, host: str = "127.0.0.1") -> bool:
    with socket.socket() as probe:
        probe.settimeout(0.5)
        return probe.connect_ex((host, port)) == 0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def postgres_answers(url: str) -> bool:
    import psycopg

    try:
        with psycopg.connect(url, connect_timeout=3) as connection:
            connection.execute("select 1")
        return True
    except psycopg.Error:
        return False


def redis_answers(url: str) -> bool:
    import redis

    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=3).ping())
    except redis.RedisError:
        return False


def running_postgres() -> str | None:
    if not listening(5432):
        return None
    for user in dict.fromkeys([getpass.getuser(), "postgres"]):
        url = f"postgres://{user}@127.0.0.1:5432/test"
        if postgres_answers(url):
            return url
    return None


def apt_install(*packages: str) -> None:
    if os.geteuid() != 0:
        sys.exit(
            f"Install {' '.join(packages)} (e.g. sudo apt-get install -y {' '.join(packages)}) and run again."
        )
    say(f"installing {' '.join(packages)}")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    command = ["apt-get", "install", "-y", "-q", *packages]
    if subprocess.run(command, env=env).returncode != 0:
        subprocess.run(["apt-get", "update", "-q"], env=env, check=True)
        subprocess.run(command, env=env, check=True)


def postgres_bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found[-1] if found else shutil.which(name)


def as_postgres_user(command: list[str]) -> list[str]:
    """initdb refuses to run as root, so root runs it as the postgres user."""
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


@contextlib.contextmanager
def own_postgres(workdir: Path) -> Iterator[str]:
    if postgres_bin("initdb") is None:
        apt_install("postgresql")
    initdb, pg_ctl = postgres_bin("initdb"), postgres_bin("pg_ctl")
    data = workdir / "pgdata"
    data.mkdir()
    if os.geteuid() == 0:
        shutil.chown(workdir, "postgres")
        shutil.chown(data, "postgres")
    port = free_port()
    subprocess.run(
        as_postgres_user([initdb, "-D", str(data), "-A", "trust", "-U", "postgres"]),
        check=True,
        stdout=subprocess.DEVNULL,
    )
    options = f"-p {port} -k {workdir} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run(
        as_postgres_user(
            [pg_ctl, "-D", str(data), "-o", options, "-w", "-l", str(workdir / "pg.log"), "start"]
        ),
        check=True,
        stdout=subprocess.DEVNULL,
    )
    say(f"started PostgreSQL on 127.0.0.1:{port}")
    try:
        yield f"postgres://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            as_postgres_user([pg_ctl, "-D", str(data), "-m", "fast", "stop"]), stdout=subprocess.DEVNULL
        )


@contextlib.contextmanager
def own_redis(workdir: Path) -> Iterator[str]:
    if shutil.which("redis-server") is None:
        apt_install("redis-server")
    port = free_port()
    server = subprocess.Popen(
        [
            "redis-server",
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(workdir),
        ],
        stdout=subprocess.DEVNULL,
    )
    url = f"redis://127.0.0.1:{port}/0"
    for _ in range(100):
        if redis_answers(url):
            break
        time.sleep(0.1)
    say(f"started Redis on 127.0.0.1:{port}")
    try:
        yield url
    finally:
        server.terminate()
        server.wait(timeout=10)


@contextlib.contextmanager
def services() -> Iterator[tuple[str, str]]:
    with contextlib.ExitStack() as stack:
        database = os.environ.get("TEST_DATABASE_URL") or running_postgres()
        redis_url = os.environ.get("TEST_REDIS_URL")
        if redis_url is None and listening(6379) and redis_answers("redis://127.0.0.1:6379/0"):
            redis_url = "redis://127.0.0.1:6379/0"
        if database is None or redis_url is None:
            workdir = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="scorekeeper-services-")))
            os.chmod(workdir, 0o755)
            if database is None:
                database = stack.enter_context(own_postgres(workdir))
            if redis_url is None:
                redis_url = stack.enter_context(own_redis(workdir))
        yield database, redis_url


WORKERS = ("-n", "1")
REPORTS = ROOT / "test-artifacts"


def start_pytest(name: str, arguments: list[str], **env: str) -> tuple[subprocess.Popen, Path]:
    """One pass, started in the background; its report goes to test-artifacts/<name>.txt."""
    clean = {key: value for key, value in os.environ.items() if key not in SERVICE_ENV}
    REPORTS.mkdir(exist_ok=True)
    report = REPORTS / f"{name}.txt"
    command = [sys.executable, "-m", "pytest", *WORKERS, *arguments]
    with report.open("w") as output:
        process = subprocess.Popen(
            command,
            cwd=ROOT,
            env={**clean, "HTTPS": "0", "STATIC_COLLECTED": "1", **env},
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    return process, report


def finish(passes: dict[str, tuple[subprocess.Popen, Path]]) -> dict[str, int]:
    """Wait for every pass; print each one's report as it ends, and how long it took."""
    started, codes = time.monotonic(), {}
    while len(codes) < len(passes):
        for name, (process, report) in passes.items():
            if name not in codes and process.poll() is not None:
                codes[name] = process.returncode
                say(
                    f"{name} ended after {time.monotonic() - started:.0f} s; its report ({report.relative_to(ROOT)}):"
                )
                print(report.read_text(), flush=True)
        time.sleep(0.5)
    return codes


def collect_static() -> None:
    """The static files, collected once before both passes start: a pass's live servers read the
    folder (whitenoise scans it) while the other would still be writing it."""
    say("collecting the static files once, for both passes")
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
        cwd=ROOT,
        env={key: value for key, value in os.environ.items() if key not in SERVICE_ENV},
        check=True,
    )


def main() -> int:
    arguments = sys.argv[1:]
    collect_static()
    with services() as (database, redis_url):
        first = "SQLite + in-memory channel layer"
        second = f"PostgreSQL ({database.rsplit('@', 1)[-1]}) + Redis ({redis_url})"
        say(f"two passes at once: {first}; {second}")
        passes = {
            "SQLite pass": start_pytest("pass-sqlite", ["-m", "not postgres and not once", *arguments]),
            "PostgreSQL + Redis pass": start_pytest(
                "pass-postgres",
                ["-m", "not sqlite and (not browser or both_passes)", *arguments],
                DATABASE_URL=database,
                REDIS_URL=redis_url,
                CHANNELS_PREFIX=f"scorekeeper-test-{uuid.uuid4().hex[:8]}",
                # The test databases are thrown away: a commit need not wait for the disk.
                PGOPTIONS=f"{os.environ.get('PGOPTIONS', '')} -c synchronous_commit=off".strip(),
            ),
        }
        codes = finish(passes)
    say("; ".join(f"{name}: {'passed' if code == 0 else 'FAILED'}" for name, code in codes.items()))
    return next((code for code in codes.values() if code != 0), 0)


if __name__ == "__main__":
    sys.exit(main())
