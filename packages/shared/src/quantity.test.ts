import { describe, expect, it } from 'vitest';
import { formatQuantity } from './quantity';

describe('a quantity with its unit', () => {
  it.each([
    [109, 'kg', '0,109 kg'],
    [1500, 'kg', '1,500 kg'],
    [-250, 'l', '-0,250 l'],
    [2000, 'Glas', '2 Glas'],
    [1000, 'Stück', '1 Stück'],
    [2500, '100 g', '2,5 × 100 g'],
    [-1000, 'Stück', '-1 Stück'],
    [2000, null, '2'],
    [1250, undefined, '1,25'],
  ])('%i %s → %s', (thousandths, unit, expected) => {
    expect(formatQuantity(thousandths, unit)).toBe(expected);
  });
});
