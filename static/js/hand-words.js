// On the page of a table whose host calls a deal a hand (an event's table, SPEC 11.1: a round is
// the event's draw), the script's sentences about a round say hand. The page says so with
// data-words="hands" (events/_table_banner.html); render.js's t() and tn() look here first.

export const handsPage = () => document.querySelector("[data-words='hands']") !== null;

export const HAND_WORDS = {
  "The round is on its way; once it is in, Undo takes it back": () =>
    gettext("The hand is on its way; once it is in, Undo takes it back"),
  "The evening is over: Reopen and play on to add a round": () =>
    gettext("This table has played its hands: the organizer draws the next round"),
  "Correct round %(number)s": () => gettext("Correct hand %(number)s"),
  "Save round %(number)s": () => gettext("Save hand %(number)s"),
  "No round is being entered: type or tap the first player's cards left to start one": () =>
    gettext("No hand is being entered: type or tap the first player's cards left to start one"),
  "Round %(number)s corrected": () => gettext("Hand %(number)s corrected"),
  "Round %(number)s added": () => gettext("Hand %(number)s added"),
  "Delete round %(number)s? The totals will change; the round stays in the history.": () =>
    gettext("Delete hand %(number)s? The totals will change; the hand stays in the history."),
  "Round %(number)s deleted": () => gettext("Hand %(number)s deleted"),
  "Round %(number)s is back as it was": () => gettext("Hand %(number)s is back as it was"),
  "Round %(number)s restored": () => gettext("Hand %(number)s restored"),
  "Delete round %(number)s": () => gettext("Delete hand %(number)s"),
  "New round": () => gettext("New hand"),
  "+%(count)s round pending, not in the totals yet": (count) =>
    ngettext("+%(count)s hand pending, not in the totals yet", "+%(count)s hands pending, not in the totals yet", count),
};
