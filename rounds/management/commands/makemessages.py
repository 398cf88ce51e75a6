"""makemessages that also finds the JavaScript modules' t() and tn() (static/js/render.js)."""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=t", "--keyword=tn:1,2"]
