// Sending the outbox when the connection is back (SPEC 9); offline.js loads it only when rounds
// wait. First the server says which of their ids it already has (a reply lost after the commit is
// not sent again, nor taken for another device's change); then, if nobody else changed the
// session since this device last knew it, the rest go in order under one lock; otherwise each
// waits for the user's choice on the reconciliation sheet.

import { t } from "./render.js";
import { idOf } from "./transport.js";

export async function replayOutbox(table) {
  await table.refresh();
  if (!table.items.length) return;
  // 1. Which of ours did the server store already (a reply lost after the commit)?
  const found = await table.transport.stored(table.items.map((item) => item.body));
  if (!found.ok) {
    if (found.status === 0) table.retryLater();
    return;
  }
  const stored = found.ids;
  for (const write of found.stored) if (write.action === "add") table.ours.add(write.number);
  for (const item of table.items) if (stored.has(idOf(item.body))) await table.outbox.remove(item.seq);
  const waiting = table.items.filter((item) => !stored.has(idOf(item.body)));
  const free = waiting.filter((item) => !item.choose);
  // 2. Did another device change the session since this one last knew it? Each of ours stored
  // since then (queued at that version or later) accounts for one step of the version.
  const oursSince = table.items.filter((item) => stored.has(idOf(item.body)) && free.length && item.base >= free[0].base).length;
  if (free.length && found.version - free[0].base - oursSince > 0) {
    for (const item of free) await table.outbox.update({ ...item, choose: true, elsewhere: found.version });
  }
  await table.refresh();
  if (stored.size) await resync(table);
  if (table.items.some((item) => item.choose)) {
    await table.reconcile();
    return;
  }
  if (table.items.length) await sendInOrder(table);
}

// The state after writes this page never got the reply of.
export async function resync(table) {
  const reply = await table.transport.request("GET", table.transport.apiPath);
  if (reply.ok) table.applyState(reply);
}

// Nobody else changed anything: send them all, in order, under one lock.
async function sendInOrder(table) {
  const panel = table.getPanel();
  const entering = Boolean(panel && panel.isActive() && table.lock.token);
  if (!entering) {
    const granted = await table.lock.acquire();
    if (!granted.ok) {
      table.waitingFor = granted.holder ?? null;
      table.draw();
      if (!granted.holder) table.retryLater();
      return;
    }
  }
  table.waitingFor = null;
  try {
    for (const item of [...table.items]) {
      if (!(await sendOne(table, item, table.lock.token))) return;
    }
  } finally {
    // Handed back, unless the user has started the next round under it meanwhile.
    if (!entering && !table.getPanel()?.isActive()) await table.lock.release();
    table.draw();
  }
}

// One pending write with its own id; true when it is stored (now or before).
async function sendOne(table, item, token) {
  // Each one keeps the lock: it is handed back once, after the last.
  const reply = await table.transport.call(item.type, { ...item.body, release_lock: false }, token);
  if (reply.ok) {
    await table.outbox.remove(item.seq);
    if (item.type === "round.add") table.ours.add(reply.round?.number ?? reply.number);
    if (reply.state) {
      table.applyState(reply.state);
      await table.outbox.rebase(reply.state.version, table.getState().rounds.length);
    }
    await table.refresh();
    return true;
  }
  if (reply.status === 0) table.retryLater();
  else if (!(reply.status === 409 && reply.field === "lock")) {
    // Refused for good (the round it corrects is gone, the session finished...): the user decides.
    await table.outbox.update({ ...item, choose: true, refused: reply.error });
    await table.refresh();
    await table.reconcile();
  }
  return false;
}

// The sheet's Add: this one round, under the lock, with its id.
export async function sendChosen(table, item) {
  const granted = await table.lock.acquire();
  if (!granted.ok) return granted;
  try {
    const sent = await sendOne(table, { ...item, choose: false }, table.lock.token);
    return sent ? { ok: true } : { ok: false, error: t("Not sent yet: try again when the connection is back") };
  } finally {
    await table.lock.release();
  }
}
