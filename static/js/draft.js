// Counts typed but not yet added, kept on this device while it holds the lock,
// so a reload or a dropped connection loses nothing (SPEC 7). Keyed by session;
// tagged with the lease they were typed under, so another device's lease never picks them up.

export class Draft {
  constructor(sessionKey) {
    this.storageKey = `bigtwo.draft.${sessionKey}`;
  }

  save(lease, entry) {
    if (!lease) return;
    try {
      localStorage.setItem(this.storageKey, JSON.stringify({ lease, entry: entry.snapshot() }));
    } catch {
      // Storage full or refused (private mode): the entry still works, it just will not survive a reload.
    }
  }

  // The saved entry if it was typed under this lease.
  load(lease) {
    try {
      const saved = JSON.parse(localStorage.getItem(this.storageKey) || "null");
      return saved && lease && saved.lease === lease ? saved.entry : null;
    } catch {
      return null;
    }
  }

  clear() {
    localStorage.removeItem(this.storageKey);
  }
}
