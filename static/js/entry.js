// The round being typed: cards left per player and the highlighted row (SPEC 7).
// Every key and tap means one thing at once; nothing waits for a second key.
// No scoring here: the server scores.

// T, J, Q, K as on the cards: 10 to 13 cards left.
export const FACE_KEYS = { t: 10, j: 11, q: 12, k: 13 };

// The count a key sets, or null when the key is not a count (0 and W: the winner).
export function countOfKey(key) {
  if (/^[0-9]$/.test(key)) return Number(key);
  const lower = key.length === 1 ? key.toLowerCase() : "";
  if (lower === "w") return 0;
  return FACE_KEYS[lower] ?? null;
}

export class Entry {
  // twosInDeck: the most 2s a player can hold, as the page says (rounds/rules/scoring.py owns it).
  constructor(playerCount, onChange, { twosInDeck = 0 } = {}) {
    this.playerCount = playerCount;
    this.twosInDeck = twosInDeck;
    this.reset();
    this.onChange = onChange;
  }

  reset() {
    this.entered = Array(this.playerCount).fill(null);
    this.twos = Array(this.playerCount).fill(0);
    this.covering = null;
    this.highlight = 0;
    // An arrow or a tap chose the highlighted player: the next count replaces theirs.
    this.picked = false;
    this.number = null; // the round being corrected, or null for a new round
    this.changed();
  }

  load(round) {
    this.reset();
    this.entered = [...round.cards];
    this.twos = round.twos ? [...round.twos] : Array(this.playerCount).fill(0);
    this.covering = round.covering;
    this.number = round.number;
    // Tapping the round chose it: its first player's count is the one to replace.
    this.picked = true;
    this.changed();
  }

  // What survives a reload: plain values, restored by restore().
  snapshot() {
    return { entered: this.entered, twos: this.twos, covering: this.covering, highlight: this.highlight, picked: this.picked, number: this.number };
  }

  restore(saved) {
    const fits = (list) => Array.isArray(list) && list.length === this.playerCount;
    if (!saved || !fits(saved.entered) || !fits(saved.twos)) return false;
    this.entered = [...saved.entered];
    this.twos = [...saved.twos];
    this.covering = saved.covering ?? null;
    this.highlight = Math.min(this.playerCount - 1, Math.max(0, Number(saved.highlight) || 0));
    this.picked = saved.picked === true;
    this.number = saved.number ?? null;
    this.changed();
    return true;
  }

  // The winner is filled in once every other player has a count and none of them is 0.
  autoWinner() {
    const missing = this.entered.flatMap((count, index) => (count === null ? [index] : []));
    if (missing.length !== 1) return null;
    return this.entered.every((count) => count === null || count > 0) ? missing[0] : null;
  }

  counts() {
    const auto = this.autoWinner();
    return this.entered.map((count, index) => (index === auto ? 0 : count));
  }

  isComplete() {
    return this.counts().every((count) => count !== null);
  }

  isEmpty() {
    return this.entered.every((count) => count === null) && this.covering === null;
  }

  // The players with a typed 0: more than one is two winners, which the rules refuse (SPEC 1).
  typedWinners() {
    return this.entered.flatMap((count, index) => (count === 0 ? [index] : []));
  }

  // Every player has a typed count (the auto-filled winner is not typed).
  isFull() {
    return this.entered.every((count) => count !== null);
  }

  // A count for the highlighted player (a key or a pad tap), final at once. Once every player has a
  // typed count, a count changes nothing until an arrow or a tap picks whose to replace (SPEC 7):
  // false then, for the caller to say why.
  set(count) {
    if (this.isFull() && !this.picked) return false;
    const index = this.highlight;
    this.entered[index] = count;
    this.picked = false;
    if (count === 0 && this.covering === index) this.covering = null;
    this.advanceFrom(index);
    this.changed();
    return true;
  }

  // The next player in entry order without a count; when nobody is left, the
  // auto-filled winner (so a 0 typed there confirms it); otherwise stay put.
  advanceFrom(index) {
    for (let step = 1; step < this.playerCount; step += 1) {
      const next = (index + step) % this.playerCount;
      if (this.entered[next] === null && next !== this.autoWinner()) {
        this.highlight = next;
        return;
      }
    }
    const auto = this.autoWinner();
    if (auto !== null) this.highlight = auto;
  }

  select(index) {
    this.highlight = index;
    this.picked = true;
    this.changed();
  }

  move(step) {
    this.highlight = (this.highlight + step + this.playerCount) % this.playerCount;
    this.picked = true;
    this.changed();
  }

  // Clear the highlighted player's typed count; on a player with none (the auto-filled winner is
  // never typed: it goes with the count that filled it), clear the previous player's and highlight
  // them (SPEC 7). False when nothing is typed, so there was nothing to clear.
  backspace() {
    if (this.entered.every((count) => count === null)) return false;
    if (this.entered[this.highlight] === null) {
      this.highlight = (this.highlight - 1 + this.playerCount) % this.playerCount;
    }
    this.entered[this.highlight] = null;
    this.changed();
    return true;
  }

  cycleTwos(index) {
    this.twos[index] = (this.twos[index] + 1) % (this.twosInDeck + 1);
    this.changed();
  }

  toggleCovering(index) {
    this.covering = this.covering === index ? null : index;
    this.changed();
  }

  // The covering player, unless they ended up the winner (filled in last): the winner covers nobody.
  coveringPlayer() {
    return this.covering !== null && this.counts()[this.covering] !== 0 ? this.covering : null;
  }

  // What is sent: the round as the panel shows it.
  payload(usesTwos) {
    return { cards: this.counts(), twos: usesTwos ? [...this.twos] : null, covering: this.coveringPlayer() };
  }

  changed() {
    if (this.onChange) this.onChange(this);
  }
}
