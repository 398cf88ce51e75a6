// Drawing the entry panel from its state: rows, counts, preview, errors, buttons, the lock notice.
// Display only: the panel (panel.js) decides, this shows.

import { fill, lockMessage, roundHeading, signed, t } from "./render.js";

export function drawPanel(panel) {
  const state = panel.getState();
  const counts = panel.entry.counts();
  const patterns = panel.form.querySelector("[data-rows]").dataset;
  const auto = panel.entry.autoWinner();
  const active = panel.isActive() || panel.mode === "saving";
  panel.form.dataset.mode = panel.mode;
  panel.rows.forEach((row, index) => {
    const count = counts[index];
    row.classList.toggle("highlight", active && index === panel.entry.highlight);
    row.classList.toggle("winner", active && (count === 0 || panel.entry.places?.()[index] === 1));
    row.classList.toggle("auto", active && index === auto);
    row.classList.toggle("has-error", Boolean(panel.error && panel.error.player === index));
    row.setAttribute("aria-current", active && index === panel.entry.highlight ? "true" : "false");
    const shown = !active ? "–" : panel.entry.shown ? panel.entry.shown(index, patterns) : count === null ? "–" : String(count);
    row.querySelector("[data-count]").textContent = shown;
    const preview = row.querySelector("[data-preview]");
    preview.textContent = panel.preview ? signed(panel.preview[index]) : active && index === auto ? panel.form.querySelector("[data-rows]").dataset.patternWinner : "";
    row.querySelector("[data-preview-detail]").textContent = panel.previewRound ? previewDetail(panel, index) : "";
    const twos = row.querySelector("[data-twos-count]");
    if (twos) twos.textContent = String(panel.entry.twos[index]);
    const cover = row.querySelector("[data-cover]");
    if (cover) {
      // The winner covers nobody: no chip on their row.
      const winner = active && count === 0;
      cover.checked = active && panel.entry.coveringPlayer() === index;
      cover.disabled = winner;
      cover.closest(".chip").classList.toggle("unavailable", winner);
    }
    row.querySelector("[data-row-error]").textContent = panel.error && panel.error.player === index ? panel.error.error : "";
  });
  drawPreviewNote(panel);
  panel.entry.drawExtras?.(panel); // a game's own controls
  const general = panel.form.querySelector("[data-form-error]") || makeGeneralError(panel.form);
  const generalText = panel.error && (panel.error.player === null || panel.error.player === undefined) ? panel.error.error || "" : "";
  general.textContent = generalText;
  general.hidden = !generalText;
  // A refusal that appears pushes the pad down: bring it back above the sticky buttons, so
  // fixing the round needs no scroll (the message sits just above the pad, or on its row).
  const refused = Boolean(panel.error) && active;
  if (refused && !panel.form.hasAttribute("data-refused")) revealPad(panel.form);
  panel.form.toggleAttribute("data-refused", refused);
  const editing = panel.entry.number !== null && active;
  panel.form.toggleAttribute("data-editing", editing);
  const title = panel.form.querySelector("[data-entry-title]");
  title.textContent = editing ? t("Correct round %(number)s", { number: panel.entry.number }) : active ? roundHeading(state) : title.dataset.patternIdle;
  const add = panel.button("add-round");
  add.textContent = editing ? t("Save round %(number)s", { number: panel.entry.number }) : add.dataset.patternAdd;
  // A session at its cap (MAX_SESSION_ROUNDS) takes corrections, not new rounds: the notice says so.
  const full = panel.form.querySelector("[data-rounds-full]");
  const atCap = !editing && state.next.round > Number(full.dataset.most);
  full.hidden = !atCap;
  add.disabled = panel.mode === "saving" || panel.mode === "busy" || atCap;
  panel.button("delete-round").hidden = !editing;
  panel.button("history").hidden = !editing;
  panel.button("cancel").disabled = !active;
  for (const key of panel.form.querySelectorAll("[data-pad], [data-action='clear']")) key.disabled = panel.mode === "busy" || panel.mode === "saving" || atCap;
  drawLockArea(panel);
}

// The rules a previewed round is scored under: the round's own when correcting it.
function previewRules(panel) {
  const state = panel.getState();
  const number = panel.entry.number;
  const round = number === null ? null : state.rounds.find((each) => each.number === number);
  return round?.rules ?? state.settings;
}

