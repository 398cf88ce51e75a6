"""scripts/draft_hans.py, the step of `make messages` that drafts zh_Hans from zh_Hant: it fills
what has no translation, through OpenCC and the glossary, and never touches a hand translation."""

import importlib.util
from pathlib import Path

import polib
import pytest
from django.conf import settings

SCRIPT = Path(settings.BASE_DIR) / "scripts" / "draft_hans.py"
spec = importlib.util.spec_from_file_location("draft_hans", SCRIPT)
draft_hans = importlib.util.module_from_spec(spec)
spec.loader.exec_module(draft_hans)

HEADER = {"Content-Type": "text/plain; charset=UTF-8", "Plural-Forms": "nplurals=1; plural=0;"}


def write(path, language, entries):
    po = polib.POFile()
    po.metadata = {**HEADER, "Language": language}
    for entry in entries:
        po.append(entry)
    po.save(str(path))
    return path


@pytest.fixture
def catalogs(tmp_path):
    hant = write(
        tmp_path / "hant.po",
        "zh_Hant",
        [
            polib.POEntry(msgid="Big Two scorekeeper", msgstr="大老二／鋤大D 計分器"),
            polib.POEntry(msgid="Nobody was fried.", msgstr="沒有人被炒。"),
            polib.POEntry(msgid="Undo", msgstr="復原"),
            polib.POEntry(msgid="Copy link", msgstr="複製連結"),
            polib.POEntry(msgid="F=11 to fry", msgstr="F=11 表示 11 張起炸牌"),
            polib.POEntry(
                msgid="%(rounds)s round", msgid_plural="%(rounds)s rounds", msgstr_plural={0: "%(rounds)s 局"}
            ),
            polib.POEntry(msgid="To", msgctxt="date range", msgstr="至"),
            polib.POEntry(msgid="Not yet in Traditional", msgstr=""),
        ],
    )
    hans = tmp_path / "hans.po"
    po = polib.POFile()
    po.metadata = {**HEADER, "Language": ""}
    po.metadata_is_fuzzy = True
    for entry in polib.pofile(str(hant)):
        empty = {"msgstr_plural": {0: ""}} if entry.msgid_plural else {}
        po.append(
            polib.POEntry(msgid=entry.msgid, msgid_plural=entry.msgid_plural, msgctxt=entry.msgctxt, **empty)
        )
    po.find("Nobody was fried.").msgstr = "没人被炒"  # by hand: kept
    guessed = po.find("Copy link")
    guessed.msgstr, guessed.flags = "复制", ["fuzzy"]  # msgmerge's guess: redrafted
    po.save(str(hans))
    return hant, hans


def test_empty_and_fuzzy_entries_are_drafted_and_hand_translations_kept(catalogs):
    hant, hans = catalogs
    drafted, missing = draft_hans.draft(hant, hans)
    po = polib.pofile(str(hans))
    assert po.find("Big Two scorekeeper").msgstr == "锄大地计分器"
    assert po.find("Nobody was fried.").msgstr == "没人被炒"
    assert po.find("Undo").msgstr == "撤销"
    assert po.find("Copy link").msgstr == "复制链接"
    assert po.find("Copy link").fuzzy is False
    assert po.find("F=11 to fry").msgstr == "F=11 表示 11 张起炒牌"
    assert po.find("%(rounds)s round").msgstr_plural == {0: "%(rounds)s 局"}
    assert po.find("To", msgctxt="date range").msgstr == "至"
    assert po.find("Not yet in Traditional").msgstr == ""
    assert sorted(drafted) == sorted(
        ["Big Two scorekeeper", "Undo", "Copy link", "F=11 to fry", "%(rounds)s round", "To"]
    )
    assert missing == ["Not yet in Traditional"]
    assert draft_hans.DRAFT in po.find("Undo").tcomment
    assert not po.find("Nobody was fried.").tcomment
    assert po.metadata["Language"] == "zh_Hans"
    assert not po.metadata_is_fuzzy


def test_a_second_run_changes_nothing(catalogs):
    hant, hans = catalogs
    draft_hans.draft(hant, hans)
    first = hans.read_bytes()
    drafted, missing = draft_hans.draft(hant, hans)
    assert drafted == []
    assert missing == ["Not yet in Traditional"]
    assert hans.read_bytes() == first


def test_every_draft_in_the_catalogs_was_read_by_a_person():
    """A drafted entry carries DRAFT until someone has read it and deleted the line: none may ship."""
    for domain in ("django", "djangojs"):
        po = polib.pofile(
            str(Path(settings.BASE_DIR) / "locale" / "zh_Hans" / "LC_MESSAGES" / f"{domain}.po")
        )
        unread = [entry.msgid for entry in po if draft_hans.DRAFT in (entry.tcomment or "")]
        assert unread == [], f"{domain}: drafts not read yet"
