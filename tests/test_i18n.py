"""Every catalog (Traditional and Simplified Chinese, Vietnamese, Indonesian, Filipino) is complete,
in its own language and compiled; every layer a player meets (pages, the language switch, the
JavaScript catalog, API refusals) speaks Traditional Chinese here (tests/test_simplified.py:
Simplified; tests/test_family_languages.py: Vietnamese, Indonesian, Filipino)."""

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings

pytestmark = pytest.mark.django_db

LOCALES = ["zh_Hant", "zh_Hans", "vi", "id", "fil"]
# Chinese, Vietnamese and Indonesian have one form whatever the count; Filipino two (1 and many).
PLURAL_FORMS = {locale: "nplurals=1; plural=0;" for locale in LOCALES} | {
    "fil": "nplurals=2; plural=(n > 1);"
}
CATALOGS = {locale: Path(settings.BASE_DIR) / "locale" / locale / "LC_MESSAGES" for locale in LOCALES}
DOMAINS = ["django", "djangojs"]
EVERY_CATALOG = pytest.mark.parametrize(
    ("locale", "domain"), [(locale, domain) for locale in LOCALES for domain in DOMAINS]
)
PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sd]")
HAN = re.compile(r"[\u4e00-\u9fff]")
# A letter only Vietnamese writes (its vowels with their marks, and đ).
VIETNAMESE = re.compile(
    r"[ăâđêôơưàảãáạằẳẵắặầẩẫấậèẻẽéẹềểễếệìỉĩíịòỏõóọồổỗốộờởỡớợùủũúụừửữứựỳỷỹýỵ]", re.IGNORECASE
)


@pytest.fixture
def msgfmt():
    """GNU gettext's msgfmt; make test installs it, so its absence is a setup fault, not a skip."""
    path = shutil.which("msgfmt")
    if path is None:
        pytest.fail("msgfmt is missing: `make test` installs gettext (apt-get install -y gettext)")
    return path


# --- reading a .po file ---------------------------------------------------------------


def unquote(text):
    """The value of one quoted .po string."""
    body = text.strip()[1:-1]
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), body)


def read_po(path):
    """Entries as dicts: msgid, msgctxt, msgid_plural, msgstr / msgstr[N], and flags."""
    entries = []
    for block in re.split(r"\n\s*\n", path.read_text(encoding="utf-8").strip()):
        entry, key = {"flags": set()}, None
        for line in block.splitlines():
            if line.startswith("#,"):
                entry["flags"].update(flag.strip() for flag in line[2:].split(","))
            elif line.startswith("#"):
                continue
            elif line.startswith('"'):
                entry[key] += unquote(line)
            else:
                key, _, value = line.partition(" ")
                entry[key] = unquote(value)
        entries.append(entry)
    return entries


def messages(locale, domain):
    """The catalog's messages, without the header."""
    return [entry for entry in read_po(CATALOGS[locale] / f"{domain}.po") if entry.get("msgid")]


def translations(entry):
    return [value for key, value in entry.items() if key.startswith("msgstr")]


# --- the catalogs ---------------------------------------------------------------------


@EVERY_CATALOG
def test_every_message_is_translated_and_none_is_fuzzy(locale, domain):
    entries = messages(locale, domain)
    assert len(entries) > (300 if domain == "django" else 40)
    untranslated = [entry["msgid"] for entry in entries if not all(translations(entry))]
    fuzzy = [
        entry["msgid"] for entry in read_po(CATALOGS[locale] / f"{domain}.po") if "fuzzy" in entry["flags"]
    ]
    assert untranslated == []
    assert fuzzy == []


@pytest.mark.parametrize(
    ("locale", "domain"), [(locale, domain) for locale in LOCALES[1:] for domain in DOMAINS]
)
def test_every_catalog_holds_the_same_messages(locale, domain):
    """A message added to one and not another: run `make messages` (it extracts every catalog)."""

    def keys(locale):
        return {(entry.get("msgctxt"), entry["msgid"]) for entry in messages(locale, domain)}

    assert keys(locale) == keys("zh_Hant")


