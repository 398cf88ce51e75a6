// Show a state payload (the same one the server renders the page from) in the page.
// Display only: every number shown here was computed by the server, and every sentence was
// rendered by the page, translated, with its numbers left as %(…)s (data-pattern-*): this fills them.

export function fill(pattern, values) {
  return pattern.replace(/%\((\w+)\)s/g, (_, key) => values[key]);
}

// The sentences an element of the page carries (rounds/web/tags/page_labels.py: patterns).
const patterns = (selector) => document.querySelector(selector)?.dataset ?? {};

// A page whose host calls a deal a hand (an event's table) renders the script's sentences about a
// round in its words, translated: data-hand-words, {sentence: pattern, or [one, other]}. Read again
// when the host redraws it (an event's banner, as the night moves on).
let handWords = null;
let wordsRead;
function wordsOfPage() {
  const source = document.querySelector("[data-hand-words]")?.dataset.handWords;
  if (source !== wordsRead) {
    wordsRead = source;
    handWords = source ? JSON.parse(source) : null;
  }
  return handWords;
}

// Sentences only the script shows come from the JavaScript catalog.
export const t = (text, values) => {
  const translated = wordsOfPage()?.[text] ?? (window.gettext ? window.gettext(text) : text);
  return values ? fill(translated, values) : translated;
};

export const tn = (singular, plural, count, values) => {
  const worded = wordsOfPage()?.[singular];
  const form = window.pluralidx ? window.pluralidx(count) : Number(count !== 1);
  const text = worded ? worded[form ? 1 : 0] : window.ngettext ? window.ngettext(singular, plural, count) : count === 1 ? singular : plural;
  return fill(text, values);
};

// The page renders a plural sentence's two forms, of 1 and of 2; the catalog's rule picks one.
function plural(sentences, name, count) {
  const form = window.pluralidx ? window.pluralidx(count) : Number(count !== 1);
  return sentences[`${name}${form ? "Other" : "One"}`];
}

// Every negative number shown has a real minus sign (U+2212), as the server's pages do (table.py: minus).
export const number = (value) => String(value).replace(/^-/, "\u2212");

export function signed(score) {
  if (score === 0) return "0";
  const sentences = patterns("[data-pattern-signed-up]");
  return fill(score > 0 ? sentences.patternSignedUp : sentences.patternSignedDown, { points: Math.abs(score) });
}

export function roundLabel(number) {
  return fill(patterns("[data-round-heading]").patternRound, { number });
}

export function roundHeading(state) {
  const sentences = patterns("[data-round-heading]");
  const played = state.rounds.length;
  if (state.finished) return fill(plural(sentences, "patternFinished", played), { count: played });
  const limit = state.settings.rounds;
  if (limit) return fill(sentences.patternRoundOf, { number: state.next.round, limit });
  return fill(sentences.patternRound, { number: state.next.round });
}

export function directionLabel(direction) {
  const sentences = patterns("[data-direction]");
  return direction === "clockwise" ? sentences.patternClockwise : sentences.patternCounterclockwise;
}

export function lockMessage(state) {
  const lock = state.lock;
  const sentences = patterns("[data-lock-area]");
  if (lock.round) return fill(sentences.patternLockCorrected, { round: lock.round, holder: lock.holder });
  return fill(sentences.patternLockEntered, { round: state.next.round, holder: lock.holder });
}

function setText(root, selector, text) {
  for (const element of root.querySelectorAll(selector)) element.textContent = text;
}

function flash(element) {
  element.classList.remove("changed");
  void element.offsetWidth; // restart the animation
  element.classList.add("changed");
}

export function renderScoreboard(root, state) {
  state.players.forEach((player, index) => {
    const total = root.querySelector(`[data-total="${index}"]`);
    if (total && total.textContent !== number(player.total)) {
      total.textContent = number(player.total);
      total.dataset.digits = String(total.textContent.length); // a long total shrinks to its card (app.css)
      flash(total);
    }
    setText(root, `[data-rank="${index}"]`, `#${player.rank}`);
    for (const left of root.querySelectorAll(`[data-to-target="${index}"]`)) {
      if (state.to_target) left.textContent = fill(left.dataset.pattern, { points: number(state.to_target[index]) });
    }
    for (const badge of root.querySelectorAll(`[data-deals="${index}"]`)) badge.hidden = state.next.dealer !== index;
    for (const badge of root.querySelectorAll(`[data-leads="${index}"]`)) badge.hidden = state.next.leader !== index;
  });
  renderHouse(root, state);
  for (const section of root.querySelectorAll("[data-scoreboard-section]")) section.classList.toggle("is-finished", state.finished);
  setText(root, "[data-round-heading]", roundHeading(state));
  setText(root, "[data-direction]", directionLabel(state.next.direction));
  // Later rounds show the leader as a badge; round 1 is led by whoever holds 3♦.
  for (const element of root.querySelectorAll("[data-leader-text]")) element.hidden = state.next.leader !== null;
}

