import { describe, expect, it } from 'vitest';
import { isOccupied, waitlistedNames, waitlistText } from './availability';

const AVAILABILITY = [
  { optionId: 'block-a', total: 12, free: 3 },
  { optionId: 'block-cold', total: 4, free: 0 },
  { optionId: 'block-frozen', total: 2, free: 1 },
];

describe('availability', () => {
  it('calls a type with units but none free "belegt", a type without units never', () => {
    expect(isOccupied(AVAILABILITY, 'block-cold')).toBe(true);
    expect(isOccupied(AVAILABILITY, 'block-a')).toBe(false);
    expect(isOccupied(AVAILABILITY, 'block-other')).toBe(false);
    expect(isOccupied(undefined, 'block-cold')).toBe(false);
  });

  it('names the chosen types that cannot all get a unit now', () => {
    expect(waitlistedNames(AVAILABILITY, { 'block-a': 3, 'block-cold': 1 })).toEqual(['Kühlfach']);
    expect(waitlistedNames(AVAILABILITY, { 'block-a': 4, 'block-frozen': 2 })).toEqual([
      'Verkaufsblöcke Lage A',
      'Tiefkühlfächer',
    ]);
    expect(waitlistedNames(AVAILABILITY, { 'block-a': 1, 'block-cold': 0 })).toEqual([]);
    expect(waitlistedNames(undefined, { 'block-cold': 1 })).toEqual([]);
    expect(waitlistText(['Kühlfach', 'Tiefkühlfach'])).toBe(
      'Für Kühlfach und Tiefkühlfach ist derzeit nicht genug frei. Deine Anfrage kommt auf die Warteliste; wir melden uns, sobald ein passendes Mietfach frei wird.',
    );
  });
});