@EVERY_CATALOG
def test_header_names_the_language_and_its_plural_forms(locale, domain):
    header = read_po(CATALOGS[locale] / f"{domain}.po")[0]
    assert header["msgid"] == ""
    assert f"Language: {locale}\n" in header["msgstr"]
    assert "Content-Type: text/plain; charset=UTF-8\n" in header["msgstr"]
    assert f"Plural-Forms: {PLURAL_FORMS[locale]}\n" in header["msgstr"]
    forms = [f"msgstr[{index}]" for index in range(int(PLURAL_FORMS[locale][len("nplurals=")]))]
    plurals = [entry for entry in messages(locale, domain) if "msgid_plural" in entry]
    assert plurals, "the catalog has plural messages"
    for entry in plurals:
        assert [key for key in entry if key.startswith("msgstr")] == forms, entry["msgid"]


@EVERY_CATALOG
def test_translations_keep_every_placeholder(locale, domain):
    """msgfmt checks python-format entries only; the JavaScript catalog has no such flag."""
    for entry in messages(locale, domain):
        wanted = sorted(PLACEHOLDER.findall(entry["msgid"]))
        for text in translations(entry):
            assert sorted(PLACEHOLDER.findall(text)) == wanted, entry["msgid"]


# What a translation may keep as the English has it: keys as printed on the keyboard, names of
# presets and formats, and the words each language's players use as they are (read one by one).
SAME_EVERYWHERE = {"Backspace", "Enter", "Esc", "OK", "Menu", "Laptop", "Tablet", "Big Two", "j M"}
SAME_EVERYWHERE |= {"Tiến lên", "Tiến lên · %(date)s"}  # the game's own name (SPEC 14)
SAME_EVERYWHERE |= {", ", ": ", "1,234.56"}  # a list's separator, a label's colon: "，" "、" "：" in Chinese
SAME_EVERYWHERE |= {",", ";", "."}  # a chat summary's punctuation: "，" "；" "。" in Chinese
KEPT = {
    "zh": SAME_EVERYWHERE
    - {"OK", "Menu", "Laptop", "Tablet", "Big Two", "j M", "Tiến lên", "Tiến lên · %(date)s"},
    "vi": SAME_EVERYWHERE | {"Tiến lên (miền Nam)"},
    "id": SAME_EVERYWHERE
    | {"Skill", "Hong Kong 炒", "Taiwan 100/200/300", "Target", "rival %(rival)s", "Offline", "offline"}
    | {"Keyboard", "Total", "Capsa Banting", "Minus"},
    "fil": SAME_EVERYWHERE
    | {"House", "Hong Kong 炒", "Taiwan 100/200/300", "Standings", "Target", "Currency", "Club night"}
    | {"Screen", "Season", "Number pad", "Rematch", "Rematch: %(names)s", "Offline", "offline", "live"}
    | {"Score", "Keyboard", "Key", "Phone", "Filipino", "Minus", "Four of a kind"},
}


def in_its_language(locale: str, text: str, english: str) -> bool:
    return bool(HAN.search(text)) if locale.startswith("zh") else text != english


@EVERY_CATALOG
def test_translations_are_in_the_catalogs_language(locale, domain):
    """Chinese has Han characters; the other languages differ from the English but for the words
    their players keep (and Vietnamese is written with its own letters: tested below)."""
    kept = KEPT[locale[:2] if locale.startswith("zh") else locale]
    english = [
        entry["msgid"]
        for entry in messages(locale, domain)
        if entry["msgid"] not in kept
        and not all(in_its_language(locale, text, entry["msgid"]) for text in translations(entry))
    ]
    assert english == []


@pytest.mark.parametrize("domain", DOMAINS)
def test_vietnamese_is_written_with_its_own_letters(domain):
    """Nearly every Vietnamese sentence has a letter only Vietnamese writes (ă, ê, ơ, đ, a tone);
    a catalog of unmarked copies would not."""
    entries = messages("vi", domain)
    marked = [entry for entry in entries if all(VIETNAMESE.search(text) for text in translations(entry))]
    assert len(marked) >= 0.9 * len(entries)


