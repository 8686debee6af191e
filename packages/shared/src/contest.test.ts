import { describe, expect, it } from 'vitest';
import { contestClosedMessage, contestDeadlinePassed, contestOpen } from './contest';

const settings = (active: boolean, closingDate: string) => ({ contest: { active, closingDate } });

describe('contestOpen', () => {
  it('is open while switched on, up to and including the closing date', () => {
    expect(contestOpen(settings(true, '2026-11-22'), '2026-11-21')).toBe(true);
    expect(contestOpen(settings(true, '2026-11-22'), '2026-11-22')).toBe(true);
  });

  it('is closed the day after the closing date', () => {
    expect(contestOpen(settings(true, '2026-11-22'), '2026-11-23')).toBe(false);
    // the spec's date on a fresh install
    expect(contestOpen(settings(true, '2025-06-01'), '2026-11-22')).toBe(false);
    expect(contestDeadlinePassed(settings(true, '2025-06-01'), '2026-11-22')).toBe(true);
  });

  it('is closed whenever the switch is off', () => {
    expect(contestOpen(settings(false, '2099-12-31'), '2026-11-22')).toBe(false);
  });

  it('takes today in Kronach by default', () => {
    expect(contestOpen(settings(true, '2000-01-01'))).toBe(false);
    expect(contestOpen(settings(true, '9999-12-31'))).toBe(true);
  });
});

describe('contestClosedMessage', () => {
  it('names the closing date once it has passed', () => {
    expect(contestClosedMessage(settings(true, '2025-06-01'), '2026-11-22')).toBe(
      'Der Wettbewerb ist beendet. Teilnahmeschluss war der 01.06.2025.',
    );
  });

  it('says only that it has ended when the admin switched it off early', () => {
    expect(contestClosedMessage(settings(false, '2026-12-31'), '2026-11-22')).toBe(
      'Der Wettbewerb ist beendet. Eine Teilnahme ist leider nicht mehr möglich.',
    );
  });
});
