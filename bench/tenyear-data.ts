// The ten-year data set of the bench (run by bench/run.mjs through tsx, section `tenyear`):
// a shop with 50 producers (one running contract each) and 10,000 till lines a month, settled
// month by month with the product's own code, so the tables hold what ten years leave behind
// (sales lines, settled sales lines, final settlement items, numbered documents with their PDFs,
// payouts, open items, sent mails).
//
//   tsx bench/tenyear-data.ts init <password>     the shop, its producers and contracts
//   tsx bench/tenyear-data.ts months <from> <to>  settles months <from>..<to> (1-based, their
//                                                 lines are already there) and adds the lines of
//                                                 month <to>+1, which stays open to be measured
// (DATA_DIR or DATABASE_URL). Deterministic: the same seed gives the same lines, amounts and
// document numbers (the clock is set to each month's settlement day).
//
// The PDFs are rendered here, after each month's finalize, with the product's renderer (as the
// server does after the commit): the measured server then starts with nothing left to render.
// The mails of each month are marked sent, as the outbox would have done within the month.
import { clock } from '@housnkuh/shared/clock';
import { addMonths } from '@housnkuh/shared/rental-terms';
import { DEFAULT_BILLING_SETTINGS } from '@housnkuh/shared/schemas/billing';
import { openDatabase } from '../apps/server/src/db/client';
import { hashPassword } from '../apps/server/src/lib/passwords';
// bench data goes in through the owners' functions, as db/seed.ts does (docs/decisions/0013)
import { createAdmin, listAdmins } from '../apps/server/src/modules/accounts/public';
import { putBillingSettings } from '../apps/server/src/modules/billing/public';
import { SettingsService } from '../apps/server/src/modules/content/public';
import { createRunningContracts } from '../apps/server/src/modules/contracts/public';
import { copyPdfsFromMonth, renderMissingPdfs } from '../apps/server/src/modules/documents/public';
import { markPendingMailsSent } from '../apps/server/src/modules/mail/public';
import {
  addSalesLinesAsTheyStand,
  type KnownSalesLine,
} from '../apps/server/src/modules/sales/public';
import {
  finalizeMonth,
  openSettlementMonth,
  tidyUnsettledLines,
} from '../apps/server/src/modules/settlement/public';
import { createVendors, vendorIdByEmail } from '../apps/server/src/modules/vendors/public';

/** Raise it whenever the data changes: the cached data sets are keyed by it. */
export const TENYEAR_VERSION = 1;
export const PRODUCERS = 50;
export const LINES_PER_MONTH = 10_000;
/** Month 1 of the ten years; month 120 is 2026-10. */
export const FIRST_MONTH = '2016-11';
export const PRODUCER_EMAIL = 'hof-0@zehnjahre.example';

export const monthNo = (n: number) => addMonths(`${FIRST_MONTH}-01`, n - 1).slice(0, 7);

/** mulberry32: a small seeded generator, the same numbers on every machine. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const daysIn = (month: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 0)).getUTCDate();
};

/** Berlin's offset for a day (CET/CEST, last Sunday of March and October). */
function berlinOffset(month: string, day: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const lastSunday = (mon: number) => {
    const last = new Date(Date.UTC(year, mon, 0));
    return last.getUTCDate() - last.getUTCDay();
  };
  const summer =
    (m > 3 && m < 10) || (m === 3 && day >= lastSunday(3)) || (m === 10 && day < lastSunday(10));
  return summer ? '+02:00' : '+01:00';
}

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

const producerEmail = (i: number) => (i === 0 ? PRODUCER_EMAIL : `hof-${i}@zehnjahre.example`);

async function init(db: Db, password: string) {
  const admin = await createAdmin(db, { username: 'bench', name: 'Bench Admin', password });
  await putBillingSettings(
    db,
    { id: admin.id, name: admin.name },
    {
      ...DEFAULT_BILLING_SETTINGS,
      steuernummer: '214/123/45678',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      kontoinhaber: 'housnkuh Kronach',
      zahlungszielTage: 14,
      abrechnungAb: FIRST_MONTH,
      datev: {
        ...DEFAULT_BILLING_SETTINGS.datev,
        beraternummer: 1234567,
        mandantennummer: 10001,
        sachkontenlaenge: 4,
        erloeskontoMiete: 8400,
        erloeskontoProvision: 8519,
        debitorenkontoStart: 10000,
        verrechnungskonto: 1590,
      },
    },
  );
  const settings = new SettingsService(db);
  const current = await settings.reload();
  await settings.update({
    openingDate: `${FIRST_MONTH}-01`,
    phone: '09261 123456',
    legal: { ...current.legal, ownerName: 'Bench Inhaberin' },
  });
  const producerHash = await hashPassword(password);
  const vendorIds = await createVendors(
    db,
    Array.from({ length: PRODUCERS }, (_, i) => ({
      vendor: {
        email: producerEmail(i),
        passwordHash: i === 0 ? producerHash : null,
        emailConfirmedAt: new Date(`${FIRST_MONTH}-01T10:00:00+01:00`),
        name: `Hof ${i}`,
        strasse: 'Hauptstraße',
        hausnummer: String(i + 1),
        plz: '96317',
        ort: 'Kronach',
        taxStatus: i % 10 === 0 ? 'kleinunternehmer' : 'regelbesteuert',
        iban: 'DE02120300000000202051',
        kontoinhaber: `Hof ${i}`,
      },
      // set by hand: no geocoding requests from the bench
      location: { lat: 50.241, lng: 11.328 },
    })),
  );
  // one running contract each (V-2016-0001 …), its first version naming one unit
  const start = `${FIRST_MONTH}-01`;
  await createRunningContracts(
    db,
    vendorIds.map((vendorId, i) => ({
      vendorId,
      provisionType: i % 3 === 0 ? 'premium' : 'basic',
      rentalDuration: 12,
      monthlyPriceCents: 1500 + (i % 5) * 500,
      startDate: start,
      packageSnapshot: {},
      units: [{ id: vendorId, name: `B${i + 1}`, optionId: 'block-b', priceCents: 1500 }],
      zusatzleistungen: { lagerservice: false, versandservice: false },
    })),
    { openingDate: start, actorName: 'Bench' },
  );
  await addLines(db, 1);
}