# Chinese text (Han, CJK or full-width punctuation) followed by a half-width ? ! : ; or ,
HALF_WIDTH_AFTER_CHINESE = re.compile(
    r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff01-\uff60][?!:;,]"
)


@pytest.mark.parametrize(
    ("locale", "domain"), [(locale, domain) for locale in LOCALES[:2] for domain in DOMAINS]
)
def test_punctuation_after_chinese_is_full_width(locale, domain):
    """After Chinese text ("你是谁？", never "你是谁?") a question mark, exclamation mark, colon,
    semicolon or comma is full-width (？！：；，). Half-width stays where it follows Latin text or a
    placeholder ("%(name)s: …", "Content-Type: application/json")."""
    half_width = [
        text
        for entry in messages(locale, domain)
        for text in translations(entry)
        if HALF_WIDTH_AFTER_CHINESE.search(text)
    ]
    assert half_width == []


# Words no Chinese table says, taken word for word from English: the covering rule is 包牌 at the
# table ("助手規則" is the seed's "assistant rule"; a player reads it as nothing); an example's
# phone is 阿明's or 小明's, not Ann's; the app is 應用程式 / 应用程序 as the home page says.
NOT_SAID_AT_THE_TABLE = {
    "zh_Hant": ["助手規則", "Ann", "Ben", " app "],
    "zh_Hans": ["助手规则", "Ann", "Ben", " app "],
}


@pytest.mark.parametrize(
    ("locale", "domain"), [(locale, domain) for locale in LOCALES[:2] for domain in DOMAINS]
)
def test_chinese_says_what_its_tables_say(locale, domain):
    found = [
        text
        for entry in messages(locale, domain)
        for text in translations(entry)
        if any(word in text for word in NOT_SAID_AT_THE_TABLE[locale])
    ]
    assert found == []


def test_half_width_punctuation_after_chinese_is_found():
    assert HALF_WIDTH_AFTER_CHINESE.search("你是谁?")
    assert HALF_WIDTH_AFTER_CHINESE.search("[起始张数, 每张分数]")
    assert HALF_WIDTH_AFTER_CHINESE.search("完成了!")
    assert not HALF_WIDTH_AFTER_CHINESE.search("你是谁？")
    assert not HALF_WIDTH_AFTER_CHINESE.search("%(name)s: 剩几张？")


@EVERY_CATALOG
def test_msgfmt_accepts_the_catalog(locale, domain, msgfmt):
    result = subprocess.run(
        [msgfmt, "--check", "--statistics", "-o", "/dev/null", str(CATALOGS[locale] / f"{domain}.po")],
        capture_output=True,
        text=True,
        env={"LC_ALL": "C"},
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "untranslated" not in result.stderr
    assert "fuzzy" not in result.stderr
    assert re.fullmatch(r"\d+ translated messages\.\n", result.stderr), result.stderr


@EVERY_CATALOG
def test_compiled_catalog_matches_the_po_file(locale, domain, tmp_path, msgfmt):
    """A .mo left behind after the .po changed fails here: run `manage.py compilemessages`."""
    compiled = CATALOGS[locale] / f"{domain}.mo"
    assert compiled.exists(), f"{compiled} is missing"
    fresh = tmp_path / f"{domain}.mo"
    # The same call compilemessages makes.
    subprocess.run(
        [msgfmt, "--check-format", "-o", str(fresh), str(CATALOGS[locale] / f"{domain}.po")], check=True
    )
    assert compiled.read_bytes() == fresh.read_bytes(), f"{compiled} is stale"


# --- pages ----------------------------------------------------------------------------


@pytest.mark.parametrize("accept", ["zh-TW", "zh-HK", "zh-Hant", "zh-TW,zh;q=0.9,en;q=0.8"])
def test_home_page_speaks_chinese_in_taiwan_and_hong_kong(client, accept):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE=accept)
    page = response.content.decode()
    assert response.status_code == 200
    assert '<html lang="zh-Hant"' in page
    assert "新牌局" in page  # New evening
    assert "開始牌局" in page  # Start the evening
    assert "New evening" not in page
    assert "Start the evening" not in page


