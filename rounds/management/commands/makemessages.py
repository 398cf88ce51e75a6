"""makemessages that also finds the JavaScript modules' t() and tn() (static/js/render.js), and the
refusals' plural messages, marked with ngettext_noop (rounds/rules/ruleset.py)."""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        "--keyword=t",
        "--keyword=tn:1,2",
        "--keyword=ngettext_noop:1,2",
    ]
