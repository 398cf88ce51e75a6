"""Static files as collected: scripts and styles minified, their meaning kept."""

from django.core.files.base import ContentFile

from scorekeeper.storage import MinifiedStaticFilesStorage

SCRIPT = b"""// What a reader needs to know.
export function label(count) {
  /* a block comment */
  return `${count}  cards // not a comment`;
}
"""


def collected(tmp_path, name, source):
    storage = MinifiedStaticFilesStorage(location=tmp_path, base_url="/static/")
    storage.save(name, ContentFile(source))
    return (tmp_path / name).read_text()


def test_a_script_loses_its_comments_and_indentation_but_not_its_strings(tmp_path):
    assert collected(tmp_path, "js/label.js", SCRIPT) == (
        "export function label(count){return`${count}  cards // not a comment`;}"
    )


def test_a_style_is_minified(tmp_path):
    source = b"/* the totals */\n.total {\n  font-size: 2rem;\n  color: #fff;\n}\n"
    assert collected(tmp_path, "css/app.css", source) == ".total{font-size:2rem;color:#fff}"


def test_other_files_are_kept_as_they_are(tmp_path):
    source = b'{"name": "Big Two",\n  "display": "standalone"}\n'
    assert collected(tmp_path, "manifest.json", source) == source.decode()
