"""The evening's recap (SPEC 12): a picture to share to the group chat, and the same as text.

`recap_lines` lays the evening out as lines, in the request's language, from the same state
payload every phone gets; `recap.png` draws them (rounds/rules/recap_image.py), `recap.txt` writes
them. Either key reads it: the follow link too, since nothing is changed.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from django.http import HttpRequest, HttpResponse
from django.utils.formats import date_format
from django.utils.translation import get_language, ngettext, pgettext
from django.utils.translation import gettext as _

from rounds.labels import house_label, money, plain_money, signed
from rounds.models import Session
from rounds.reads.selectors import Viewer
from rounds.reads.state import table_state
from rounds.rules.mode import Game
from rounds.rules.recap_image import recap_png
from rounds.rules.recap_lines import HOUSE, Line, best_and_worst, comeback, fries, killed_counts, parties
from rounds.web.jsonapi import session_for_api
from toolkit.jsonapi import endpoint


def recap_lines(session: Session, state: dict) -> list[Line]:
    """Title, standings with totals (and money), who pays whom, best and worst round, fries and
    the biggest comeback: every player named in the standings."""
    names = [player["name"] for player in state["players"]]
    played = len(state["rounds"])
    day = date_format(session.created_at, pgettext("summary date", "j M"))
    tien_len = state["settings"].get("game") == Game.TIEN_LEN
    lines = [
        Line("title", (_("Tiến lên · %(date)s") if tien_len else _("Big Two · %(date)s")) % {"date": day}),
        Line(
            "subtitle",
            (
                ngettext("%(rounds)s round · finished", "%(rounds)s rounds · finished", played)
                if state["finished"]
                else ngettext("%(rounds)s round so far", "%(rounds)s rounds so far", played)
            )
            % {"rounds": played},
        ),
        Line("heading", _("Final standings") if state["finished"] else _("Standings")),
    ]
    settlement = state["settlement"]
    currency = state["settings"].get("currency", "")
    for standing in state["standings"]:
        player = standing["player"]
        value = signed(standing["total"])
        if settlement:
            value = f"{value} · {money(settlement['net'][player], currency)}"
        lines.append(Line("row", f"{standing['rank']}. {names[player]}", value, colour=player))
    everyone = parties(state, house_label(state["settings"]))
    if HOUSE in state:  # paying by place: the house's total (and money) after the players'
        value = signed(state[HOUSE])
        if settlement and HOUSE in settlement:
            value = f"{value} · {money(settlement[HOUSE]['net'], currency)}"
        lines.append(Line("row", everyone[HOUSE], value))
    if settlement:
        lines.append(Line("heading", _("Who pays whom")))
        for transfer in settlement["transfers"]:
            amount = plain_money(transfer["amount"], currency)
            lines.append(
                Line(
                    "note",
                    _("%(payer)s pays %(payee)s %(amount)s")
                    % {
                        "payer": everyone[transfer["from"]],
                        "payee": everyone[transfer["to"]],
                        "amount": amount,
                    },
                )
            )
        if not settlement["transfers"]:
            lines.append(Line("note", _("Everyone is square: nobody pays anybody.")))
    moments = best_and_worst(state)
    if moments is not None:
        for heading, moment in zip((_("Best round"), _("Worst round")), moments, strict=True):
            lines.append(Line("heading", heading))
            lines.append(
                Line(
                    "row",
                    _("Round %(number)s: %(name)s") % {"number": moment.number, "name": names[moment.player]},
                    signed(moment.score),
                    colour=moment.player,
                )
            )
        # Tiến lên has no cards left to fry: who was killed (cóng) instead. Typed scores and a
        # flat rate of one a card fry nobody: no section to say so.
        counted = killed_counts(state) if tien_len else fries(state)
        if counted is not None:
            lines.append(Line("heading", _("Killed (cóng)") if tien_len else _("Fries")))
            fried = [(count, player) for player, count in enumerate(counted) if count]
            for count, player in sorted(fried, key=lambda item: (-item[0], item[1])):
                lines.append(Line("row", names[player], str(count), colour=player))
            if not fried:
                lines.append(Line("note", _("Nobody was killed.") if tien_len else _("Nobody was fried.")))
        back = comeback(state)
        lines.append(Line("heading", _("Biggest comeback")))
        if back is None:
            lines.append(Line("note", _("Nobody came back from behind.")))
        else:
            values = {"name": names[back.player], "points": back.behind, "number": back.number}
            if back.final_behind:
                text = ngettext(
                    "%(name)s was %(points)s point behind the lead after round %(number)s "
                    "and finished %(final)s behind.",
                    "%(name)s was %(points)s points behind the lead after round %(number)s "
                    "and finished %(final)s behind.",
                    back.behind,
                ) % {**values, "final": back.final_behind}
            else:
                text = (
                    ngettext(
                        "%(name)s was %(points)s point behind the lead after round %(number)s and finished first.",
                        "%(name)s was %(points)s points behind the lead after round %(number)s and finished first.",
                        back.behind,
                    )
                    % values
                )
            lines.append(Line("note", text, colour=back.player))
    return lines


def recap_text(lines: list[Line]) -> str:
    """The same lines as plain text: headings set apart, a row's figure after its text."""
    out: list[str] = []
    for line in lines:
        if line.kind == "heading":
            out.append("")
            out.append(line.text)
        else:
            out.append(f"{line.text}  {line.value}" if line.value else line.text)
    return "\n".join(out) + "\n"


def recap_of(key: str) -> tuple[Session, list[Line]]:
    session, _viewer = session_for_api(key)
    return session, recap_lines(session, table_state(session, viewer=Viewer.FOLLOWER))


def filename(session: Session, extension: str) -> str:
    return f'inline; filename="big-two-{session.created_at:%Y-%m-%d}.{extension}"'


def recap_file(
    key: str, render: Callable[[list[Line]], bytes | str], content_type: str, extension: str
) -> HttpResponse:
    session, lines = recap_of(key)
    response = HttpResponse(render(lines), content_type=content_type)
    response["Content-Disposition"] = filename(session, extension)
    response["Cache-Control"] = "no-store"
    return response


def picture_script() -> str:
    """The script the picture's Chinese is drawn in: the page's, Traditional unless Simplified."""
    return "Hans" if get_language() == "zh-hans" else "Hant"


@endpoint("GET")
def recap_image(request: HttpRequest, key: str) -> HttpResponse:
    return recap_file(key, partial(recap_png, script=picture_script()), "image/png", "png")


@endpoint("GET")
def recap_txt(request: HttpRequest, key: str) -> HttpResponse:
    return recap_file(key, recap_text, "text/plain; charset=utf-8", "txt")
