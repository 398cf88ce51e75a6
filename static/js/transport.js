// One connection to the session: its follow socket (follow-socket.js), which resyncs from the
// full state, and the same calls over HTTP while it is down.

import { FollowSocket } from "./follow-socket.js";
import { t } from "./render.js";

const REPLY_TIMEOUT_MS = 8000;

// Socket message type -> how the same call looks on the JSON API.
const HTTP_CALLS = {
  "lock.acquire": (body) => ["POST", "/lock", body],
  "lock.takeover": (body) => ["POST", "/lock", { ...body, takeover: true }],
  "lock.renew": (body) => ["POST", "/lock", body],
  "lock.release": () => ["DELETE", "/lock", null],
  // A hand goes whole, whatever its game sends (cards, a Tiến lên order, own scores, ♠2 and bombs).
  "round.add": (body) => ["POST", "/rounds", body],
  "round.edit": ({ number, ...body }) => ["PUT", `/rounds/${number}`, body],
  "round.delete": ({ number, ...body }) => ["DELETE", `/rounds/${number}`, body],
  "round.undo": ({ version, ...body }) => ["POST", `/history/${version}/undo`, body],
  "round.restore": ({ version, ...body }) => ["POST", `/history/${version}/restore`, body],
  "round.preview": (body) => ["POST", "/preview", body],
};

// Through t(): said even where the language catalog could not be loaded (a reload without a connection).
// The id every write carries, so a retry (the socket lost, then HTTP) is stored once: given to a
// write's body here (withId) and read back here (idOf); nothing else names it.
export function requestId() {
  // crypto.randomUUID needs a secure context; a phone on the LAN is on plain http.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export const withId = (body, id = requestId()) => ({ ...body, request_id: id });
export const idOf = (body) => body.request_id;

export const noConnection = () => t("No connection to the server. Check the Wi-Fi and try again.");

export class Transport extends FollowSocket {
  constructor({ socketPath, apiPath }) {
    super(socketPath);
    this.apiPath = apiPath;
    this.pending = new Map();
    this.nextId = 1;
    // No session with this key (the server closed the socket): nothing to follow, only HTTP.
    this.addEventListener("gone", () => this.setStatus("offline"));
  }

  start() {
    window.addEventListener("offline", () => this.drop());
    return super.start();
  }

  lost(error) {
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }

  // The device says it lost the network: a socket that looks open would only swallow calls
  // until they time out, so it goes now, and every call fails over at once (to the outbox).
  drop() {
    this.lost(new Error("offline"));
    this.close();
    this.setStatus("offline");
  }

  receive(message) {
    if (message.type === "reply") {
      const waiting = this.pending.get(message.id);
      if (waiting) {
        this.pending.delete(message.id);
        waiting.resolve(message);
      }
      return;
    }
    if (message.state) this.dispatchEvent(new CustomEvent("state", { detail: message }));
    else if ("lock" in message) this.dispatchEvent(new CustomEvent("lock", { detail: message }));
  }

  // Ask for the full state: the page missed a version, or a write's reply (the rounds from the
  // change on) does not follow what it shows. Over the socket, else over HTTP while it is down.
  async resync() {
    if (this.isOpen()) {
      this.socket.send(JSON.stringify({ type: "state" }));
      return;
    }
    const { ok, status, ...state } = await this.request("GET", this.apiPath);
    if (ok && status === 200) this.dispatchEvent(new CustomEvent("state", { detail: { state } }));
  }

  // Every call resolves to {ok, status, ...reply}; a lost reply is retried over
  // HTTP, which is safe because every write carries its id (requestId) or is a lock call.
  async call(type, body = {}, token = null) {
    if (this.isOpen()) {
      try {
        return await this.socketCall(type, { ...body, token });
      } catch {
        // fall through to HTTP
      }
    }
    return this.httpCall(type, body, token);
  }

  socketCall(type, body) {
    const id = `c${this.nextId++}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error("timeout"));
      }, REPLY_TIMEOUT_MS);
      this.pending.set(id, {
        resolve: (reply) => {
          clearTimeout(timer);
          resolve({ status: reply.ok ? 200 : reply.status, ...reply });
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      this.socket.send(JSON.stringify({ type, id, ...body }));
    });
  }

  // Which of these writes the server stored already (a reply lost after the commit): {ok, version, stored, ids}.
  async stored(bodies) {
    const asked = bodies.map((body) => `request_id=${encodeURIComponent(idOf(body))}`).join("&");
    const found = await this.request("GET", `${this.apiPath}/requests?${asked}`);
    return { ...found, ids: new Set(found.ok ? found.stored.map(idOf) : []) };
  }

  async httpCall(type, body, token) {
    const [method, suffix, payload] = HTTP_CALLS[type](body);
    return this.request(method, `${this.apiPath}${suffix}`, payload, token);
  }

  request(method, path, payload = null, token = null) {
    const headers = { "Content-Type": "application/json" };
    if (token) headers["X-Entry-Lock"] = token;
    return this.fetchReply(path, { method, headers, body: payload === null ? undefined : JSON.stringify(payload) });
  }

  // A page form (with its CSRF token) posted for a JSON reply.
  postForm(form, extra = {}) {
    const fields = new FormData(form);
    for (const [name, value] of Object.entries(extra)) fields.set(name, value);
    return this.fetchReply(form.action, { method: "POST", body: fields });
  }

  async fetchReply(path, options) {
    try {
      const response = await fetch(path, { ...options, credentials: "same-origin" });
      const reply = await response.json().catch(() => ({}));
      return { ok: response.ok, status: response.status, ...reply };
    } catch {
      return { ok: false, status: 0, error: noConnection() };
    }
  }
}
