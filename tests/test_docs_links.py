"""Every relative link of every tracked Markdown file resolves: the file (or folder) it names
exists, and its #anchor is a heading (or an explicit id) of the target, slugged as GitHub does:
lowercase, punctuation dropped, spaces to '-', a repeated heading gets -1, -2... Links to the
web are not followed; links inside code are not links."""

from __future__ import annotations

import re
import subprocess
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.servers import ROOT

pytestmark = pytest.mark.once

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
ATX_HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")
SETEXT_UNDERLINE = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
# [text](target "title") and ![alt](target); the text may hold one level of brackets.
INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_DEFINITION = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s.*)?$")
HTML_TARGET = re.compile(r"<(?:a|img)\b[^>]*?\b(?:href|src)\s*=\s*[\"']([^\"']+)[\"']", re.IGNORECASE)
HTML_ID = re.compile(r"<[a-z][^>]*?\b(?:id|name)\s*=\s*[\"']([^\"']+)[\"']", re.IGNORECASE)
EXTERNAL = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|//)", re.IGNORECASE)
LINE_ANCHOR = re.compile(r"^L\d+(?:-L\d+)?$")


@dataclass(frozen=True)
class Link:
    source: Path
    line: int
    target: str


def prose_lines(text: str) -> Iterator[tuple[int, str]]:
    """The lines outside fenced code blocks, with their 1-based numbers."""
    fence = None
    for number, line in enumerate(text.splitlines(), start=1):
        opened = FENCE.match(line)
        if fence is None and opened:
            fence = opened.group(1)
        elif (
            fence is not None
            and opened
            and opened.group(1)[0] == fence[0]
            and len(opened.group(1)) >= len(fence)
        ):
            fence = None
        elif fence is None and not line.startswith(("    ", "\t")):
            yield number, line


def heading_texts(text: str) -> Iterator[str]:
    previous = None
    for _number, line in prose_lines(text):
        if match := ATX_HEADING.match(line):
            yield match.group(2)
        elif (
            previous
            and previous.strip()
            and SETEXT_UNDERLINE.match(line)
            and not previous.lstrip().startswith(("-", "*", ">", "|"))
        ):
            yield previous.strip()
        previous = line


