// What this device calls itself while it holds the entry lock ("Phone 12", "Ann's phone").
// Kept on the device; never asked for in the middle of entering a round.

import { t } from "./render.js";

const KEY = "bigtwo.device";

function guessKind() {
  const agent = navigator.userAgent;
  if (/iPad|Tablet/i.test(agent) || (/Android/i.test(agent) && !/Mobile/i.test(agent))) return t("Tablet");
  if (/Mobi|iPhone|Android/i.test(agent)) return t("Phone");
  return t("Laptop");
}

export function deviceName() {
  let name = localStorage.getItem(KEY);
  if (!name) {
    name = `${guessKind()} ${10 + Math.floor(Math.random() * 90)}`;
    localStorage.setItem(KEY, name);
  }
  return name;
}

export function setDeviceName(name) {
  const clean = name.replace(/\s+/g, " ").trim().slice(0, 40);
  if (clean) localStorage.setItem(KEY, clean);
  return deviceName();
}

export function ownerDeviceName(playerName) {
  return t("%(name)s's phone", { name: playerName });
}

// The sessions this device opened, newest first, for the home page.
const SESSIONS_KEY = "bigtwo.sessions";
const SESSIONS_KEPT = 20;

export function rememberSession(state) {
  const key = state.id || null;
  const followKey = state.links.follow.split("/").filter(Boolean).pop();
  const sessions = recentSessions().filter((entry) => entry.followKey !== followKey);
  sessions.unshift({
    key,
    followKey,
    names: state.players.map((player) => player.name),
    rounds: state.rounds.length,
    finished: state.finished,
    seen: new Date().toISOString(),
  });
  localStorage.setItem(SESSIONS_KEY, JSON.stringify(sessions.slice(0, SESSIONS_KEPT)));
}

export function recentSessions() {
  try {
    return JSON.parse(localStorage.getItem(SESSIONS_KEY) || "[]");
  } catch {
    return [];
  }
}

// Only from this device's list: the session itself stays on the server for everyone else.
export function forgetSession(followKey) {
  const kept = recentSessions().filter((entry) => entry.followKey !== followKey);
  localStorage.setItem(SESSIONS_KEY, JSON.stringify(kept));
}

// Same players, seats and settings, no rounds: the next evening. Opens it.
export async function rematch(key) {
  const response = await fetch(`/api/sessions/${key}/rematch`, { method: "POST", headers: { "Content-Type": "application/json" } });
  const reply = await response.json().catch(() => ({}));
  if (response.ok) location.assign(reply.links.page);
  return reply;
}

// Dates and times in the page's language, in this device's own regional form when it speaks that
// language in the same script (a British phone on the English page: 13:00 and 3 Dec; a Singapore
// phone on the Simplified page: its own form; a Taiwan phone on the Simplified page: the page's).
export function dateLocale() {
  const page = document.documentElement.lang || "en";
  const own = navigator.language || "";
  try {
    const [mine, shown] = [new Intl.Locale(own).maximize(), new Intl.Locale(page).maximize()];
    return mine.language === shown.language && mine.script === shown.script ? own : page;
  } catch {
    return page; // no language, or one Intl cannot read
  }
}

// A time as phone clocks write it: 上午4:47, not 上午04:47.
export const CLOCK = { hour: "numeric", minute: "2-digit" };

export function clockTime(when) {
  return when.toLocaleTimeString(dateLocale(), CLOCK);
}