// Beside a row's previewed score, how it came about: the place paid by in a by-place round
// ("2nd"), or the loser's penalty worked out, every multiplier written the same way (workedPenalty).
// Every number is the server's preview's (its `places`, `working`, `doubling` and `penalties`); the
// points a 2 adds are the rules'. Nothing is shown until the preview is there.
function previewDetail(panel, index) {
  const round = panel.previewRound;
  const rules = previewRules(panel);
  const sentences = panel.form.querySelector("[data-rows]").dataset;
  if (rules.mode === "tien_len") return "";
  if (rules.mode === "by_place") return sentences[`patternPlace${round.places?.[index]}`] ?? "";
  const worked = round.working?.[index];
  if (!worked) return "";
  // 锄大地's ♠2 and bombs: "30 × 2 × 2 = 120", each doubling a × 2, the doubled penalty the round's.
  if (worked.times > 1) return `${worked.penalty}${" × 2".repeat(Math.log2(worked.times))} = ${round.penalties[index]}`;
  return workedPenalty(worked, round.doubling?.[index], rules.twos?.points_per_two);
}

// A loser's penalty as the rules page works it out: the tier's rate ("13 × 4 = 52"), each 2 held
// doubling it ("16 × 2 × 2 = 64", 8 cards at ×2 with two 2s: the server's `doubling`) or the points
// each 2 adds ("13 × 5 + 2 × 4 = 73": the rules' points_per_two); nothing when the penalty is just
// the cards left.
function workedPenalty({ cards, rate, twos, penalty }, doubling, perTwo) {
  const fromCards = rate > 1 ? `${cards} × ${rate}` : `${cards}`;
  if (twos && doubling) return `${doubling.base}${" × 2".repeat(twos)} = ${penalty}`;
  if (twos && perTwo) return `${fromCards} + ${twos > 1 ? `${twos} × ` : ""}${perTwo} = ${penalty}`;
  return rate > 1 ? `${fromCards} = ${penalty}` : "";
}

// Under the rows of a by-place round: whether it is heavy, and the house's cut if it takes one.
function drawPreviewNote(panel) {
  const note = panel.form.querySelector("[data-preview-note]");
  if (!note) return;
  const round = panel.previewRound;
  const places = previewRules(panel).places;
  const heavy = Boolean(round && places && round.heavy);
  // Always laid out (app.css), the words shown only for a heavy round: nothing below it moves.
  note.toggleAttribute("data-heavy", heavy);
  if (!heavy) return;
  const house = round.house ?? 0;
  const values = { cards: places.heavy_from, house: note.dataset.house, points: house };
  note.textContent = fill(house ? note.dataset.patternHeavyHouse : note.dataset.patternHeavy, values);
}

// The pad in view above the sticky buttons: a tall panel (2s and covering under every name) pushes
// it below a phone's screen. As the entry opens (whenHidden), only if a key of it is out of reach,
// and at once: nothing moves under a thumb already on it. After a refusal, with room for the message.
export function revealPad(form, { whenHidden = false } = {}) {
  const pad = form.querySelector(".pad");
  if (!pad) return;
  if (whenHidden) {
    const box = pad.getBoundingClientRect();
    const top = document.querySelector(".bar")?.getBoundingClientRect().bottom ?? 0;
    if (box.top >= top && box.bottom <= form.querySelector(".entry-actions").getBoundingClientRect().top + 1) return;
  }
  pad.scrollIntoView({ block: "nearest", behavior: whenHidden ? "instant" : "smooth" });
}

function makeGeneralError(form) {
  const element = document.createElement("p");
  element.className = "notice bad";
  element.dataset.formError = "";
  element.setAttribute("role", "alert");
  (form.querySelector("[data-pad-grid]") || form.querySelector("[data-rows]")).before(element);
  return element;
}

export function drawLockArea(panel) {
  const area = panel.form.querySelector("[data-lock-area]");
  const state = panel.getState();
  if (panel.mode !== "busy" || !state.lock) {
    area.replaceChildren();
    return;
  }
  let holder = area.querySelector("[data-lock-holder]");
  if (!holder) {
    holder = panel.form.querySelector("[data-lock-template]").content.firstElementChild.cloneNode(true);
    area.replaceChildren(holder);
  }
  holder.querySelector("[data-lock-text]").textContent = lockMessage(state);
  holder.querySelector("[data-lock-countdown]").textContent = t("free in %(seconds)s s", { seconds: Math.max(0, panel.secondsLeft()) });
  holder.querySelector("[data-action='take-over']").hidden = panel.idleFor() < state.lock.idle_after;
}
