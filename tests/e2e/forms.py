"""Shared by the browser tests that fill a rules form (a new session's or a group's)."""


def fill_tiers(form, tiers):
    """Replace the form's tier rows by `tiers`, (times, from cards) each, a row added by its button."""
    while form.locator("[data-action='remove-tier']").count():
        form.locator("[data-action='remove-tier']").first.tap()
    for times, from_cards in tiers:
        form.locator("[data-action='add-tier']").tap()
        row = form.locator("[data-tier-row]").last
        row.locator("[data-tier-times]").fill(times)
        row.locator("[data-tier-from]").fill(from_cards)
