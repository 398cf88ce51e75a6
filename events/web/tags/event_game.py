"""`{% event_game event %}`: the game a night's tables play ("tien_len" or "big_two"), for the
bar's name on the night's pages: a Tiến lên night's say Tiến lên at the top, as its tables' do
(rounds' `{% game_name %}`)."""

from django import template

from events.models import Event
from events.reads.table_rules import tables_game

register = template.Library()


@register.simple_tag
def event_game(event: Event) -> str:
    return tables_game(event).value
