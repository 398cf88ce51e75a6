"""Static files as collected: scripts and styles made smaller, their meaning kept."""

from pathlib import Path

from django.conf import settings
from django.core.files.base import ContentFile

from scorekeeper.storage import MinifiedStaticFilesStorage, stripped_script

SCRIPT = b"""// What a reader needs to know.
export function label(count, finished) {
    // The details line of a recent session.
    return `${count}  rounds${finished ? ` \xc2\xb7 ${"finished"}` : ""}`; // a comment after code stays
}
"""


def collected(tmp_path, name, source):
    storage = MinifiedStaticFilesStorage(location=tmp_path, base_url="/static/")
    storage.save(name, ContentFile(source))
    return (tmp_path / name).read_text()


def test_a_script_loses_indentation_and_comment_lines_but_no_text_of_its_code(tmp_path):
    assert collected(tmp_path, "js/label.js", SCRIPT) == (
        "export function label(count, finished) {\n"
        'return `${count}  rounds${finished ? ` \u00b7 ${"finished"}` : ""}`; // a comment after code stays\n'
        "}\n"
    )


def test_a_script_with_a_template_literal_across_lines_is_kept_as_it_is():
    source = "const text = `one\n    two`;\n// a comment\n"
    assert stripped_script(source) == source
    continued = 'const text = "one \\\n    two";\n'
    assert stripped_script(continued) == continued


def test_every_script_of_the_app_keeps_each_line_of_code():
    for path in sorted(Path(settings.BASE_DIR, "static", "js").glob("*.js")):
        source = path.read_text()
        code = [
            line.strip() for line in source.split("\n") if line.strip() and not line.strip().startswith("//")
        ]
        assert stripped_script(source).split("\n")[:-1] == code, path.name


def test_a_style_is_minified(tmp_path):
    source = b"/* the totals */\n.total {\n  font-size: 2rem;\n  color: #fff;\n}\n"
    assert collected(tmp_path, "css/app.css", source) == ".total{font-size:2rem;color:#fff}"


def test_other_files_are_kept_as_they_are(tmp_path):
    source = b'{"name": "Big Two",\n  "display": "standalone"}\n'
    assert collected(tmp_path, "manifest.json", source) == source.decode()
