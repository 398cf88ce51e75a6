// The round being typed: cards left per player, the highlighted row, and the
// typed 1 that may still become 10-13 (SPEC 7). No scoring here: the server scores.

export const SECOND_DIGIT_WAIT_MS = 700;

export class Entry {
  constructor(playerCount, onChange) {
    this.playerCount = playerCount;
    this.reset();
    this.onChange = onChange;
  }

  reset() {
    clearTimeout(this.timer);
    this.entered = Array(this.playerCount).fill(null);
    this.twos = Array(this.playerCount).fill(0);
    this.covering = null;
    this.highlight = 0;
    this.waitingForSecondDigit = false;
    this.number = null; // the round being corrected, or null for a new round
    this.changed();
  }

  load(round) {
    this.reset();
    this.entered = [...round.cards];
    this.twos = round.twos ? [...round.twos] : Array(this.playerCount).fill(0);
    this.covering = round.covering;
    this.number = round.number;
    this.changed();
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

  set(index, count) {
    this.entered[index] = count;
    if (count === 0 && this.covering === index) this.covering = null;
    this.advanceFrom(index);
    this.changed();
  }

  advanceFrom(index) {
    const counts = this.counts();
    for (let step = 1; step <= this.playerCount; step += 1) {
      const next = (index + step) % this.playerCount;
      if (counts[next] === null) {
        this.highlight = next;
        return;
      }
    }
  }

  digit(value) {
    if (this.waitingForSecondDigit) {
      clearTimeout(this.timer);
      this.waitingForSecondDigit = false;
      if (value <= 3) {
        this.set(this.highlight, 10 + value);
      } else {
        this.set(this.highlight, 1);
        this.digit(value);
      }
      return;
    }
    if (value === 1) {
      this.waitingForSecondDigit = true;
      this.entered[this.highlight] = 1;
      this.timer = setTimeout(() => this.settleOne(), SECOND_DIGIT_WAIT_MS);
      this.changed();
      return;
    }
    this.set(this.highlight, value);
  }

  // No second digit came: the 1 is final.
  settleOne() {
    if (!this.waitingForSecondDigit) return;
    clearTimeout(this.timer);
    this.waitingForSecondDigit = false;
    this.set(this.highlight, 1);
  }

  pad(count) {
    this.settleOne();
    this.set(this.highlight, count);
  }

  select(index) {
    this.settleOne();
    this.highlight = index;
    this.changed();
  }

  move(step) {
    this.settleOne();
    this.highlight = (this.highlight + step + this.playerCount) % this.playerCount;
    this.changed();
  }

  markWinner() {
    this.settleOne();
    this.set(this.highlight, 0);
  }

  clear() {
    clearTimeout(this.timer);
    this.waitingForSecondDigit = false;
    this.entered[this.highlight] = null;
    this.changed();
  }

  cycleTwos(index) {
    this.twos[index] = (this.twos[index] + 1) % 5;
    this.changed();
  }

  toggleCovering(index) {
    this.covering = this.covering === index ? null : index;
    this.changed();
  }

  payload(usesTwos) {
    return { cards: this.counts(), twos: usesTwos ? [...this.twos] : null, covering: this.covering };
  }

  changed() {
    if (this.onChange) this.onChange(this);
  }
}
