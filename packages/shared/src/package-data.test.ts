import { describe, expect, it } from 'vitest';
import { packageDataAnswer, packageDataBreakdown } from './package-data';
import { priceSelection } from './pricing';
import { packageDataAnswerSchema } from './schemas/booking';

describe('packageDataAnswer', () => {
  const priced = priceSelection({
    provisionType: 'premium',
    packageCounts: { 'block-a': 2, 'block-other': 1, 'block-cold': 1 },
    rentalDuration: 12,
    zusatzleistungen: { lagerservice: false, versandservice: true },
  });

  it('has the names and units of spec §3 "Package data"', () => {
    const answer = packageDataAnswer(priced);
    expect(answer).toEqual({
      selectedProvisionType: 'premium',
      packageCounts: { 'block-a': 2, 'block-cold': 1, 'block-other': 1 },
      packageOptions: [
        { id: 'block-a', name: 'Verkaufsblock Lage A', price: 35 },
        { id: 'block-cold', name: 'gekühlt', price: 50 },
        { id: 'block-other', name: 'Flexibler Bereich', price: 0, priceDisplay: 'auf Anfrage' },
      ],
      rentalDuration: 12,
      // 70 € + 50 € + 5 € Versandservice = 125 €, 10 % off for 12 months
      totalCost: { monthly: 112.5, oneTime: 0, provision: 7 },
      discount: 0.1,
      zusatzleistungen: { lagerservice: false, versandservice: true },
    });
    expect(packageDataAnswerSchema.parse(answer)).toEqual(answer);
  });

  it('gives back the server’s breakdown from the answer alone', () => {
    expect(packageDataBreakdown(packageDataAnswer(priced))).toEqual(priced.price);
  });
});
