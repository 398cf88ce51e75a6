"""schemathesis against a live daphne, over every operation of /api/openapi.json.

Bounded: the coverage phase (each schema constraint at and past its edge) and a fuzzing phase
of at most EXAMPLES cases per operation, with a fixed seed. Checks: no 500, every status and
content type documented, every response matching its schema, and input the schema forbids
refused. The path key is a real session's edit key and the lock header its current token, so
writes reach the services; the group path key is a real group's, with an evening played, and the
event path key a real event's.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from scorekeeper.openapi import document
from tests.reports import count
from tests.servers import LOGS, daphne

# Once, in the PostgreSQL pass: its stricter types find more than SQLite would.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres, pytest.mark.long]

EXAMPLES = 10
SEED = 20261202
CHECKS = "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,negative_data_rejection"


def post(base: str, path: str, body: dict) -> dict:
    request = urllib.request.Request(
        base + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def test_every_operation_holds_to_its_schema(django_db_setup):
    with daphne() as base:
        session = post(
            base,
            "/api/sessions",
            {"players": ["Ann", "Ben", "Cat", "Dan"], "covering_rule": True, "value_per_point": "0.50"},
        )
        token = post(base, f"/api/sessions/{session['id']}/lock", {"device": "Fuzzer"})["token"]
        group = post(base, "/api/groups", {"name": "Fuzzers"})["id"]
        played = post(base, "/api/sessions", {"players": ["Ann", "Ben"], "group": group})["id"]
        grant = post(base, f"/api/sessions/{played}/lock", {"device": "Fuzzer"})["token"]
        request = urllib.request.Request(
            f"{base}/api/sessions/{played}/rounds",
            data=json.dumps({"cards": [0, 5]}).encode(),
            headers={"Content-Type": "application/json", "X-Entry-Lock": grant},
        )
        urllib.request.urlopen(request, timeout=10).close()
        event = post(
            base,
            "/api/events",
            {"name": "Fuzz night", "players": ["Ann", "Ben", "Cat", "Dan", "Eve"], "rounds": 2, "hands": 2},
        )["id"]
        LOGS.mkdir(parents=True, exist_ok=True)
        config = LOGS / "schemathesis.toml"
        config.write_text(
            f'[parameters]\nkey = "{session["id"]}"\ngroup = "{group}"\nevent = "{event}"\n'
            f'"header.X-Entry-Lock" = "{token}"\n'
        )
        command = [
            str(Path(sys.executable).parent / "schemathesis"),
            "--config-file", str(config),
            "run", f"{base}/api/openapi.json",
            "--phases", "coverage,fuzzing",
            "--max-examples", str(EXAMPLES),
            "--seed", str(SEED),
            "--checks", CHECKS,
            "--workers", "1",
            "--request-timeout", "10",
        ]  # fmt: skip
        run = subprocess.run(command, capture_output=True, text=True, timeout=600)
    (LOGS / "schemathesis.txt").write_text(run.stdout + run.stderr)
    assert run.returncode == 0, run.stdout[-4000:]
    generated = re.search(r"(\d+) generated, (\d+) passed", run.stdout)
    assert generated, run.stdout[-2000:]
    assert generated.group(1) == generated.group(2)
    # Every operation of the document but the document itself, which schemathesis leaves out.
    operations = sum(len(methods) for methods in document()["paths"].values()) - 1
    assert int(generated.group(1)) >= operations * EXAMPLES
    assert re.search(rf"Tested:\s+{operations}\b", run.stdout), run.stdout[-2000:]
    count("schemathesis cases passed", int(generated.group(1)))