def test_home_page_stays_english_for_english(client):
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<html lang="en"' in page
    assert "New evening" in page
    assert "Start the evening" in page
    assert "開始牌局" not in page


def test_language_switch_sticks(client):
    response = client.post("/i18n/setlang/", {"language": "zh-hant", "next": "/"})
    assert response.status_code == 302
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<html lang="zh-Hant"' in page
    assert "開始牌局" in page

    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert "Start the evening" in client.get("/").content.decode()


def test_rules_page_is_chinese(client):
    page = client.get("/rules/", HTTP_ACCEPT_LANGUAGE="zh-TW").content.decode()
    assert "規則與說明" in page  # Rules & help
    assert '<h3 id="covering">包牌</h3>' in page  # Covering (the assistant rule)
    assert "第 7 局正由阿明的手機輸入中" in page


def test_javascript_catalog_is_chinese(client):
    script = client.get("/jsi18n/", HTTP_ACCEPT_LANGUAGE="zh-TW").content.decode()
    # The catalog is JSON with non-ASCII escaped: "已複製連結" arrives as "\\u5df2\\u8907...".
    assert f'"Link copied": {json.dumps("已複製連結")}' in script
    assert f'"Round %(number)s added": {json.dumps("已加入第 %(number)s 局")}' in script
    assert "const v = 0;" in script  # one plural form


def test_javascript_catalog_stays_english_for_english(client):
    script = client.get("/jsi18n/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert json.dumps("已複製連結") not in script


def test_javascript_catalog_leaves_out_the_formats_no_script_reads(client):
    script = client.get("/jsi18n/", HTTP_ACCEPT_LANGUAGE="zh-TW").content.decode()
    assert "django.formats = {}" in script
    assert "DATE_INPUT_FORMATS" not in script
    assert "django.interpolate = function" in script  # what the scripts do use stays


# --- API refusals -----------------------------------------------------------------------


def post_json(client, path, body, **extra):
    return client.post(path, body, content_type="application/json", HTTP_ACCEPT_LANGUAGE="zh-TW", **extra)


def test_refused_session_is_explained_in_chinese(client):
    response = post_json(client, "/api/sessions", {"players": ["Ann"]})
    assert response.status_code == 400
    assert response.json()["error"] == "玩家：請輸入 2 至 4 個名字"


def test_refused_session_stays_english_for_english(client):
    response = client.post(
        "/api/sessions", {"players": ["Ann"]}, content_type="application/json", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.json()["error"] == "Players: give 2 to 4 names"


def test_round_error_keeps_the_player_and_the_number(client):
    created = post_json(client, "/api/sessions", {"players": ["Ann", "Ben", "Cat", "Dan"]})
    assert created.status_code == 201, created.json()
    key = created.json()["id"]
    locked = post_json(client, f"/api/sessions/{key}/lock", {"device": "x"})
    assert locked.status_code == 200, locked.json()

    response = post_json(
        client,
        f"/api/sessions/{key}/rounds",
        {"cards": [0, 14, 1, 2]},
        headers={"X-Entry-Lock": locked.json()["token"]},
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert error == "Ben：14 張多於一手牌"
    assert "Ben" in error
    assert "14" in error


def test_lock_refusal_names_the_holder_in_chinese(client):
    key = post_json(client, "/api/sessions", {"players": ["Ann", "Ben"]}).json()["id"]
    assert post_json(client, f"/api/sessions/{key}/lock", {"device": "Ann's phone"}).status_code == 200
    refused = post_json(client, f"/api/sessions/{key}/lock", {"device": "Ben's phone"})
    assert refused.status_code == 409
    assert refused.json()["error"] == "第 1 局正由 Ann's phone 輸入中"
