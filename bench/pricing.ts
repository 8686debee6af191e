// Price calculations per second (run by bench/run.mjs through tsx).
import { calculatePrice, priceSelection } from '@housnkuh/shared/pricing';

function measure(name: string, fn: () => unknown, ms = 2000) {
  // warm-up
  for (let i = 0; i < 20_000; i++) fn();
  let n = 0;
  const start = process.hrtime.bigint();
  const end = start + BigInt(ms) * 1_000_000n;
  while (process.hrtime.bigint() < end) {
    for (let i = 0; i < 1000; i++) fn();
    n += 1000;
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return { name, opsPerSecond: Math.round(n / seconds) };
}

const results = [
  measure('calculatePrice (3 options, extra services, 12 months)', () =>
    calculatePrice({
      packageOptions: [
        { id: 'block-a', name: 'A', price: 3500, count: 2 },
        { id: 'block-cold', name: 'K', price: 5000, count: 1 },
        { id: 'window-large', name: 'S', price: 6000, count: 1 },
      ],
      zusatzleistungen: { lagerservice: true, versandservice: true },
      rentalDuration: 12,
      provisionRate: 7,
    }),
  ),
  measure('priceSelection (from the catalog, as the server does)', () =>
    priceSelection({
      provisionType: 'premium',
      packageCounts: { 'block-a': 2, 'block-cold': 1, 'window-large': 1, 'block-other': 1 },
      rentalDuration: 6,
      zusatzleistungen: { lagerservice: true, versandservice: false },
    }),
  ),
];
process.stdout.write(JSON.stringify(results));
