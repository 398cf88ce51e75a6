"""Every refusal the app can send reads in zh-Hant, on the socket as over HTTP.

The refusals are not hand-listed: every template marked with gettext_noop in the app's Python
(the rules modules' ScoringError messages, the services' ServiceError ones, the paper log's) is
found by reading the source, rendered through the one refusal format the API, the socket and the
pages share, with zh-Hant active, and must come out translated.
"""

import ast
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from rounds.rules.refusal import ScoringError
from scorekeeper.languages import language_of
from toolkit.refusals import refusal

APPS = ["rounds", "groups", "scorekeeper"]
PLACEHOLDER = re.compile(r"%\((\w+)\)s")
HAN = re.compile(r"[\u4e00-\u9fff]")


def refusal_templates():
    """(module, template) for every gettext_noop("...") in the apps' Python, migrations aside."""
    found = []
    for app in APPS:
        for path in sorted((Path(settings.BASE_DIR) / app).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (
                    isinstance(node, ast.Call)
                    and getattr(node.func, "id", None) == "gettext_noop"
                    and isinstance(node.args[0], ast.Constant)
                ):
                    found.append((path.relative_to(settings.BASE_DIR).as_posix(), node.args[0].value))
    return found


TEMPLATES = refusal_templates()


def test_the_refusals_are_found_in_every_layer():
    modules = {module for module, _ in TEMPLATES}
    assert len(TEMPLATES) > 100
    for module in (
        "rounds/rules/scoring.py",
        "rounds/rules/tiers.py",
        "rounds/errors.py",
        "rounds/inputs.py",
        "groups/rules/paper_log.py",
    ):
        assert module in modules, module


@pytest.mark.parametrize(("module", "template"), TEMPLATES, ids=[f"{m}:{t[:40]}" for m, t in TEMPLATES])
def test_each_refusal_reads_in_traditional_chinese(module, template):
    params = {name: 7 for name in PLACEHOLDER.findall(template)}
    with translation.override("zh-hant"):
        _, body = refusal(ScoringError(template, field="cards", player=0, **params))
    english = template % params if params else template
    assert body["error"] != english, f"{module}: untranslated: {template}"
    assert HAN.search(body["error"]), f"{module}: {body['error']}"


@pytest.mark.parametrize(
    ("headers", "language"),
    [
        ([(b"cookie", b"django_language=zh-hant; csrftoken=x")], "zh-hant"),
        ([(b"accept-language", b"zh-TW,zh;q=0.9,en;q=0.8")], "zh-hant"),
        ([(b"cookie", b"django_language=en"), (b"accept-language", b"zh-TW")], "en"),  # the switch wins
        ([(b"accept-language", b"fr-FR")], "en"),
        ([], "en"),
    ],
)
def test_a_socket_speaks_the_language_its_page_was_shown_in(headers, language):
    assert language_of({"type": "websocket", "headers": headers}) == language


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("accept", "cards", "error"),
    [
        ("zh-HK", [0, 0, 0, 5], "有三位贏家：阿明、阿芬 和 志強 都是 0 張"),
        ("zh-HK", [0, 0, 0, 0], "有四位贏家：阿明、阿芬、志強 和 美玲 都是 0 張"),
        ("zh-CN", [0, 5, 0, 0], "有三位赢家：阿明、志強 和 美玲 都是 0 张"),
        ("en", [0, 0, 0, 5], "Three winners: 阿明, 阿芬 and 志強 all have 0 cards"),
    ],
)
def test_three_or_four_winners_read_whole_in_the_page_language(client, accept, cards, error):
    """The count, the list and its "and" are the catalog's: the rules once sent 'Three' and
    'and' in English into every language's sentence ("有 Three 位贏家：阿明, 阿芬 and 志強")."""
    players = ["阿明", "阿芬", "志強", "美玲"]
    created = client.post("/api/sessions", {"players": players}, content_type="application/json")
    key = created.json()["id"]
    reply = client.post(
        f"/api/sessions/{key}/preview",
        {"cards": cards},
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE=accept,
    )
    assert reply.status_code == 400
    assert (reply.json()["error"], reply.json()["field"]) == (error, "cards")
