import { describe, expect, it } from 'vitest';
import { bestEntries, guessKey, rankGuesses, rightGuesses } from './contest-ranking';

describe('contest ranking', () => {
  it('compares guesses case- and spacing-insensitively', () => {
    expect(guessKey('  Hof   MÜLLER ')).toBe('hof müller');
  });

  it('counts each producer once per entry, most guessed first, in the most used spelling', () => {
    const ranking = rankGuesses([
      { guesses: ['Hof Müller', 'Imkerei Sonnenschein', 'hof  müller'] },
      { guesses: ['hof müller', 'Käserei Berg', 'Imkerei Sonnenschein'] },
      { guesses: ['Hof Müller', 'Bäckerei Korn', ''] },
    ]);
    expect(ranking).toEqual([
      { name: 'Hof Müller', count: 3 },
      { name: 'Imkerei Sonnenschein', count: 2 },
      { name: 'Bäckerei Korn', count: 1 },
      { name: 'Käserei Berg', count: 1 },
    ]);
  });

  it('scores the right guesses and finds the best entries', () => {
    const answers = ['Hof Müller', 'Käserei Berg', 'Imkerei Sonnenschein'];
    expect(rightGuesses(answers, ['hof müller', 'KÄSEREI  BERG', 'Bäckerei Korn'])).toBe(2);
    const entries = [
      { id: 1, guesses: ['Hof Müller', 'Bäckerei Korn', 'x'] },
      { id: 2, guesses: ['Hof Müller', 'Käserei Berg', 'x'] },
      { id: 3, guesses: ['käserei berg', 'imkerei sonnenschein', 'y'] },
    ];
    expect(bestEntries(answers, entries)).toEqual({ score: 2, entries: [entries[1], entries[2]] });
    expect(bestEntries(answers, [{ guesses: ['a', 'b', 'c'] }])).toEqual({ score: 0, entries: [] });
  });
});
