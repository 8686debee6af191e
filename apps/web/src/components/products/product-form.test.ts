import { describe, expect, it } from 'vitest';
import { basePriceText } from './product-form';

describe('basePriceText', () => {
  it('shows the price per 1 kg or 1 l as it is typed, nothing while something is missing', () => {
    expect(basePriceText(650, '500', 'g')).toBe('13,00 € je 1 kg');
    expect(basePriceText(240, '0,5', 'l')).toBe('4,80 € je 1 l');
    expect(basePriceText(199, '0.75', 'l')).toBe('2,65 € je 1 l');
    expect(basePriceText(420, '1', 'kg')).toBe('4,20 € je 1 kg');
    expect(basePriceText(undefined, '500', 'g')).toBeNull();
    expect(basePriceText(650, '', 'g')).toBeNull();
    expect(basePriceText(650, 'viel', 'g')).toBeNull();
    expect(basePriceText(650, '500', '')).toBeNull();
    expect(basePriceText(Number.NaN, '500', 'g')).toBeNull();
  });
});
