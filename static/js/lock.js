// This device's side of the entry lock (SPEC 8): take it, keep it alive while the
// user is busy, hand it back. The server decides; this only follows its answers.

const HEARTBEAT_MS = 10000;
const RENEW_WHEN_LEFT_S = 12;

export class DeviceLock {
  constructor({ transport, sessionKey, deviceName, onLost, counts = () => null }) {
    this.transport = transport;
    // The counts the entry shows: a renewal that brings new ones is what keeps a long hold alive.
    this.counts = counts;
    this.storageKey = `bigtwo.lock.${sessionKey}`;
    this.deviceName = deviceName;
    this.onLost = onLost;
    const saved = JSON.parse(localStorage.getItem(this.storageKey) || "null");
    this.token = saved?.token ?? null;
    this.lease = saved?.lease ?? null;
    this.expiresAt = 0;
    this.lastActivity = 0;
    this.lastRenewal = 0;
  }

  holds(lockState) {
    return Boolean(this.token && lockState && lockState.lease === this.lease);
  }

  keep(reply) {
    this.token = reply.token;
    this.lease = reply.lease;
    this.expiresAt = Date.now() + reply.expires_in * 1000;
    this.lastRenewal = Date.now();
    localStorage.setItem(this.storageKey, JSON.stringify({ token: this.token, lease: this.lease }));
    this.startHeartbeat();
  }

  forget() {
    this.token = null;
    this.lease = null;
    localStorage.removeItem(this.storageKey);
    clearInterval(this.heartbeat);
  }

  async acquire(round = null, { takeover = false } = {}) {
    const type = takeover ? "lock.takeover" : "lock.acquire";
    const reply = await this.transport.call(type, { device: this.deviceName(), round }, this.token);
    if (reply.ok) this.keep(reply);
    return reply;
  }

  // A key press or tap: the entry is alive. Renew at once if the lease is running low.
  touch() {
    this.lastActivity = Date.now();
    if (this.token && this.expiresAt - Date.now() < RENEW_WHEN_LEFT_S * 1000) this.renew();
  }

  startHeartbeat() {
    clearInterval(this.heartbeat);
    this.heartbeat = setInterval(() => {
      if (this.token && this.lastActivity > this.lastRenewal) this.renew();
    }, HEARTBEAT_MS);
  }

  async renew() {
    if (!this.token || this.renewing) return;
    this.renewing = true;
    this.lastRenewal = Date.now();
    try {
      const reply = await this.transport.call("lock.renew", { device: this.deviceName(), counts: this.counts() }, this.token);
      if (reply.ok) {
        this.keep(reply);
        return;
      }
      if (reply.status === 409 && !reply.holder) {
        // The lease ran out but nobody took it: take it again and carry on.
        const again = await this.transport.call("lock.acquire", { device: this.deviceName() }, null);
        if (again.ok) {
          this.keep(again);
          return;
        }
        this.lost(again);
        return;
      }
      if (reply.status === 409) this.lost(reply);
    } finally {
      this.renewing = false;
    }
  }

  // Back on the socket after a drop: tell the server we still hold it, so the grace ends.
  async resume() {
    if (this.token) await this.renew();
  }

  lost(reply) {
    this.forget();
    if (this.onLost) this.onLost(reply);
  }

  // One change under the lock (settings, the wager): take it, make the change, hand it back.
  async briefly(change) {
    const granted = await this.acquire();
    if (!granted.ok) return granted;
    try {
      return await change(this.token);
    } finally {
      await this.release();
    }
  }

  async release() {
    const token = this.token;
    this.forget();
    if (token) await this.transport.call("lock.release", {}, token);
  }
}
