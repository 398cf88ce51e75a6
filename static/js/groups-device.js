// The groups this device opened, newest first, for the home page (like its sessions).

const GROUPS_KEY = "bigtwo.groups";
const GROUPS_KEPT = 20;

export function recentGroups() {
  try {
    return JSON.parse(localStorage.getItem(GROUPS_KEY) || "[]");
  } catch {
    return [];
  }
}

export function rememberGroup(group) {
  const followKey = group.view_id;
  const groups = recentGroups().filter((entry) => entry.followKey !== followKey);
  groups.unshift({ key: group.id || null, followKey, name: group.name, players: group.players.length, seen: new Date().toISOString() });
  localStorage.setItem(GROUPS_KEY, JSON.stringify(groups.slice(0, GROUPS_KEPT)));
}

export function forgetGroup(followKey) {
  localStorage.setItem(GROUPS_KEY, JSON.stringify(recentGroups().filter((entry) => entry.followKey !== followKey)));
}
