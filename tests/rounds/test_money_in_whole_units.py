"""Money as Vietnamese and Indonesian tables write it (issues 40, 41): đồng and rupiah in whole
units grouped with dots (1.000.000 ₫, Rp25.000), pesos with centavos (₱12.50); the settle page
of a session in đồng says so; cents after the page's decimal mark (€6,50 on a Vietnamese page,
as its stats write 1,9)."""

import pytest
from django.urls import reverse
from django.utils import translation

from rounds.labels import WHOLE_UNITS, money, plain_money
from rounds.rules.settlement import WHOLE_UNIT_CURRENCIES, whole_units_typed


@pytest.mark.parametrize(
    ("amount", "currency", "shown"),
    [
        ("-7000.00", "VND", "−7.000 ₫"),
        ("1234567.50", "VND", "+1.234.568 ₫"),
        ("25000.00", "IDR", "+Rp25.000"),
        ("-12.50", "PHP", "−₱12.50"),
        ("6.50", "EUR", "+€6.50"),
        ("0.00", "VND", "0 ₫"),
    ],
)
def test_money_reads_as_each_country_writes_it(amount, currency, shown):
    assert money(amount, currency) == shown


@pytest.mark.parametrize(
    ("language", "shown"),
    [("en", "+€6.50"), ("vi", "+€6,50"), ("id", "+€6,50"), ("fil", "+€6.50"), ("zh-hant", "+€6.50")],
)
def test_cents_follow_the_pages_decimal_mark(language, shown):
    with translation.override(language):
        assert money("6.50", "EUR") == shown
        assert money("-1234567.50", "VND") == "−1.234.568 ₫"  # whole units: dots group, whatever the page


@pytest.mark.django_db
def test_a_vietnamese_settle_page_writes_cents_as_its_stats_do(api, client):
    state = api.post(
        "/api/sessions", {"players": ["An", "Bình"], "game": "tien_len", "value_per_point": "0.50"}
    ).json()
    token = api.post(f"/api/sessions/{state['id']}/lock", {"device": "An's phone"}).json()["token"]
    api.post(f"/api/sessions/{state['id']}/rounds", {"order": [0, 1]}, token=token)
    page = client.get(state["links"]["settle"], headers={"accept-language": "vi"}).content.decode()
    assert "0,50" in page
    assert "+1,00" in page
    assert "−1,00" in page
    assert "1.00<" not in page
    assert "0.50 " not in page


@pytest.mark.django_db
def test_the_rules_pages_money_example_in_vietnamese(client):
    page = client.get(reverse("rounds:rules"), headers={"accept-language": "vi"}).content.decode()
    assert "18&nbsp;×&nbsp;0,50&nbsp;=&nbsp;9,00" in page
    assert "<td>−6,50</td>" in page
    assert "<td>+29,50</td>" in page
    assert "<td>7,00</td>" in page
    assert "B được +14,50 còn A mất 2,50" in page


def test_plain_money_drops_the_sign():
    assert plain_money("-1000000.00", "VND") == "1.000.000 ₫"


@pytest.mark.django_db
def test_the_settle_page_of_an_evening_in_dong(api, client):
    state = api.post(
        "/api/sessions",
        {"players": ["An", "Bình"], "game": "tien_len", "value_per_point": "5000", "currency": "VND"},
    ).json()
    token = api.post(f"/api/sessions/{state['id']}/lock", {"device": "An's phone"}).json()["token"]
    api.post(f"/api/sessions/{state['id']}/rounds", {"order": [0, 1]}, token=token)
    page = client.get(state["links"]["settle"], headers={"accept-language": "vi"}).content.decode()
    assert "10.000 ₫" in page
    assert ">10000.00<" not in page
    assert (
        'id="wager-value" name="value_per_point" inputmode="decimal" placeholder="0,50" value="5000"' in page
    )


@pytest.mark.parametrize(
    ("amount", "shown"),
    [("58000.00", "+Rp58.000"), ("-1000.00", "−Rp1.000")],
)
def test_rupiah_typed_as_rp_reads_as_rupiah(amount, shown):
    # An Indonesian table types its symbol, "Rp"; it is stored as a code's capitals ("RP") and
    # showed "+RP58000.00" at the table (QA, issue of the qa-idfil evening).
    assert money(amount, "RP") == shown
    assert money("-7000.00", "₫") == "−7.000 ₫"
    assert plain_money(amount, "RP") == shown.lstrip("+−")


