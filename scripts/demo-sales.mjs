#!/usr/bin/env node
// Demo till sales for the demo producers (docs/decisions/0032, 0043): writes
// demo/kassenverkaeufe.csv, believable receipts over the demo's months (from its opening, the
// first of the month four months before today's, to the end of last month), ready for the owner
// to import under Verkäufe (POST /api/admin/sales/import). No dependencies; the products come from
// apps/server/src/db/demo-products.json, the file the seed reads too.
//
//   node scripts/demo-sales.mjs [--today=YYYY-MM-DD] [--out=path]
//
// Deterministic: every day's receipts come from a random generator seeded with that day, so the
// same day always gives the same receipts (a file made later overlaps an earlier one exactly,
// and an import of both counts the overlap as duplicates).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PRODUCTS_FILE = path.join(ROOT, 'apps/server/src/db/demo-products.json');
const DEFAULT_OUT = path.join(ROOT, 'demo/kassenverkaeufe.csv');

/**
 * Lines with an EAN no product has: twice the cashier rang up a bottle's deposit on the till's
 * own deposit key instead of Kelterei Bauer's. The deposit is part of the producer's sale, so
 * the owner assigns these lines to Kelterei Bauer's "Pfand Mehrwegflasche".
 */
export const UNKNOWN_EAN_LINES = [
  { ean: '2990000000019', artikel: 'Pfand Mehrwegflasche', priceCents: 15, vatRate: 19 },
];

/**
 * Holzwerkstatt Fischer brings new pieces every other month: in even months (February, April,
 * …) its shelf is empty and it sells nothing, so its rent makes that month negative (an open
 * amount), offset in the next month. A rule of the calendar, so a day's receipts never depend on
 * the day the file is made.
 */
const EVERY_OTHER_MONTH = 'werkstatt@holzwerkstatt-fischer.example';

export const HEADER =
  'beleg;position;zeitpunkt;ean;artikel;menge;einzelpreis_brutto;mwst_satz;betrag_brutto';

function argument(name) {
  const prefix = `--${name}=`;
  return process.argv
    .slice(2)
    .find((arg) => arg.startsWith(prefix))
    ?.slice(prefix.length);
}

/** Today in Berlin ('YYYY-MM-DD'). */
function berlinToday() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
}

/** mulberry32: a small seeded generator, numbers in [0, 1). */
function generator(seedText) {
  let seed = 0;
  for (const char of seedText) seed = (Math.imul(seed, 31) + char.charCodeAt(0)) >>> 0;
  return () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Half up, away from zero, once: quantity (thousandths) × unit price (cents). */
export function lineTotalCents(quantityThousandths, unitPriceCents) {
  const n = quantityThousandths * unitPriceCents;
  const rounded = Math.floor((2 * Math.abs(n) + 1000) / 2000);
  return n < 0 && rounded !== 0 ? -rounded : rounded;
}

const euro = (cents) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;
const decimal = (value) => String(value).replace('.', ',');
const quantityText = (thousandths) => decimal(thousandths / 1000);

function addDays(day, days) {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The demo's months: from its opening, the first day of the month four months before `today`'s
 * month (packages/shared/src/demo-months.ts), to the last day of the month before.
 */
export function demoPeriod(today) {
  const first = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 5, 1, 12));
  const firstOfThisMonth = `${today.slice(0, 7)}-01`;
  return { from: first.toISOString().slice(0, 10), to: addDays(firstOfThisMonth, -1) };
}

/** How popular a product is in the shop: everyday food more than brandy and wooden boards. */
function popularity(product) {
  if (product.priceCents >= 2000 && product.unit !== 'kg') return 1;
  if (/eier|brot|milch|kartoffel|apfel|äpfel|karotten|honig/i.test(product.name)) return 6;
  return 3;
}

/** The quantity a customer takes, in thousandths: a weight for kg goods, else 1–3 pieces. */
function quantityOf(product, random) {
  if (product.unit === 'kg') {
    // on the scale, to the gram: a piece of cheese or ham 0,100–0,600 kg, vegetables 0,180–2,400 kg
    return product.priceCents >= 1000
      ? 100 + Math.floor(random() * 501)
      : 180 + Math.floor(random() * 2221);
  }
  const r = random();
  return (r < 0.75 ? 1 : r < 0.93 ? 2 : 3) * 1000;
}

/** A time of day (minutes) in the shop's busy hours: 7:00–20:00, more before noon and after 16:00. */
function minuteOfDay(random) {
  const slots = [
    [7, 9, 2],
    [9, 12, 4],
    [12, 16, 2],
    [16, 19, 4],
    [19, 20, 1],
  ];
  const total = slots.reduce((sum, slot) => sum + slot[2] * (slot[1] - slot[0]), 0);
  let pick = random() * total;
  for (const [start, end, weight] of slots) {
    const span = weight * (end - start);
    if (pick < span) return start * 60 + Math.floor((pick / span) * (end - start) * 60);
    pick -= span;
  }
  return 19 * 60 + 59;
}

