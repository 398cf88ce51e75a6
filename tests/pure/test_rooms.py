"""The rooms as they are promised (issue 39, docs/architecture.md): each app's layers are folders
with few flat modules beside them, no file of the app over 400 lines, one LRU, one follow socket
in the scripts, and rounds.public a door of at most 40 names. The imports themselves are held
by import-linter's contracts (pyproject.toml), which `make test` runs first."""

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APPS = ("rounds", "groups", "events")
# Not counted among an app's flat modules: what Django or the doors name.
FIXED = {"__init__.py", "apps.py", "models.py", "urls.py", "routing.py", "public.py", "admin.py"}
LAYERS = {"rules", "services", "reads", "web", "live", "migrations", "management"}


def source_files():
    for folder in (*APPS, "toolkit", "scorekeeper", "static", "templates", "scripts"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in {".py", ".js", ".css", ".html"} and "migrations" not in path.parts:
                yield path


@pytest.mark.parametrize("app", APPS)
def test_each_app_keeps_its_layers_in_folders(app):
    folder = ROOT / app
    flat = sorted(path.name for path in folder.glob("*.py") if path.name not in FIXED)
    assert len(flat) <= 10, flat
    # A folder of the app is one holding Python (a folder left with only __pycache__ is none).
    folders = {path.name for path in folder.iterdir() if path.is_dir() and any(path.rglob("*.py"))}
    assert folders <= LAYERS


def test_no_file_of_the_app_is_over_400_lines():
    long = {
        str(path.relative_to(ROOT)): count
        for path in source_files()
        if (count := len(path.read_text(encoding="utf-8").splitlines())) > 400
    }
    assert long == {}


def test_one_lru_and_one_follow_socket():
    python = [path for path in source_files() if path.suffix == ".py"]
    keeping = sorted(str(path.relative_to(ROOT)) for path in python if "OrderedDict" in path.read_text())
    assert keeping == ["toolkit/lru.py"]
    sockets = sum(path.read_text().count("new WebSocket(") for path in (ROOT / "static" / "js").glob("*.js"))
    assert sockets == 1


def test_rounds_public_is_a_door_of_at_most_40_names_from_no_web_or_live_module():
    tree = ast.parse((ROOT / "rounds" / "public.py").read_text())
    imported = [node.module for node in tree.body if isinstance(node, ast.ImportFrom)]
    assert not [module for module in imported if re.match(r"rounds\.(web|live)\b", module)]
    names = next(
        node for node in tree.body if isinstance(node, ast.Assign) and node.targets[0].id == "__all__"
    )
    assert len(names.value.elts) <= 40
