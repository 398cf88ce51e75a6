// Show a state payload (the same one the server renders the page from) in the page.
// Display only: every number shown here was computed by the server.

export const t = (text, values) => {
  const translated = window.gettext ? window.gettext(text) : text;
  if (!values) return translated;
  return translated.replace(/%\((\w+)\)s/g, (_, key) => values[key]);
};

export const tn = (singular, plural, count, values) => {
  const text = window.ngettext ? window.ngettext(singular, plural, count) : count === 1 ? singular : plural;
  return text.replace(/%\((\w+)\)s/g, (_, key) => values[key]);
};

export function signed(score) {
  if (score > 0) return `+${score}`;
  if (score < 0) return `−${-score}`;
  return "0";
}

export function roundHeading(state) {
  const played = state.rounds.length;
  if (state.finished) return tn("Finished after %(count)s round", "Finished after %(count)s rounds", played, { count: played });
  const limit = state.settings.rounds;
  if (limit) return t("Round %(number)s of %(limit)s", { number: state.next.round, limit });
  return t("Round %(number)s", { number: state.next.round });
}

export function directionLabel(direction) {
  return direction === "clockwise" ? t("↻ clockwise") : t("↺ counter-clockwise");
}


export function lockMessage(state) {
  const lock = state.lock;
  if (lock.round) return t("Round %(number)s is being corrected on %(holder)s", { number: lock.round, holder: lock.holder });
  return t("Round %(number)s is being entered on %(holder)s", { number: state.next.round, holder: lock.holder });
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
    if (total && total.textContent !== String(player.total)) {
      total.textContent = String(player.total);
      flash(total);
    }
    setText(root, `[data-rank="${index}"]`, `#${player.rank}`);
    for (const left of root.querySelectorAll(`[data-to-target="${index}"]`)) {
      if (state.to_target) left.textContent = left.dataset.pattern.replace("%(points)s", state.to_target[index]);
    }
    for (const badge of root.querySelectorAll(`[data-deals="${index}"]`)) badge.hidden = state.next.dealer !== index;
    for (const badge of root.querySelectorAll(`[data-leads="${index}"]`)) badge.hidden = state.next.leader !== index;
  });
  for (const section of root.querySelectorAll("[data-scoreboard-section]")) section.classList.toggle("is-finished", state.finished);
  setText(root, "[data-round-heading]", roundHeading(state));
  setText(root, "[data-direction]", directionLabel(state.next.direction));
  // Later rounds show the leader as a badge; round 1 is led by whoever holds 3♦.
  for (const element of root.querySelectorAll("[data-leader-text]")) element.hidden = state.next.leader !== null;
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
    item.querySelector("[data-edit-round]").setAttribute("aria-label", t("Round %(number)s", { number: round.number }));
    item.querySelector("[data-round-number]").textContent = round.number;
    for (const cell of item.querySelectorAll("[data-cell]")) {
      const index = Number(cell.dataset.cell);
      cell.classList.toggle("winner", round.winner === index);
      cell.classList.toggle("covering", round.covering === index);
      cell.querySelector("[data-cell-cards]").textContent = round.cards[index];
      cell.querySelector("[data-cell-score]").textContent = signed(round.scores[index]);
      cell.querySelector("[data-running-total]").textContent = String(round.totals_after[index]);
    }
    const flags = item.querySelector("[data-round-flags]");
    flags.textContent = round.edited ? "✎" : "";
    if (round.edited) flags.title = t("corrected");
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
  const list = final.querySelector("[data-final-standings]");
  list.replaceChildren(
    ...state.standings.map((standing) => {
      const item = document.createElement("li");
      item.className = `p${standing.player}`;
      const rank = Object.assign(document.createElement("span"), { className: "rank num", textContent: `#${standing.rank}` });
      const name = Object.assign(document.createElement("span"), { className: "player-name", textContent: state.players[standing.player].name });
      const total = Object.assign(document.createElement("span"), { className: "total num", textContent: String(standing.total) });
      item.append(rank, name, total);
      return item;
    }),
  );
  const note = final.querySelector("[data-final-note]");
  note.textContent = state.target_losers
    .map((loser) => t("%(name)s reached %(target)s and loses.", { name: state.players[loser].name, target: state.settings.target }))
    .join(" ");
  const settle = final.querySelector("[data-settle-link]");
  if (settle) settle.hidden = !state.settlement;
}