/** The receipts of one day: each with its lines (same day → same receipts). */
function receiptsOfDay(day, products) {
  const random = generator(`housnkuh-demo-${day}`);
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay(); // 0 Sunday
  const count =
    weekday === 0
      ? 4 + Math.floor(random() * 5)
      : weekday === 6
        ? 8 + Math.floor(random() * 7)
        : 12 + Math.floor(random() * 12);
  const weighted = products.flatMap((product) => Array(popularity(product)).fill(product));
  const minutes = Array.from({ length: count }, () => minuteOfDay(random)).sort((a, b) => a - b);
  return minutes.map((minute, index) => {
    const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
    const id = `K1-${day.replaceAll('-', '')}-${String(index + 1).padStart(3, '0')}`;
    // now and then a customer brings something back: a receipt of one return line
    if (random() < 0.015) {
      const product = weighted[Math.floor(random() * weighted.length)];
      const quantity = product.unit === 'kg' ? -(250 + Math.floor(random() * 500)) : -1000;
      return { id, time, lines: [{ product, quantity }] };
    }
    const size = 1 + Math.floor(random() ** 1.6 * 6);
    const chosen = [];
    while (chosen.length < size) {
      const product = weighted[Math.floor(random() * weighted.length)];
      if (!chosen.some((line) => line.product === product))
        chosen.push({ product, quantity: quantityOf(product, random) });
    }
    return { id, time, lines: chosen };
  });
}

/** The CSV text for `today`: every receipt line of the period, one per row. */
export function demoSalesCsv(today, vendors) {
  // deposits are never picked on their own: they follow the bottle they are on
  const shelf = (vendor) => vendor.products.filter((product) => !product.isDeposit);
  const everyMonth = vendors.filter((vendor) => vendor.email !== EVERY_OTHER_MONTH).flatMap(shelf);
  const allProducts = vendors.flatMap(shelf);
  const depositOf = new Map(
    vendors.flatMap((vendor) => {
      const deposit = vendor.products.find((product) => product.isDeposit);
      return deposit ? shelf(vendor).map((product) => [product, deposit]) : [];
    }),
  );
  const { from, to } = demoPeriod(today);
  const rows = [HEADER];
  let unknownLeft = 2;
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const [year, month, date] = day.split('-');
    const products = Number(month) % 2 === 0 ? everyMonth : allProducts;
    for (const receipt of receiptsOfDay(day, products)) {
      const lines = [];
      for (const { product, quantity } of receipt.lines) {
        lines.push({
          ean: product.ean,
          artikel: product.name,
          quantity,
          priceCents: product.priceCents,
          vatRate: product.vatRate,
        });
        // a bottle's deposit: the producer's, at the bottle's rate (part of its sale); twice in
        // the period rung up on the till's own deposit key (no product's EAN: the owner assigns it)
        const deposit = product.withDeposit ? depositOf.get(product) : undefined;
        if (!deposit) continue;
        const onTillKey =
          unknownLeft > 0 && quantity > 0 && day >= addDays(from, unknownLeft === 2 ? 9 : 40);
        if (onTillKey) unknownLeft--;
        lines.push({
          ...(onTillKey
            ? UNKNOWN_EAN_LINES[0]
            : { ean: deposit.ean, artikel: deposit.name, priceCents: deposit.priceCents }),
          vatRate: product.vatRate,
          quantity,
        });
      }
      lines.forEach((line, index) => {
        rows.push(
          [
            receipt.id,
            index + 1,
            `${date}.${month}.${year} ${receipt.time}`,
            line.ean,
            line.artikel,
            quantityText(line.quantity),
            euro(line.priceCents),
            decimal(line.vatRate),
            euro(lineTotalCents(line.quantity, line.priceCents)),
          ].join(';'),
        );
      });
    }
  }
  return `${rows.join('\n')}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const today = argument('today') ?? berlinToday();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) {
    console.error('--today=JJJJ-MM-TT');
    process.exit(2);
  }
  const out = path.resolve(argument('out') ?? DEFAULT_OUT);
  const { vendors } = JSON.parse(fs.readFileSync(PRODUCTS_FILE, 'utf8'));
  const csv = demoSalesCsv(today, vendors);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, csv);
  const { from, to } = demoPeriod(today);
  console.log(
    `${path.relative(process.cwd(), out)}: ${csv.split('\n').length - 2} Zeilen, ${from} bis ${to}`,
  );
}