/** The 10,000 till lines of month n (seeded by n): receipts of 1–5 lines, 8:00–18:00. */
async function addLines(db: Db, n: number) {
  const month = monthNo(n);
  const next = random(TENYEAR_VERSION * 1_000_003 + n);
  const vendorIds: string[] = [];
  for (let i = 0; i < PRODUCERS; i += 1)
    vendorIds.push((await vendorIdByEmail(db, producerEmail(i)))!);
  const days = daysIn(month);
  const rows: KnownSalesLine[] = [];
  let receipt = 0;
  let position = 0;
  let size = 1;
  for (let i = 0; i < LINES_PER_MONTH; i += 1) {
    if (position >= size) {
      receipt += 1;
      position = 0;
      size = 1 + Math.floor(next() * 5);
    }
    position += 1;
    const day = 1 + (Math.floor((receipt / (LINES_PER_MONTH / 3)) * days) % days);
    const minute = Math.floor(next() * 600);
    const v = Math.floor(next() * PRODUCERS);
    const price = 99 + Math.floor(next() * 2000);
    const quantity = next() < 0.01 ? -1000 : 1000 * (1 + Math.floor(next() * 3));
    rows.push({
      receiptId: `${month}-B${receipt}`,
      position,
      soldAt: new Date(
        `${month}-${String(day).padStart(2, '0')}T${String(8 + Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00${berlinOffset(month, day)}`,
      ),
      ean: '2000000000000',
      articleText: `Artikel ${v}-${Math.floor(next() * 8)}`,
      quantityThousandths: quantity,
      unitPriceGrossCents: price,
      vatRateBp: v % 10 === 0 ? 0 : next() < 0.25 ? 1900 : 700,
      lineTotalGrossCents: (price * quantity) / 1000,
      vendorId: vendorIds[v]!,
      productId: null,
      raw: `${month}-B${receipt};${position}`,
    });
  }
  await addSalesLinesAsTheyStand(db, 'csv', rows);
}

/**
 * Settles month n as the admin does: the month opened (drafts) and finalized with the product's
 * code, on the first working morning after it. The PDFs: with BENCH_TENYEAR_PDFS=render each is
 * rendered with the product's renderer (as the server does after the commit; about 12 s a month
 * on the loaded bench machine, 25 minutes for ten years); by default the documents of month 1 are
 * rendered so, and each later document stores the rendered PDF of the same producer's document
 * of the same kind of month 1 (real bytes of a real size with their SHA-256): what the tables hold
 * and what the server finds (nothing left to render) is the same.
 */
async function settle(db: Db, n: number) {
  const month = monthNo(n);
  clock.set(new Date(`${monthNo(n + 1)}-02T09:00:00${berlinOffset(monthNo(n + 1), 2)}`));
  const admin = (await listAdmins(db)).find((account) => account.username === 'bench');
  const actor = { id: admin!.id, name: 'Bench Admin' };
  const settings = await new SettingsService(db).reload();
  const started = performance.now();
  await openSettlementMonth(db, actor, month, settings.openingDate);
  const { documents, blocked } = await finalizeMonth(db, actor, month, settings);
  if (blocked.length > 0) throw new Error(`${month}: ${blocked.length} producers blocked`);
  // as the finalize route does after the commit
  await tidyUnsettledLines(db);
  const settledMs = performance.now() - started;
  let rendered = 0;
  if (n === 1 || process.env.BENCH_TENYEAR_PDFS === 'render')
    rendered = await renderMissingPdfs(db);
  else await copyPdfsFromMonth(db, month, FIRST_MONTH);
  // the outbox sent the month's mails
  await markPendingMailsSent(db, clock.now());
  return { documents: documents.length, rendered, settledMs };
}

async function main() {
  const [command, a, b] = process.argv.slice(2);
  const database = await openDatabase({
    url: process.env.DATABASE_URL || undefined,
    dataDir: process.env.DATA_DIR ?? 'memory',
  });
  const db = database.db;
  try {
    if (command === 'init') await init(db, a ?? 'Bench!2026');
    else if (command === 'months') {
      const from = Number(a);
      const to = Number(b);
      for (let n = from; n <= to; n += 1) {
        const started = performance.now();
        const { documents, rendered, settledMs } = await settle(db, n);
        await addLines(db, n + 1);
        if (n === from || n === to || n % 12 === 0)
          console.log(
            `  ${process.env.BENCH_LABEL ?? ''} ${monthNo(n)} settled (${documents} documents, ${rendered} PDFs rendered): drafts + finalize ${(settledMs / 1000).toFixed(1)} s, all ${((performance.now() - started) / 1000).toFixed(1)} s`,
          );
      }
    } else throw new Error(`unknown command ${command}`);
  } finally {
    await database.close();
  }
}

if (process.argv[1]?.endsWith('tenyear-data.ts')) await main();
