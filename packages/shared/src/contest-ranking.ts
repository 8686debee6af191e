/**
 * The contest's evaluation (docs/product/contest.md): which producers were guessed
 * how often, and after the opening, who guessed most of the three right ones.
 * Guesses are compared case- and spacing-insensitively ('Hof  müller ' is
 * 'Hof Müller', 'GRÖSS' is 'Größ').
 */
export function guessKey(guess: string): string {
  // 'GRÖSS' is how 'Größ' is written in capitals
  return guess
    .toLocaleLowerCase('de-DE')
    .normalize('NFC')
    .replace(/ß/g, 'ss')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface GuessCount {
  /** The spelling used most often (the first of equal ones). */
  name: string;
  count: number;
}

/** How often each producer was guessed, most often first, then by name. */
export function rankGuesses(entries: readonly { guesses: readonly string[] }[]): GuessCount[] {
  const byKey = new Map<string, { count: number; spellings: Map<string, number> }>();
  for (const entry of entries) {
    // one entry counts a producer once, even if it names it twice
    const seen = new Set<string>();
    for (const guess of entry.guesses) {
      const key = guessKey(guess);
      if (!key || seen.has(key)) continue;
      seen.add(key);
      const item = byKey.get(key) ?? { count: 0, spellings: new Map<string, number>() };
      item.count += 1;
      const spelling = guess.replace(/\s+/g, ' ').trim();
      item.spellings.set(spelling, (item.spellings.get(spelling) ?? 0) + 1);
      byKey.set(key, item);
    }
  }
  return [...byKey.values()]
    .map(({ count, spellings }) => {
      let name = '';
      let best = 0;
      for (const [spelling, times] of spellings) {
        if (times > best) {
          name = spelling;
          best = times;
        }
      }
      return { name, count };
    })
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'de'));
}

/** How many of the right answers an entry guessed (each answer counts once). */
export function rightGuesses(answers: readonly string[], guesses: readonly string[]): number {
  const right = new Set(answers.map(guessKey).filter(Boolean));
  const guessed = new Set(guesses.map(guessKey));
  let score = 0;
  for (const key of right) if (guessed.has(key)) score += 1;
  return score;
}

/** The entries with the most right guesses (none when nobody guessed any). */
export function bestEntries<T extends { guesses: readonly string[] }>(
  answers: readonly string[],
  entries: readonly T[],
): { score: number; entries: T[] } {
  let score = 0;
  let best: T[] = [];
  for (const entry of entries) {
    const s = rightGuesses(answers, entry.guesses);
    if (s === 0 || s < score) continue;
    if (s > score) {
      score = s;
      best = [];
    }
    best.push(entry);
  }
  return { score, entries: best };
}
