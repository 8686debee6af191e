import { describe, expect, it } from 'vitest';
import {
  contestClosedMessage,
  contestDeadlinePassed,
  contestDeadlineText,
  contestLastDay,
  contestOpen,
} from './contest';
import { INITIAL_SITE_SETTINGS } from './site-settings';

const settings = (
  active: boolean,
  closingDate: string | null,
  openingDate: string | null = null,
) => ({
  contest: { active, closingDate },
  openingDate,
});

describe('contestOpen', () => {
  it('runs on a fresh install: switched on, no closing date, no opening date', () => {
    expect(INITIAL_SITE_SETTINGS.contest).toEqual({ active: true, closingDate: null });
    expect(INITIAL_SITE_SETTINGS.openingDate).toBeNull();
    expect(contestOpen(INITIAL_SITE_SETTINGS, '2026-11-23')).toBe(true);
    expect(contestOpen(INITIAL_SITE_SETTINGS)).toBe(true);
    expect(contestLastDay(INITIAL_SITE_SETTINGS)).toBeNull();
  });

  it('is open while switched on, up to and including the closing date', () => {
    expect(contestOpen(settings(true, '2026-11-22'), '2026-11-21')).toBe(true);
    expect(contestOpen(settings(true, '2026-11-22'), '2026-11-22')).toBe(true);
  });

  it('is closed the day after the closing date', () => {
    expect(contestOpen(settings(true, '2026-11-22'), '2026-11-23')).toBe(false);
    expect(contestOpen(settings(true, '2025-06-01'), '2026-11-22')).toBe(false);
    expect(contestDeadlinePassed(settings(true, '2025-06-01'), '2026-11-22')).toBe(true);
  });

  it('closes when the shop opens, when that comes before the closing date', () => {
    const opening = settings(true, '2027-12-31', '2027-07-01');
    expect(contestLastDay(opening)).toBe('2027-06-30');
    expect(contestOpen(opening, '2027-06-30')).toBe(true);
    expect(contestOpen(opening, '2027-07-01')).toBe(false);
    // without a closing date the opening alone closes it
    expect(contestOpen(settings(true, null, '2027-07-01'), '2027-06-30')).toBe(true);
    expect(contestOpen(settings(true, null, '2027-07-01'), '2027-07-01')).toBe(false);
    // a closing date before the opening wins
    expect(contestLastDay(settings(true, '2027-05-31', '2027-07-01'))).toBe('2027-05-31');
    expect(contestOpen(settings(true, '2027-05-31', '2027-07-01'), '2027-06-01')).toBe(false);
  });

  it('is closed whenever the switch is off', () => {
    expect(contestOpen(settings(false, '2099-12-31'), '2026-11-22')).toBe(false);
    expect(contestOpen(settings(false, null), '2026-11-22')).toBe(false);
  });

  it('takes today in Kronach by default', () => {
    expect(contestOpen(settings(true, '2000-01-01'))).toBe(false);
    expect(contestOpen(settings(true, '9999-12-31'))).toBe(true);
  });
});

describe('contestClosedMessage and contestDeadlineText', () => {
  it('names the last day once it has passed', () => {
    expect(contestClosedMessage(settings(true, '2025-06-01'), '2026-11-22')).toBe(
      'Der Wettbewerb ist beendet. Teilnahmeschluss war der 01.06.2025.',
    );
    expect(contestClosedMessage(settings(true, null, '2026-11-01'), '2026-11-22')).toBe(
      'Der Wettbewerb ist beendet. Teilnahmeschluss war der 31.10.2026.',
    );
    expect(contestDeadlineText(settings(true, '2025-06-01'), '2026-11-22')).toBe(
      'Teilnahmeschluss war der 01.06.2025.',
    );
  });

  it('says only that it has ended when the admin switched it off early', () => {
    expect(contestClosedMessage(settings(false, '2026-12-31'), '2026-11-22')).toBe(
      'Der Wettbewerb ist beendet. Eine Teilnahme ist leider nicht mehr möglich.',
    );
  });

  it('names the coming last day, or the opening while no date is set', () => {
    expect(contestDeadlineText(settings(true, '2026-12-31'), '2026-11-22')).toBe(
      'Teilnahmeschluss ist der 31.12.2026.',
    );
    expect(contestDeadlineText(settings(true, null), '2026-11-22')).toBe(
      'Teilnahmeschluss ist die Eröffnung des Ladens.',
    );
  });
});
