// Taking in what the server sends. A change reaches every device with the rounds from the
// first one it touched (`rounds_from`); the page already has the ones before. A page that
// missed a version cannot fill the gap and asks for the full state instead (null).

export function merged(current, incoming) {
  const from = incoming.rounds_from ?? 1;
  if (from <= 1) return incoming;
  const follows = incoming.version <= current.version + 1 && current.rounds.length >= from - 1;
  if (!follows) return null;
  return { ...incoming, rounds: [...current.rounds.slice(0, from - 1), ...incoming.rounds], rounds_from: 1 };
}
