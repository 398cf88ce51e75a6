// What this device keeps for a session in IndexedDB (SPEC 9): the last state the server sent,
// with the time it came, and the outbox of round writes not yet stored, each with its id (transport.js withId).
// Both survive a reload and a browser restart. Storage refused (private mode): every call
// still answers, nothing is kept.

const DB_NAME = "bigtwo";
const DB_VERSION = 1;
let opening = null;

function database() {
  opening ||= new Promise((resolve) => {
    if (!("indexedDB" in window)) {
      resolve(null);
      return;
    }
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore("outbox", { keyPath: "seq", autoIncrement: true }).createIndex("session", "session");
      db.createObjectStore("tables", { keyPath: "session" });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
  });
  return opening;
}

// One transaction; resolves with what `work` returns once it has committed.
async function transact(storeName, mode, work) {
  const db = await database();
  if (!db) return null;
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(storeName, mode);
    let result = null;
    Promise.resolve(work(transaction.objectStore(storeName))).then((value) => {
      result = value;
    });
    transaction.oncomplete = () => resolve(result);
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

const asPromise = (request) =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

export class Outbox {
  constructor(session) {
    this.session = session;
  }

  // The last state the server sent, and when: {state, syncedAt} or null.
  async lastState() {
    const record = await transact("tables", "readonly", (store) => asPromise(store.get(this.session))).catch(() => null);
    return record ?? null;
  }

  async keepState(state) {
    const record = { session: this.session, state, syncedAt: Date.now() };
    await transact("tables", "readwrite", (store) => store.put(record)).catch(() => null);
    return record.syncedAt;
  }

  // The pending writes of this session, oldest first.
  async pending() {
    const items = await transact("outbox", "readonly", (store) => asPromise(store.index("session").getAll(this.session))).catch(() => []);
    return (items ?? []).sort((a, b) => a.seq - b.seq);
  }

  // A write waits: {type, body (with its id), base: the version this device knew, baseRounds}.
  // False when the device would not keep it (no IndexedDB, storage full): the caller must say so.
  async add(write) {
    const kept = await transact("outbox", "readwrite", (store) => {
      store.add({ ...write, session: this.session, queuedAt: Date.now() });
      return true;
    }).catch(() => false);
    return kept === true;
  }

  async remove(seq) {
    await transact("outbox", "readwrite", (store) => store.delete(seq));
  }

  async update(item) {
    await transact("outbox", "readwrite", (store) => store.put(item));
  }

  // After a write of ours was stored: the ones still waiting follow from the version it made.
  async rebase(version, rounds) {
    const items = await this.pending();
    await transact("outbox", "readwrite", (store) => {
      for (const item of items) if (!item.choose) store.put({ ...item, base: version, baseRounds: rounds });
    });
  }
}
