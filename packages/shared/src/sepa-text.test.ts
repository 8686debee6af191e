import { describe, expect, it } from 'vitest';
import { hasSepaLetters, sepaText } from './sepa-text';

describe('SEPA text', () => {
  it.each([
    ['Bäckerei Öttl & Süß', 'Baeckerei Oettl + Suess'],
    ['Café Zoë <b>', 'Cafe Zoe b'],
    ['Łukasz Øster', 'Lukasz Oster'],
    ['Иван Петров', ''],
    ['Иван Petrov', 'Petrov'],
    ['  viel   Raum  ', 'viel Raum'],
  ])('%s → %s', (input, expected) => {
    expect(sepaText(input, 70)).toBe(expected);
  });

  it.each([
    ['Anna Müller', true],
    ['Zoë', true],
    ['Иван Петров', false],
    ['王小明', false],
    ['123 456', false],
    ['Иван Petrov', true],
  ])('an account holder %s has Latin letters: %s', (name, expected) => {
    expect(hasSepaLetters(name)).toBe(expected);
  });
});