def rendered(heading: str) -> str:
    """A heading's text as GitHub renders it: code spans keep their content, links their text,
    emphasis and HTML tags go."""
    text = CODE_SPAN.sub(lambda match: match.group(2).strip(), heading)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"<[^>]+>", "", text)
    text = re.sub(r"(\*+)(.+?)\1", r"\2", text)
    return re.sub(r"(?<![\w])(_+)(.+?)\1(?![\w])", r"\2", text)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lowercase; every character but letters, marks, numbers,
    connector punctuation (_), spaces and hyphens dropped; each space a hyphen."""
    kept = "".join(
        character
        for character in rendered(heading).strip().lower()
        if character in " -"
        or unicodedata.category(character)[0] in "LMN"
        or unicodedata.category(character) == "Pc"
    )
    return kept.replace(" ", "-")


def anchors(text: str) -> set[str]:
    """Every anchor of a Markdown document: its headings' slugs, the repeated ones numbered as
    GitHub numbers them, and the ids of its HTML elements."""
    found: set[str] = set()
    seen: dict[str, int] = {}
    for heading in heading_texts(text):
        base = slug(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    found.update(match.group(1) for _number, line in prose_lines(text) for match in HTML_ID.finditer(line))
    return found


def links(path: Path, text: str) -> Iterator[Link]:
    for number, line in prose_lines(text):
        line = CODE_SPAN.sub("", line)
        for pattern in (INLINE_LINK, HTML_TARGET):
            for match in pattern.finditer(line):
                yield Link(path, number, match.group(1))
        if match := REFERENCE_DEFINITION.match(line):
            yield Link(path, number, match.group(1))


def problem(link: Link, root: Path) -> str | None:
    """What is wrong with one link, or None when it resolves."""
    target = link.target
    if not target or EXTERNAL.match(target):
        return None
    path_part, _, anchor = target.partition("#")
    path_part = path_part.split("?", 1)[0]
    file = (link.source.parent / path_part).resolve() if path_part else link.source
    where = f"{link.source.relative_to(root)}:{link.line}: {target}"
    if path_part.startswith("/") or not file.is_relative_to(root):
        return f"{where}: points outside the repository"
    if not file.exists():
        return f"{where}: no file {file.relative_to(root)}"
    if not anchor:
        return None
    if file.suffix.lower() != ".md":
        return None if LINE_ANCHOR.match(anchor) else f"{where}: #{anchor} in a file that is not Markdown"
    if anchor not in anchors(file.read_text(encoding="utf-8")):
        return f"{where}: no heading #{anchor} in {file.relative_to(root)}"
    return None


def tracked_markdown(root: Path) -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", "*.md"],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return sorted(root / name for name in listed.split("\0") if name and (root / name).exists())


def problems(root: Path, files: list[Path]) -> list[str]:
    return [
        found
        for file in files
        for link in links(file, file.read_text(encoding="utf-8"))
        if (found := problem(link, root))
    ]


def test_every_markdown_link_and_anchor_resolves():
    files = tracked_markdown(ROOT)
    assert ROOT / "README.md" in files
    assert ROOT / "docs" / "table.md" in files
    assert problems(ROOT, files) == []


def test_the_readme_is_a_front_door_with_the_two_commands_first():
    readme = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(readme) <= 150
    first_screen = "\n".join(readme[:25])
    assert "make run" in first_screen
    assert "make test" in first_screen
    guides = {link.target for link in links(ROOT / "README.md", "\n".join(readme))}
    for guide in ("table", "groups", "club", "hosting", "api", "architecture", "testing"):
        assert f"docs/{guide}.md" in guides


@pytest.mark.parametrize(
    ("heading", "anchor"),
    [
        ("Several workers: `make serve`", "several-workers-make-serve"),
        ("A venue of 200 tables (club night, SPEC 11)", "a-venue-of-200-tables-club-night-spec-11"),
        (
            "What was slow, and what was fixed (issue 11, item 5)",
            "what-was-slow-and-what-was-fixed-issue-11-item-5",
        ),
        ("*Our rules* and [links](x.md)", "our-rules-and-links"),
        ("lock_race.py: two devices", "lock_racepy-two-devices"),
        ("The season's cost — sizes", "the-seasons-cost--sizes"),
        ("記分人 and 锄大地", "記分人-and-锄大地"),
    ],
)
def test_headings_are_slugged_as_github_slugs_them(heading, anchor):
    assert slug(heading) == anchor


def test_a_broken_link_or_anchor_is_found(tmp_path):
    """The check can fail: a missing file, a missing heading, a repeated heading's number past
    the repeats, and a link out of the repository are each reported; code is not a link."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "guide.md").write_text(
        "# Guide\n\n## Keys\n\nText\n\n## Keys\n\nMore\n\nSetext\n------\n", encoding="utf-8"
    )
    readme = tmp_path / "README.md"
    readme.write_text(
        "\n".join(
            [
                "# Front",
                "[ok](docs/guide.md#keys) [ok](docs/guide.md#keys-1) [ok](docs/guide.md#setext)",
                "[ok](#front) ![ok](docs/guide.md) [ok](https://example.com/nowhere.md)",
                "[missing file](docs/nowhere.md)",
                "[missing anchor](docs/guide.md#taps)",
                "[past the repeats](docs/guide.md#keys-2)",
                "[outside](../elsewhere.md)",
                '<img src="docs/missing.png" alt="">',
                "`[in code](docs/nowhere.md)`",
                "```",
                "[in a fence](docs/nowhere.md)",
                "```",
            ]
        ),
        encoding="utf-8",
    )
    found = problems(tmp_path, [readme, tmp_path / "docs" / "guide.md"])
    assert found == [
        "README.md:4: docs/nowhere.md: no file docs/nowhere.md",
        "README.md:5: docs/guide.md#taps: no heading #taps in docs/guide.md",
        "README.md:6: docs/guide.md#keys-2: no heading #keys-2 in docs/guide.md",
        "README.md:7: ../elsewhere.md: points outside the repository",
        "README.md:8: docs/missing.png: no file docs/missing.png",
    ]
