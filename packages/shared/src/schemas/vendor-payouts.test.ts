import { describe, expect, it } from 'vitest';
import { payoutDueDay, payoutMonthLine, payoutStateText } from './vendor-payouts';

describe('the producer payout state', () => {
  it('is due by the 15th of the next month, across the year', () => {
    expect(payoutDueDay('2026-10')).toBe('2026-11-15');
    expect(payoutDueDay('2026-12')).toBe('2027-01-15');
  });

  it('reads as the producer says it', () => {
    const base = { payoutCents: 929, offsetInMonth: null };
    expect(payoutStateText({ ...base, state: 'transferred', day: '2026-11-12' })).toBe(
      'überwiesen am 12.11.2026',
    );
    expect(payoutStateText({ ...base, state: 'pending', day: '2026-12-15' })).toBe(
      'wird bis 15.12. überwiesen',
    );
    expect(
      payoutStateText({ payoutCents: -48, offsetInMonth: null, state: 'owed', day: '2026-09-14' }),
    ).toMatch(/^du schuldest 0,48\s€, fällig am 14\.09\.2026$/);
    expect(
      payoutStateText({ ...base, state: 'owedOffset', day: null, offsetInMonth: '2026-10' }),
    ).toBe('verrechnet mit Oktober 2026');
  });

  it('puts last month into one line', () => {
    expect(
      payoutMonthLine({
        month: '2026-10',
        statementNumber: 'VA-2026-00001',
        salesGrossCents: 2550,
        deductionsCents: 1621,
        payoutCents: 929,
        state: 'transferred',
        day: '2026-11-12',
        offsetInMonth: null,
      }).replace(/\u00a0/g, ' '),
    ).toBe(
      'Oktober 2026: Verkäufe 25,50 € · Abzüge 16,21 € · Auszahlung 9,29 € · überwiesen am 12.11.2026',
    );
  });
});
