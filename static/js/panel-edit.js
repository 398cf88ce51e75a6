// Correcting or deleting a round, and taking over an idle entry (SPEC 4, 8): what the entry
// panel (panel.js) does for them, loaded the first time one is asked for.

import { requestId, withId } from "./transport.js";
import { t } from "./render.js";

export async function correctRound(panel, number) {
  // The host keeps these rounds as they are (an event's table once the next round is drawn): a tap
  // says so, in the server's own refusal, and opens no sheet and takes no lock.
  const closed = document.querySelector("[data-corrections-closed]");
  if (closed) {
    panel.ui.toast(closed.dataset.correctionsClosed);
    return;
  }
  if (panel.refuseWhileBusy()) return;
  const round = panel.getState().rounds.find((item) => item.number === number);
  if (!round) return;
  if (panel.isActive()) {
    if (!panel.entry.isEmpty() && panel.entry.number !== number) return;
    await panel.lock.release();
    panel.mode = "idle";
  }
  panel.entry.load(round);
  panel.form.closest("[data-entry]").scrollIntoView({ block: "start", behavior: "smooth" });
  await panel.open(number);
}

export async function deleteRound(panel) {
  const number = panel.entry.number;
  if (!number || !panel.isActive()) return;
  const sure = await panel.ui.confirm(t("Delete round %(number)s? The totals will change; the round stays in the history.", { number }), panel.button("delete-round").textContent, { danger: true });
  if (!sure) return;
  panel.mode = "saving";
  panel.draw();
  panel.pendingRequest ||= requestId();
  const write = withId({ number, release_lock: true }, panel.pendingRequest);
  const reply = await panel.sendNow("round.delete", write);
  if (reply.status === 0 && panel.offline) {
    await panel.queue("round.delete", write);
    return;
  }
  panel.finishWrite(reply, t("Round %(number)s deleted", { number }), "deleted");
}

export async function takeOver(panel, label) {
  const state = panel.getState();
  const holder = state.lock?.holder;
  const sure = await panel.ui.confirm(
    t("%(holder)s has not been used for %(seconds)s s. Take over the entry? Whatever they typed is dropped.", { holder, seconds: Math.floor(panel.idleFor()) }),
    label,
    { danger: true },
  );
  if (!sure) return;
  panel.entry.reset();
  const reply = await panel.lock.acquire(null, { takeover: true });
  panel.mode = reply.ok ? "entering" : "busy";
  panel.error = reply.ok ? null : reply;
  panel.draw();
}