// Paying by place: the house's total beside the players' (SPEC 3.6), named as the session names it.
function houseName(element, state) {
  return state.settings.house_name || element.dataset.houseDefault;
}

function renderHouse(root, state) {
  if (state.house === undefined) return;
  const total = root.querySelector('[data-total="house"]');
  if (total && total.textContent !== number(state.house)) {
    total.textContent = number(state.house);
    total.dataset.digits = String(total.textContent.length); // a long total shrinks to its card (app.css)
    flash(total);
  }
  for (const name of root.querySelectorAll("[data-house-name]")) name.textContent = houseName(name, state);
}

// A player's cell of a round, as rounds/rules/hands.py hand_cell writes it: cards left; Tiến lên's place (✕ killed, ★ instant).
export function handCell({ cards, order, killed = [], instant }, index) {
  if (instant != null) return instant === index ? "★" : "";
  if (order) return (order.includes(index) ? order.indexOf(index) + 1 : "") + (killed.includes(index) ? "✕" : "");
  return cards ? String(cards[index]) : "";
}

// A cell of a hand not stored yet (offline.js, reconcile.js): handCell's, or the score typed.
export const pendingCell = (hand, index) => handCell(hand, index) || (hand.cards || hand.order || !hand.scores ? "" : signed(hand.scores[index]));

// A hand as the rounds list shows it, to append: the cards left or the place, and a Tiến lên mark
// (✕ killed, ★ instant win) as the list's own element, named in the page's words
// (page_labels.py hand_marks), not a bare symbol.
export function handParts(hand) {
  const mark = hand && document.querySelector("[data-round-template]")?.content.querySelector(`[data-mark="${hand.slice(-1)}"]`);
  return mark ? [hand.slice(0, -1), mark.cloneNode(true)] : [hand];
}

export function renderRounds(root, state, { newestFirst = true } = {}) {
  const list = root.querySelector("[data-round-list]");
  const template = root.querySelector("[data-round-template]");
  if (!list || !template) return;
  const rounds = newestFirst ? [...state.rounds].reverse() : state.rounds;
  const items = rounds.map((round) => {
    const item = template.content.firstElementChild.cloneNode(true);
    item.dataset.round = round.number;
    item.querySelector("[data-edit-round]").dataset.editRound = round.number;
    item.querySelector("[data-round-number]").textContent = round.number;
    for (const [index, cell] of item.querySelectorAll("[data-cell]").entries()) {
      cell.classList.toggle("winner", round.winner === index);
      cell.classList.toggle("covering", round.covering === index);
      // A Tiến lên cell's mark (✕, ★) sits beside its place, as page_labels.py hand_marks puts it.
      const [hand, mark] = handParts(handCell(round, index));
      for (const unused of cell.querySelectorAll("[data-mark]")) unused.remove();
      cell.querySelector("[data-cell-cards]").textContent = hand;
      if (mark) cell.querySelector("[data-cell-cards]").after(mark);
      cell.querySelector("[data-cell-score]").textContent = signed(round.scores[index]);
      const total = cell.querySelector("[data-running-total]");
      total.textContent = number(round.totals_after[index]);
      // A long total shrinks to its cell (app.css); only long ones carry their length.
      if (total.textContent.length > 5) total.dataset.digits = String(total.textContent.length);
      else delete total.dataset.digits;
    }
    const house = item.querySelector("[data-round-house]");
    if (house) house.textContent = round.house ? `${houseName(house, state)} ${signed(round.house)}` : "";
    const flags = item.querySelector("[data-round-flags]");
    flags.textContent = round.edited ? "✎" : "";
    if (round.edited) flags.title = flags.dataset.patternCorrected;
    return item;
  });
  if (!items.length) {
    const empty = root.querySelector("[data-no-rounds-template]");
    if (empty) items.push(empty.content.firstElementChild.cloneNode(true));
  }
  list.replaceChildren(...items);
}

export function renderFinal(root, state) {
  const final = root.querySelector("[data-final]");
  if (!final) return;
  final.hidden = !state.finished;
  const template = final.querySelector("[data-standing-template]");
  final.querySelector("[data-final-standings]").replaceChildren(
    ...state.standings.map((standing) => {
      const item = template.content.firstElementChild.cloneNode(true);
      item.className = `p${standing.player}`;
      item.querySelector("[data-standing-rank]").textContent = `#${standing.rank}`;
      item.querySelector("[data-standing-name]").textContent = state.players[standing.player].name;
      item.querySelector("[data-standing-total]").textContent = number(standing.total);
      return item;
    }),
  );
  const note = final.querySelector("[data-final-note]");
  note.textContent = state.target_losers.map((loser) => fill(note.dataset.pattern, { name: state.players[loser].name, target: state.settings.target })).join(" ");
  const settle = final.querySelector("[data-settle-link]");
  if (settle) settle.hidden = !state.settlement;
}
