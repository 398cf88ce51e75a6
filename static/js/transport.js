// One connection to the session: a WebSocket that reconnects with backoff and
// resyncs from the full state, and the same calls over HTTP while it is down.

import { t } from "./render.js";

const REPLY_TIMEOUT_MS = 8000;
const MAX_BACKOFF_MS = 15000;
const SESSION_GONE = 4404; // the server closed the socket: no session with this key

// Socket message type -> how the same call looks on the JSON API.
const HTTP_CALLS = {
  "lock.acquire": (body) => ["POST", "/lock", { device: body.device, round: body.round ?? null }],
  "lock.takeover": (body) => ["POST", "/lock", { device: body.device, round: body.round ?? null, takeover: true }],
  "lock.renew": (body) => ["POST", "/lock", { device: body.device, counts: body.counts ?? null }],
  "lock.release": () => ["DELETE", "/lock", null],
  "round.add": ({ cards, twos, covering, request_id, release_lock }) => ["POST", "/rounds", { cards, twos, covering, request_id, release_lock }],
  "round.edit": ({ number, cards, twos, covering, request_id, release_lock }) => ["PUT", `/rounds/${number}`, { cards, twos, covering, request_id, release_lock }],
  "round.delete": ({ number, request_id, release_lock }) => ["DELETE", `/rounds/${number}`, { request_id, release_lock }],
  "round.undo": ({ version, request_id, release_lock }) => ["POST", `/history/${version}/undo`, { request_id, release_lock }],
  "round.restore": ({ version, request_id, release_lock }) => ["POST", `/history/${version}/restore`, { request_id, release_lock }],
  "round.preview": ({ cards, twos, covering, number }) => ["POST", "/preview", { cards, twos, covering, number: number ?? null }],
};

// Through t(): said even where the language catalog could not be loaded (a reload without a connection).
// The id every write carries, so a retry (the socket lost, then HTTP) is stored once.
export function requestId() {
  // crypto.randomUUID needs a secure context; a phone on the LAN is on plain http.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export const noConnection = () => t("No connection to the server. Check the Wi-Fi and try again.");

export class Transport extends EventTarget {
  constructor({ socketPath, apiPath }) {
    super();
    this.socketPath = socketPath;
    this.apiPath = apiPath;
    this.socket = null;
    this.pending = new Map();
    this.nextId = 1;
    this.attempt = 0;
    this.status = "connecting";
  }

  start() {
    this.connect();
    window.addEventListener("online", () => this.connectSoon(0));
    window.addEventListener("offline", () => this.drop());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && !this.isOpen()) this.connectSoon(0);
    });
  }

  isOpen() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  connect() {
    clearTimeout(this.retry);
    if (this.socket && this.socket.readyState <= WebSocket.OPEN) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}${this.socketPath}`);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.attempt = 0;
      this.setStatus("live");
      this.dispatchEvent(new Event("open"));
    });
    socket.addEventListener("message", (event) => this.receive(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      for (const { reject } of this.pending.values()) reject(new Error("disconnected"));
      this.pending.clear();
      if (event.code === SESSION_GONE) {
        this.setStatus("offline");
        return;
      }
      this.setStatus(navigator.onLine === false ? "offline" : "reconnecting");
      this.attempt += 1;
      this.connectSoon(Math.min(MAX_BACKOFF_MS, 500 * 2 ** this.attempt) * (0.75 + Math.random() / 2));
    });
  }

  // The device says it lost the network: a socket that looks open would only swallow calls
  // until they time out, so it goes now, and every call fails over at once (to the outbox).
  drop() {
    const socket = this.socket;
    this.socket = null;
    clearTimeout(this.retry);
    for (const { reject } of this.pending.values()) reject(new Error("offline"));
    this.pending.clear();
    if (socket) socket.close();
    this.setStatus("offline");
  }

  connectSoon(delay) {
    clearTimeout(this.retry);
    this.retry = setTimeout(() => this.connect(), delay);
  }

  close() {
    const socket = this.socket;
    this.socket = null;
    clearTimeout(this.retry);
    if (socket) socket.close();
  }

  setStatus(status) {
    this.status = status;
    this.dispatchEvent(new CustomEvent("status", { detail: status }));
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
  // HTTP, which is safe because every write carries a request_id or is a lock call.
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
