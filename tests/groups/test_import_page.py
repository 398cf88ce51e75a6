"""The import page of a group, without JavaScript: paste or upload, preview, then import."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from groups.models import GroupEvening
from groups.services import group_writes as services
from tests.groups.test_paper_import import SAMPLE

pytestmark = pytest.mark.django_db


@pytest.fixture
def group():
    return services.group_create(name="Paper")


def test_a_pasted_log_is_previewed_then_imported(client, group):
    page = client.post(f"/g/{group.edit_key}/import", {"log": SAMPLE})
    html = page.content.decode()
    assert page.status_code == 200
    assert 'data-preview="sessions">2<' in html
    assert 'data-preview="rounds">4<' in html
    assert 'data-preview="players">Ann, Ben, Cat, Dan<' in html
    assert 'data-preview="dates">2013-03-19 – 2013-03-26<' in html
    assert not GroupEvening.objects.exists()
    done = client.post(f"/g/{group.edit_key}/import", {"log": SAMPLE, "commit": "1"})
    assert done.status_code == 302
    assert done["Location"] == f"/g/{group.edit_key}/"
    assert GroupEvening.objects.filter(group=group, imported=True).count() == 2
    season = client.get(done["Location"]).content.decode()
    assert season.count("from a paper log") == 2
    assert "Imported 2 tables of 4 rounds in all from the paper log." in season  # said once, then gone
    assert "Imported 2 tables" not in client.get(done["Location"]).content.decode()


def test_a_log_of_one_day_names_the_day_once(client, group):
    html = client.post(f"/g/{group.edit_key}/import", {"log": "2013-03-19\nAnn Ben\n0 3\n"}).content.decode()
    assert 'data-preview="dates">2013-03-19<' in html


def test_an_uploaded_file_is_previewed(client, group):
    upload = SimpleUploadedFile("thursdays.txt", ("\ufeff" + SAMPLE).encode(), content_type="text/plain")
    page = client.post(f"/g/{group.edit_key}/import", {"file": upload})
    assert 'data-preview="rounds">4<' in page.content.decode()


@pytest.mark.parametrize("log", ["# only a comment\n\n", "2013-03-19  # a date, no table yet\n"])
def test_a_log_without_rounds_offers_nothing_to_import(client, group, log):
    html = client.post(f"/g/{group.edit_key}/import", {"log": log}).content.decode()
    assert "data-import-empty" in html
    assert "nothing to import" in html
    assert 'data-action="commit-import"' not in html


def test_a_log_with_a_bad_line_shows_no_preview_to_import(client, group):
    html = client.post(f"/g/{group.edit_key}/import", {"log": SAMPLE + "x 0 3 4\n"}).content.decode()
    assert "data-import-error" in html
    assert "data-import-preview" not in html
    assert 'data-action="commit-import"' not in html


def test_a_bad_line_is_shown_with_its_number_and_nothing_is_stored(client, group):
    page = client.post(
        f"/g/{group.edit_key}/import", {"log": "2013-03-19\nAnn Ben\n0 3\nAnn Ben\n3 4\n", "commit": "1"}
    )
    html = page.content.decode()
    assert page.status_code == 400
    assert 'data-line="5"' in html
    assert "Line 5:" in html
    assert "Ann Ben\n0 3" in html  # the log stays in the box to be fixed
    assert not GroupEvening.objects.exists()


def test_only_the_edit_link_imports(client, group):
    assert client.get(f"/g/{group.view_key}/import").status_code == 404
    assert client.post(f"/g/{group.view_key}/import", {"log": SAMPLE, "commit": "1"}).status_code == 404
    assert client.get(f"/g/{group.edit_key}/import").status_code == 200
    assert not GroupEvening.objects.exists()
