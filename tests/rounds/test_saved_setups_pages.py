"""SPEC 5: the pages that offer a device's own setups say so in both languages (the list itself is
drawn by static/js/setups.js; tests/e2e/test_our_rules.py saves, chooses and forgets one)."""

import pytest

from rounds import services
from rounds.inputs import clean_settings

pytestmark = pytest.mark.django_db


@pytest.fixture
def session():
    return services.session_create(players=["Ann", "Ben"], settings=clean_settings({}))


@pytest.mark.parametrize(
    ("language", "offered", "save"),
    [("en", "Saved on this device", "Save the rules"), ("zh-TW", "存在這部裝置上", "儲存規則")],
)
def test_home_offers_saved_setups_and_every_session_page_saves_them(client, session, language, offered, save):
    headers = {"accept-language": language}
    assert offered in client.get("/", headers=headers).content.decode()
    for key in (session.edit_key, session.view_key):
        page = client.get(f"/s/{key}/", headers=headers).content.decode()
        assert "data-setup-name" in page
        assert save in page
