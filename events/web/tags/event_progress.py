"""`{% minutes_patterns number %}`: the organizer's line of minutes left as the script fills it,
from the very sentence the server says it with (events/reads/progress.py), in its one and its other
form (all the app's languages have)."""

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from events.reads.progress import minutes_left_pattern

register = template.Library()


@register.simple_tag
def minutes_patterns(number: int) -> SafeString:
    one, other = (minutes_left_pattern(number, count) for count in (1, 2))
    return format_html('data-pattern-one="{}" data-pattern-other="{}"', one, other)
