"""schemathesis against a live daphne, over every operation of /api/openapi.json, once: in the
second pass of make test (PostgreSQL + Redis, production's mode; marked `once`).

Bounded: the coverage phase (each schema constraint at and past its edge) and a fuzzing phase
of at most EXAMPLES cases per operation, with a fixed seed. Checks: no 500, every status and
content type documented, every response matching its schema, and input the schema forbids
refused. The path key is a real session's edit key and the lock header its current token, so
writes reach the services; the group path key is a real group's, with an evening played, and the
event path key a real event's.

Then the stateful phase, on its own: it walks the document's links from the operations that make
something (a session, its lock, a round, a group, an event) to every operation keyed by what they
made, with the bodies of tests/schemathesis_hooks.py for the makers; it must reach every keyed
operation.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from scorekeeper.openapi import document
from tests.reports import count
from tests.servers import LOGS, daphne

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.long, pytest.mark.once]

EXAMPLES = 10
SEED = 20261202
SCHEMATHESIS = str(Path(sys.executable).parent / "schemathesis")
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
            SCHEMATHESIS,
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


# The stateful phase walks one family of operations at a time: with every operation at once its
# walks rarely get as deep as a round's corrections. (family, its paths, examples it needs: twice
# what followed every link on 2026-12-05, when half these counts did on PostgreSQL + Redis)
FAMILIES = [
    ("a table's entry", r"^/api/sessions(/\{key\}(/lock|/rounds.*|/history.*)?)?$", 30),
    (
        "a table's other answers",
        r"^/api/sessions(/\{key\}/(export|recap|preview|rematch|transfers|requests).*)?$",
        20,
    ),
    ("groups and events", r"^/api/(groups|events)", 30),
]
# Operations no link leads to: nothing in their path comes from another operation's reply.
UNLINKED = {"/api/presets", "/api/openapi.json", "/healthz"}


def test_the_families_hold_every_operation():
    """Each operation in one family, but the start of a session, which both its families walk from."""
    for path in document()["paths"]:
        matched = [family for family, paths, _ in FAMILIES if re.match(paths, path)]
        expected = 0 if path in UNLINKED else 2 if path == "/api/sessions" else 1
        assert len(matched) == expected, (path, matched)


@pytest.mark.parametrize(("family", "paths", "examples"), FAMILIES, ids=[family for family, *_ in FAMILIES])
def test_the_stateful_phase_reaches_every_operation_by_the_documents_links(
    django_db_setup, family, paths, examples
):
    operations = sum(len(methods) for path, methods in document()["paths"].items() if re.match(paths, path))
    LOGS.mkdir(parents=True, exist_ok=True)
    config = LOGS / "schemathesis-stateful.toml"
    # Only the document's own links; walks long enough for a session, its lock, a round, a correction.
    config.write_text("[phases.stateful]\nmax-steps = 20\n[phases.stateful.inference]\nalgorithms = []\n")
    with daphne() as base:
        command = [
            SCHEMATHESIS,
            "--config-file", str(config),
            "run", f"{base}/api/openapi.json",
            "--phases", "stateful",
            "--include-path-regex", paths,
            "--mode", "positive",
            "--max-examples", str(examples),
            "--seed", str(SEED),
            "--checks", "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance",
            "--workers", "1",
            "--request-timeout", "10",
        ]  # fmt: skip
        hooks = {"SCHEMATHESIS_HOOKS": str(Path(__file__).parent / "schemathesis_hooks.py")}
        run = subprocess.run(
            command, capture_output=True, text=True, timeout=600, env={**os.environ, **hooks}
        )
    (LOGS / f"schemathesis-stateful-{re.sub('[^a-z]+', '-', family)}.txt").write_text(run.stdout + run.stderr)
    assert run.returncode == 0, run.stdout[-4000:]
    tested = re.search(r"Tested:\s+(\d+)", run.stdout)
    links = re.search(r"API Links:\s+(\d+) covered / (\d+) selected", run.stdout)
    assert tested, run.stdout[-2000:]
    assert links, run.stdout[-2000:]
    assert int(tested.group(1)) == operations, run.stdout[-3000:]
    assert links.group(1) == links.group(2), run.stdout[-3000:]  # every link followed
    count(f"stateful links followed ({family})", int(links.group(1)))
