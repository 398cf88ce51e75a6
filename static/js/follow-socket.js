// A page that follows something live (a session, a club night, a group) over one WebSocket: it
// reconnects after a drop with backoff and jitter, and at once when the device is back online or
// the page is shown again. Its events: "message" (each message, parsed), "status" (live,
// reconnecting, offline: the dot in the top bar), "open" (detail.again after a drop: what
// happened meanwhile is fetched again) and "gone" (nothing under this key: no more tries).

// The server's close codes (rounds/, events/ and groups/ consumers; scorekeeper/socket_limits.py).
// Any other close, 4429 (too many sockets from one address) among them, is a drop tried again.
export const CLOSE_CODES = { gone: 4404 };

const MAX_BACKOFF_MS = 15000;

export class FollowSocket extends EventTarget {
  constructor(path) {
    super();
    this.path = path;
    this.socket = null;
    this.attempt = 0;
    this.status = "connecting";
  }

  start() {
    this.connect();
    window.addEventListener("online", () => this.connectSoon(0));
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && !this.isOpen()) this.connectSoon(0);
    });
    return this;
  }

  isOpen() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  connect() {
    clearTimeout(this.retry);
    if (this.socket && this.socket.readyState <= WebSocket.OPEN) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}${this.path}`);
    this.socket = socket;
    socket.addEventListener("open", () => {
      const again = this.attempt > 0;
      this.attempt = 0;
      this.setStatus("live");
      this.dispatchEvent(new CustomEvent("open", { detail: { again } }));
    });
    socket.addEventListener("message", (event) => this.receive(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.lost(new Error("disconnected"));
      if (event.code === CLOSE_CODES.gone) {
        this.dispatchEvent(new Event("gone"));
        return;
      }
      this.setStatus(navigator.onLine === false ? "offline" : "reconnecting");
      this.attempt += 1;
      this.connectSoon(Math.min(MAX_BACKOFF_MS, 500 * 2 ** this.attempt) * (0.75 + Math.random() / 2));
    });
  }

  // A message to the server, if the socket is open.
  send(message) {
    if (this.isOpen()) this.socket.send(JSON.stringify(message));
  }

  // What a subclass had waiting on the socket when it went (transport.js: calls without a reply).
  lost() {}

  receive(message) {
    this.dispatchEvent(new CustomEvent("message", { detail: message }));
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
}

// A page's follow socket, each handler given its event's detail: follow(path, { message, status }).
export function follow(path, handlers) {
  const socket = new FollowSocket(path);
  for (const [type, handler] of Object.entries(handlers)) socket.addEventListener(type, (event) => handler(event.detail));
  return socket.start();
}
