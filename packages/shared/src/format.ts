/**
 * German formatting of money and dates. Money arrives as integer cents and is
 * formatted only at the edge: `126,00 €`, `+20,00 €` for a positive change.
 */

import { clock } from './clock';

const TIME_ZONE = 'Europe/Berlin';

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** 12600 → '126,00 €'; -550 → '−5,50 €' (a real minus sign); 123456789 → '1.234.567,89 €'. */
export function formatEuro(cents: number): string {
  if (!Number.isFinite(cents)) throw new Error('formatEuro needs a finite number');
  const rounded = Math.round(cents);
  const sign = rounded < 0 ? '−' : '';
  const abs = Math.abs(rounded);
  const euros = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  return `${sign}${groupThousands(String(euros))},${rest} €`;
}

/** A price change: '+20,00 €' when positive, otherwise as formatEuro. */
export function formatEuroChange(cents: number): string {
  return cents > 0 ? `+${formatEuro(cents)}` : formatEuro(cents);
}

/**
 * An amount of euros as people type it, in cents: '500' → 50000,
 * '1.250,5' → 125050, '12,99 €' → 1299. Null for anything else or a negative amount.
 */
export function parseEuroAmount(text: string): number | null {
  const plain = text.replace(/\s|€/g, '');
  if (!/^(\d{1,3}(\.\d{3})+|\d+)(,\d{1,2})?$/.test(plain)) return null;
  const [euros = '0', fraction = ''] = plain.replace(/\./g, '').split(',');
  return Number(euros) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 7 → '7 %', 5.5 → '5,5 %'. */
export function formatPercent(value: number): string {
  return `${String(Math.round(value * 100) / 100).replace('.', ',')} %`;
}

function toDate(value: Date | string | number): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error('Invalid date');
  return date;
}

/**
 * Formatters are made on first use: creating an Intl formatter costs
 * milliseconds, which every page would otherwise pay while loading.
 */
function lazyFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat('de-DE', { timeZone: TIME_ZONE, ...options }));
}

const dateFormat = lazyFormat({ day: '2-digit', month: '2-digit', year: 'numeric' });
const timeFormat = lazyFormat({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const longDateFormat = lazyFormat({ day: 'numeric', month: 'long', year: 'numeric' });

/** '01.06.2025' (German local date). */
export function formatDate(value: Date | string | number): string {
  return dateFormat().format(toDate(value));
}

/** '01.06.2025, 14:30 Uhr'. */
export function formatDateTime(value: Date | string | number): string {
  const date = toDate(value);
  return `${dateFormat().format(date)}, ${timeFormat().format(date)} Uhr`;
}

/** '1. Juni 2025'. */
export function formatLongDate(value: Date | string | number): string {
  return longDateFormat().format(toDate(value));
}

/** A calendar date 'YYYY-MM-DD' without time zone shifts → '01.06.2025'. */
export function formatIsoDay(isoDay: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  if (!match) throw new Error('Invalid ISO day');
  return `${match[3]}.${match[2]}.${match[1]}`;
}

const HOUR_MS = 3_600_000;

/** 01:00 UTC on the last Sunday of a month (1–12): when Europe's clocks change. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month, 0));
  return Date.UTC(year, month - 1, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/**
 * The calendar day in Kronach as 'YYYY-MM-DD'. Computed from the EU's rule
 * (summer time from 01:00 UTC on the last Sunday of March to 01:00 UTC on the
 * last Sunday of October, since 1996) rather than asked of Intl: a page that
 * shows the shop's phase needs this while it loads, and a browser's first Intl
 * formatter costs about 30 ms of start-up (120 ms on a slow phone). The tests
 * compare it with Intl's Europe/Berlin hour by hour, so a change of the rule shows.
 */
export function isoDayInBerlin(value: Date | string | number = clock.now()): string {
  const date = toDate(value);
  return new Date(date.getTime() + berlinOffsetHours(date) * HOUR_MS).toISOString().slice(0, 10);
}

/**
 * The instant at which the clocks in Kronach show `time` ('HH:MM' or
 * 'HH:MM:SS') on `isoDay`; in the hour the clocks skip (last Sunday of March,
 * 02:00–03:00) the instant an hour later, in the hour they repeat the first.
 */
export function berlinInstant(isoDay: string, time: string): Date {
  const match = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  if (!match || !/^\d{4}-\d{2}-\d{2}$/.test(isoDay)) throw new Error('Invalid day or time');
  const local = Date.parse(`${isoDay}T${match[1]}:${match[2]}:${match[3] ?? '00'}Z`);
  // summer time (UTC+2) first: in the repeated hour that is the earlier instant
  for (const hours of [2, 1]) {
    const candidate = new Date(local - hours * HOUR_MS);
    const shown = new Date(candidate.getTime() + berlinOffsetHours(candidate) * HOUR_MS);
    if (shown.getTime() === local) return candidate;
  }
  return new Date(local - HOUR_MS);
}

function berlinOffsetHours(date: Date): number {
  const time = date.getTime();
  const year = date.getUTCFullYear();
  return time >= lastSundayAtOneUtc(year, 3) && time < lastSundayAtOneUtc(year, 10) ? 2 : 1;
}

/** 'YYYY-MM-DD' plus n days. */
export function addDays(isoDay: string, days: number): string {
  const date = new Date(`${isoDay}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from one 'YYYY-MM-DD' to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round(
    (new Date(`${to}T12:00:00Z`).getTime() - new Date(`${from}T12:00:00Z`).getTime()) / 86_400_000,
  );
}

/** '2026-11-24' → '2026-12-01': the first day of the month after `isoDay`. */
export function firstOfNextMonth(isoDay: string): string {
  const [year, month] = isoDay.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}
