import { describe, expect, it, vi } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatEuro,
  formatEuroChange,
  formatIsoDay,
  formatLongDate,
  formatPercent,
  parseEuroAmount,
} from './format';

describe('formatEuro', () => {
  it('writes German money with two decimals and the euro sign', () => {
    expect(formatEuro(12600)).toBe('126,00 €');
    expect(formatEuro(0)).toBe('0,00 €');
    expect(formatEuro(5)).toBe('0,05 €');
    expect(formatEuro(14725)).toBe('147,25 €');
    expect(formatEuro(123456789)).toBe('1.234.567,89 €');
    expect(formatEuro(-550)).toBe('−5,50 €');
  });

  it('marks positive changes with a plus sign', () => {
    expect(formatEuroChange(2000)).toBe('+20,00 €');
    expect(formatEuroChange(0)).toBe('0,00 €');
    expect(formatEuroChange(-500)).toBe('−5,00 €');
  });

  it('refuses what is not a number', () => {
    expect(() => formatEuro(Number.NaN)).toThrow();
  });
});

describe('parseEuroAmount', () => {
  it('reads euros as people type them, in cents', () => {
    expect(parseEuroAmount('500')).toBe(50000);
    expect(parseEuroAmount(' 1.234,5 € ')).toBe(123450);
    expect(parseEuroAmount('12,99')).toBe(1299);
    expect(parseEuroAmount('0')).toBe(0);
  });

  it('refuses what is no amount', () => {
    for (const text of ['', 'viel', '-5', '1,234', '12.34', '1.23,00', '5e3']) {
      expect(parseEuroAmount(text), text).toBeNull();
    }
  });
});

describe('formatPercent', () => {
  it('uses a decimal comma', () => {
    expect(formatPercent(7)).toBe('7 %');
    expect(formatPercent(5.5)).toBe('5,5 %');
  });
});

describe('dates', () => {
  it('formats in German and in the shop time zone', () => {
    // 22:30 UTC on 31 May is already 1 June in Kronach (CEST, UTC+2)
    expect(formatDate('2025-05-31T22:30:00Z')).toBe('01.06.2025');
    expect(formatDateTime('2025-06-01T12:30:00Z')).toBe('01.06.2025, 14:30 Uhr');
    expect(formatLongDate('2025-06-01T12:00:00Z')).toBe('1. Juni 2025');
    expect(formatIsoDay('2025-06-01')).toBe('01.06.2025');
  });

  it('refuses invalid dates', () => {
    expect(() => formatDate('kein Datum')).toThrow();
    expect(() => formatIsoDay('2025-6-1')).toThrow();
  });
});

describe('calendar days', () => {
  it('takes the day in Kronach, not in UTC', async () => {
    const { isoDayInBerlin, addDays, daysBetween } = await import('./format');
    expect(isoDayInBerlin('2025-05-31T22:30:00Z')).toBe('2025-06-01');
    expect(isoDayInBerlin('2025-12-31T12:00:00Z')).toBe('2025-12-31');
    expect(addDays('2025-06-01', 30)).toBe('2025-07-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(daysBetween('2025-06-01', '2025-07-01')).toBe(30);
    expect(daysBetween('2025-03-29', '2025-03-31')).toBe(2);
  });

  it("agrees with Intl's Europe/Berlin at every change of the clocks and hour by hour", async () => {
    const { isoDayInBerlin } = await import('./format');
    const intl = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Berlin',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    // around each change (22:00–02:00 UTC on the last Sundays of March and
    // October, and the nights before and after), and every hour of 2026
    const times: number[] = [];
    for (let year = 1996; year <= 2060; year++) {
      for (const month of [2, 9]) {
        const lastDay = new Date(Date.UTC(year, month + 1, 0));
        const sunday = lastDay.getUTCDate() - lastDay.getUTCDay();
        for (let minutes = -26 * 60; minutes <= 26 * 60; minutes += 30) {
          times.push(Date.UTC(year, month, sunday, 1) + minutes * 60_000);
        }
      }
      times.push(Date.UTC(year, 11, 31, 22, 59, 59), Date.UTC(year, 11, 31, 23, 0, 0));
    }
    for (let hour = 0; hour < 366 * 24; hour++) times.push(Date.UTC(2026, 0, 1) + hour * 3_600_000);
    const wrong = times.filter((time) => isoDayInBerlin(time) !== intl.format(time));
    expect(wrong.map((time) => new Date(time).toISOString())).toEqual([]);
    expect(times.length).toBeGreaterThan(10_000);
  });
});

describe('berlinInstant', () => {
  it('is the instant the clocks in Kronach show a time on a day', async () => {
    const { berlinInstant, isoDayInBerlin } = await import('./format');
    expect(berlinInstant('2026-11-25', '23:59:30').toISOString()).toBe('2026-11-25T22:59:30.000Z');
    expect(berlinInstant('2026-07-01', '00:00').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    // the hour the clocks skip (29.03.2026, 02:00–03:00) lands an hour later
    expect(berlinInstant('2026-03-29', '02:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // the hour they repeat (25.10.2026, 02:00–03:00): the first of the two
    expect(berlinInstant('2026-10-25', '02:30').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    for (const day of ['2026-01-01', '2026-03-29', '2026-10-25', '2026-12-31']) {
      expect(isoDayInBerlin(berlinInstant(day, '00:00'))).toBe(day);
      expect(isoDayInBerlin(berlinInstant(day, '23:59:59'))).toBe(day);
    }
    expect(() => berlinInstant('2026-11-25', '24h')).toThrow();
  });
});

describe('the clock', () => {
  it('answers the time it was set to and runs on from there; today follows it', async () => {
    const { clock } = await import('./clock');
    const { berlinInstant, isoDayInBerlin } = await import('./format');
    try {
      clock.set(berlinInstant('2026-11-25', '23:59:59'));
      expect(isoDayInBerlin()).toBe('2026-11-25');
      const start = clock.now().getTime();
      expect(start - Date.parse('2026-11-25T22:59:59Z')).toBeLessThan(1_000);
      // the clock runs on at the real pace: the next day comes within a second or so
      await vi.waitFor(() => expect(isoDayInBerlin()).toBe('2026-11-26'), {
        timeout: 5_000,
        interval: 50,
      });
      expect(clock.now().getTime() - start).toBeGreaterThanOrEqual(1_000);
    } finally {
      clock.reset();
    }
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(50);
    expect(() => clock.set('gestern')).toThrow();
  });
});
