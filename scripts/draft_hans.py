"""Simplified Chinese drafted from Traditional: `make messages` runs this after extracting both catalogs.

Every zh_Hans entry with no translation, or with only msgmerge's fuzzy guess, takes the zh_Hant
translation of the same message, converted by OpenCC (tw2sp: Taiwan's characters and phrases to
the mainland's) and then by GLOSSARY (the game's own words as tables in Singapore, Malaysia and the
mainland say them). Each draft carries the translator comment DRAFT until a person has read it and
deleted the comment. An entry that already has a translation is never touched, so a hand-made
Simplified wording survives every later run. A message whose zh_Hant translation is itself missing
or fuzzy is left empty and named: translate it in zh_Hant first, then run it again.

    .venv/bin/python scripts/draft_hans.py          # both domains, in locale/
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import polib
from opencc import OpenCC

ROOT = Path(__file__).resolve().parent.parent
DOMAINS = ("django", "djangojs")
DRAFT = "draft from zh_Hant (scripts/draft_hans.py): read it, then delete this line"

# Applied in order to OpenCC's output. The game's name is 锄大地 (not 大老二 nor 锄大D); a hand with
# many cards left is 炒; the suits and hands as mainland decks print them; a follow link is one
# word (观看链接); the words where tw2sp keeps a Taiwan or Hong Kong one (送出, 点按, 这支手机,
# 复原 for Undo, 纸本纪录) or picks a mainland word that means something else here (缺省 is
# "default", not "preset"); and mainland quotation marks.
GLOSSARY: tuple[tuple[str, str], ...] = (
    ("大老二／锄大D", "锄大地"),
    ("锄大D", "锄大地"),
    ("炸牌", "炒牌"),
    ("红心", "红桃"),
    ("葫芦（俘虏）", "葫芦"),
    ("铁支（四条）", "四条（铁支）"),
    ("追踪链接", "观看链接"),
    ("缺省", "预设"),
    ("拷贝", "复制"),
    ("权杖", "令牌"),
    ("投影机", "投影仪"),
    ("档", "文件"),
    ("纸本", "纸质"),
    ("纪录", "记录"),
    (" QR 码", "二维码"),
    ("QR 码", "二维码"),
    ("送出", "发送"),
    ("支手机", "部手机"),
    ("复原", "撤销"),
    ("点按", "点击"),
    ("脱机", "离线"),
    ("即时", "实时"),
    ("逾时", "超时"),
    ("依序", "按顺序"),
    ("要嘛", "要么"),
    ("注解", "注释"),
    ("完场", "结束"),
    ("自订", "自定"),
    ("「", "“"),
    ("」", "”"),
)
# No space between the game's name and the Chinese word after it (大老二／鋤大D 計分器: 锄大地计分器).
NAME_SPACE = re.compile(r"(?<=锄大地) (?=[\u4e00-\u9fff])")

TITLE = (
    "Simplified Chinese (Singapore, Malaysia, the mainland) translation of the Big Two scorekeeper.\n"
    "This file is distributed under the same license as the bigtwo-scorekeeper package.\n"
)
HEADER = {
    "Project-Id-Version": "bigtwo-scorekeeper 1.0.0",
    "PO-Revision-Date": "2026-12-04 23:00+0000",
    "Last-Translator": "Big Two scorekeeper translators",
    "Language-Team": "Chinese (Simplified)",
    "Language": "zh_Hans",
    "Content-Type": "text/plain; charset=UTF-8",
    "Plural-Forms": "nplurals=1; plural=0;",
}

_converter = OpenCC("tw2sp")


def simplified(text: str) -> str:
    """Traditional text in Simplified, the glossary's words in place."""
    text = _converter.convert(text)
    for drafted, wanted in GLOSSARY:
        text = text.replace(drafted, wanted)
    return NAME_SPACE.sub("", text)


def key(entry: polib.POEntry) -> tuple[str | None, str, str]:
    return entry.msgctxt, entry.msgid, entry.msgid_plural


def usable(entry: polib.POEntry | None) -> bool:
    """A zh_Hant translation to draft from: complete and not fuzzy."""
    if entry is None or entry.fuzzy or entry.obsolete:
        return False
    if entry.msgid_plural:
        return bool(entry.msgstr_plural) and all(entry.msgstr_plural.values())
    return bool(entry.msgstr)


def wanting(entry: polib.POEntry) -> bool:
    """A zh_Hans entry with no translation of its own yet."""
    return entry.fuzzy or not usable(entry)


def draft(hant_path: Path, hans_path: Path) -> tuple[list[str], list[str]]:
    """Fill hans_path's empty or fuzzy entries from hant_path; (drafted, left empty) msgids."""
    hant = {key(entry): entry for entry in polib.pofile(str(hant_path)) if not entry.obsolete}
    hans = polib.pofile(str(hans_path))
    fresh = hans.metadata.get("Language") != HEADER["Language"]
    if fresh:  # as makemessages first writes it: its placeholders replaced
        hans.metadata.update(HEADER)
        hans.metadata_is_fuzzy = False
        hans.header = TITLE
    drafted, missing = [], []
    for entry in hans:
        if entry.obsolete or not wanting(entry):
            continue
        source = hant.get(key(entry))
        if not usable(source):
            missing.append(entry.msgid)
            continue
        if entry.msgid_plural:
            entry.msgstr_plural = {index: simplified(text) for index, text in source.msgstr_plural.items()}
        else:
            entry.msgstr = simplified(source.msgstr)
        entry.flags = [flag for flag in entry.flags if flag != "fuzzy"]
        entry.previous_msgid = entry.previous_msgid_plural = entry.previous_msgctxt = None
        entry.tcomment = "\n".join(filter(None, [entry.tcomment, DRAFT]))
        drafted.append(entry.msgid)
    if fresh or drafted:
        hans.save()
        # Wrapped as gettext wraps it, so the next makemessages changes no line of it.
        subprocess.run(["msgcat", "-o", str(hans_path), str(hans_path)], check=True)
    return drafted, missing


def main() -> int:
    left = 0
    for domain in DOMAINS:
        folder = "{}/LC_MESSAGES/" + f"{domain}.po"
        hant_path = ROOT / "locale" / folder.format("zh_Hant")
        hans_path = ROOT / "locale" / folder.format("zh_Hans")
        drafted, missing = draft(hant_path, hans_path)
        print(
            f"{hans_path.relative_to(ROOT)}: {len(drafted)} drafted from zh_Hant, {len(missing)} left empty"
        )
        for msgid in drafted:
            print(f"  drafted: {msgid[:90]}")
        for msgid in missing:
            print(f"  no zh_Hant translation yet: {msgid[:90]}")
        left += len(missing)
    if left:  # a warning, not a failure: the catalogs still compile, and the tests name them
        print("Translate the messages named above in locale/zh_Hant, then run `make messages` again.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