@pytest.mark.parametrize(
    ("typed", "currency", "kept"),
    [
        ("5.000", "VND", "5000.00"),  # as a Vietnamese table writes five thousand đồng
        ("1.000.000", "vnd", "1000000.00"),
        ("25,000", "IDR", "25000.00"),
        ("25.000", "Rp", "25000.00"),  # the rupiah by its symbol
        ("5.000", "₫", "5000.00"),
        ("5000", "VND", "5000.00"),
        ("1.5", "VND", "1.50"),  # not thousands: read as it is
        ("5.000", "EUR", "5.00"),  # in euros a decimal point, as before
        ("0.50", "EUR", "0.50"),
    ],
)
@pytest.mark.django_db
def test_a_value_per_point_typed_with_its_thousands_grouped_in_dong_or_rupiah(api, typed, currency, kept):
    state = api.post(
        "/api/sessions", {"players": ["An", "Bình"], "value_per_point": typed, "currency": currency}
    ).json()
    assert state["settings"]["value_per_point"] == kept


@pytest.mark.django_db
def test_the_wager_changed_alone_reads_the_sessions_currency(api):
    """Who pays whom sends the amount and the currency; a change of the amount alone is read in
    the session's currency."""
    state = api.post("/api/sessions", {"players": ["An", "Bình"], "currency": "IDR"}).json()
    token = api.post(f"/api/sessions/{state['id']}/lock", {"device": "An's phone"}).json()["token"]
    changed = api.patch(f"/api/sessions/{state['id']}", {"value_per_point": "2.500"}, token=token)
    assert changed.status_code == 200, changed.content
    assert changed.json()["settings"]["value_per_point"] == "2500.00"


def test_grouped_thousands_are_whole_units_only_when_grouped_as_thousands():
    assert whole_units_typed("12.500") == 12500
    assert whole_units_typed(" 1,000,000 ") == 1000000
    for text in ("0.500", "1.50", "1.000,000", "1.0000", "12500", ".500", "1.000."):
        assert whole_units_typed(text) is None, text
    assert WHOLE_UNITS.keys() == WHOLE_UNIT_CURRENCIES


@pytest.mark.parametrize(
    ("language", "amount", "currency", "shown"),
    [
        ("zh-hant", "-2300.00", "TWD", "−NT$2,300.00"),
        ("zh-hant", "1050.00", "HKD", "+HK$1,050.00"),
        ("zh-hans", "1234567.50", "CNY", "+¥1,234,567.50"),
        ("en", "1050.00", "", "+1,050.00"),
        ("fil", "1050.00", "PHP", "+₱1,050.00"),
        ("zh-hant", "999.50", "", "+999.50"),
        ("vi", "1050.00", "USD", "+$1.050,00"),  # the comma is its decimal mark
        ("id", "1050.00", "EUR", "+€1.050,00"),
    ],
)
def test_money_groups_its_thousands_as_the_page_language_writes_them(language, amount, currency, shown):
    """A Taiwan table's NT$2,300 read 2300.00 (and HK$1050.00 in Hong Kong)."""
    with translation.override(language):
        assert money(amount, currency) == shown


@pytest.mark.django_db
def test_the_settle_page_groups_a_taiwan_tables_thousands(api, client):
    state = api.post(
        "/api/sessions",
        {
            "players": ["阿明", "阿芬", "志強", "美玲"],
            "preset": "taiwan-place",
            "value_per_point": "1",
            "currency": "TWD",
        },
    ).json()
    token = api.post(f"/api/sessions/{state['id']}/lock", {"device": "阿明的手機"}).json()["token"]
    for cards in ([3, 0, 7, 5], [3, 0, 11, 5]):
        api.post(f"/api/sessions/{state['id']}/rounds", {"cards": cards}, token=token)
    page = client.get(f"/s/{state['id']}/settle/", HTTP_ACCEPT_LANGUAGE="zh-TW").content.decode()
    assert "+NT$1,700.00" in page  # 600 + 1100
    assert "NT$1700" not in page
