"""The house on the pages (SPEC 3.6): its total beside the players' (data-total="house"), its
share in the rounds list, the chart, Who pays whom, the summary and the CSV export; and nothing
about it in other modes."""

import csv
import io
from html.parser import HTMLParser

import pytest

from rounds.reads.selectors import Viewer
from rounds.reads.state import table_state
from tests.factories import add_rounds, grab_lock, make_session

pytestmark = pytest.mark.django_db

SPEC_ROUNDS = ([3, 0, 7, 5], [3, 0, 11, 5])  # totals A -300, B +1700, C -900, D -600; house +100


def by_place_evening(**fields):
    session = make_session(preset="taiwan-place", value_per_point="0.10", **fields)
    add_rounds(session, *SPEC_ROUNDS)
    session.refresh_from_db()
    return session


class Marked(HTMLParser):
    """The text of every element that carries `attribute`, by the attribute's value, in page order."""

    VOID = {"input", "br", "img", "meta", "link", "circle", "line", "polyline", "hr", "source"}

    def __init__(self, attribute):
        super().__init__(convert_charrefs=True)
        self.attribute = attribute
        self.open: list[tuple[str, str | None, list[str]]] = []
        self.found: dict[str, list[str]] = {}

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        key = (attributes[self.attribute] or "") if self.attribute in attributes else None
        if tag in self.VOID:
            if key is not None:
                self.found.setdefault(key, []).append("")
            return
        self.open.append((tag, key, []))

    def handle_endtag(self, tag):
        while self.open:
            opened, key, parts = self.open.pop()
            text = "".join(parts)
            if key is not None:
                self.found.setdefault(key, []).append(" ".join(text.split()))
            if self.open:
                self.open[-1][2].append(text)
            if opened == tag:
                return

    def handle_data(self, data):
        if self.open:
            self.open[-1][2].append(data)


def marked(html, attribute):
    reader = Marked(attribute)
    reader.feed(html)
    return reader.found


def page(client, url):
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_the_house_total_stands_beside_the_players(client):
    session = by_place_evening()
    html = page(client, f"/s/{session.edit_key}/")
    state = table_state(session, viewer=Viewer.EDITOR)
    totals = marked(html, "data-total")
    assert totals["house"] == [str(state["house"])] == ["100"]
    # Shown with a real minus sign (U+2212), as every negative number on a page.
    shown = [[str(total).replace("-", "\u2212")] for total in state["totals"]]
    assert [totals[str(index)] for index in range(4)] == shown
    assert any("\u2212" in total for (total,) in shown)
    assert marked(html, "data-house-name")[""] == ["House"]
    # Newest first, then the template the script fills.
    assert marked(html, "data-round-house")[""] == ["House +100", "", ""]


def test_a_renamed_house_is_shown_by_its_name(client):
    session = by_place_evening(house_name="Mei")
    html = page(client, f"/s/{session.view_key}/")
    assert marked(html, "data-house-name")[""] == ["Mei"]


def test_who_pays_whom_has_the_house_as_a_party(client):
    session = by_place_evening()
    html = page(client, f"/s/{session.edit_key}/settle/")
    nets = marked(html, "data-net")
    assert set(nets) == {"0", "1", "2", "3", "house"}
    assert nets["house"][0].startswith("House")
    assert nets["house"][0].endswith("10.00")
    to_house = [
        text
        for key, texts in marked(html, "data-transfer").items()
        if key.endswith("-house")
        for text in texts
    ]
    assert len(to_house) == 1
    assert "pays House" in to_house[0]
    assert "House" in marked(html, "data-pairwise")["house"][0]
    assert "House" in marked(html, "data-summary")[""][0]
    assert 'class="line house"' in html


def test_the_house_transfer_is_ticked_off_from_the_plain_form(client):
    session = by_place_evening()
    state = table_state(session, viewer=Viewer.EDITOR)
    transfer = next(t for t in state["settlement"]["transfers"] if t["to"] == "house")
    response = client.post(
        f"/s/{session.edit_key}/settle/paid",
        {"from": transfer["from"], "to": "house", "amount": transfer["amount"], "paid": "1"},
    )
    assert response.status_code == 302
    session.refresh_from_db()
    state = table_state(session, viewer=Viewer.EDITOR)
    assert next(t for t in state["settlement"]["transfers"] if t["to"] == "house")["paid"] is True


def test_the_csv_export_ends_each_round_with_the_house(client):
    session = by_place_evening()
    response = client.get(f"/api/sessions/{session.view_key}/export.csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][-2:] == ["house", "house total"]
    assert [row[-2:] for row in rows[1:]] == [["0", "0"], ["100", "100"]]


def test_other_modes_show_nothing_of_the_house(client):
    session = make_session(preset="classic-points", value_per_point="0.10")
    add_rounds(session, [5, 0, 11, 13], token=grab_lock(session))
    html = page(client, f"/s/{session.edit_key}/")
    assert "house" not in marked(html, "data-total")
    assert not marked(html, "data-round-house")
    assert "house" not in marked(page(client, f"/s/{session.edit_key}/settle/"), "data-net")
    header = client.get(f"/api/sessions/{session.view_key}/export.csv").content.decode().splitlines()[0]
    assert "house" not in header
