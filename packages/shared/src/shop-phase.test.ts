import { describe, expect, it } from 'vitest';
import {
  fillOpeningPlaceholder,
  joinsText,
  notYetOpenText,
  OPENING_PLACEHOLDER,
  openingBadge,
  openingFrom,
  openingLine,
  shopPhase,
  trialStartText,
  unitsHeading,
} from './shop-phase';

const TODAY = '2026-11-23';

describe('shopPhase', () => {
  it('is "soon" without a date, "planned" before it and "open" from the day on', () => {
    expect(shopPhase(null, TODAY)).toEqual({ phase: 'soon' });
    expect(shopPhase('2026-11-24', TODAY)).toEqual({ phase: 'planned', date: '2026-11-24' });
    expect(shopPhase('2026-11-23', TODAY)).toEqual({ phase: 'open', date: '2026-11-23' });
    expect(shopPhase('2025-07-01', TODAY)).toEqual({ phase: 'open', date: '2025-07-01' });
  });

  it('gives every text for each phase, never a season', () => {
    const soon = shopPhase(null, TODAY);
    const planned = shopPhase('2027-07-01', TODAY);
    const open = shopPhase('2026-07-01', TODAY);
    expect(openingBadge(soon)).toBe('Die Eröffnung steht bald bevor');
    expect(openingBadge(planned)).toBe('Eröffnung am 01.07.2027');
    expect(openingBadge(open)).toBeNull();
    expect(openingLine(open)).toBe('Eröffnet am 01.07.2026');
    expect(notYetOpenText(soon)).toBe('Noch geschlossen – die Eröffnung steht bald bevor.');
    expect(notYetOpenText(planned)).toBe('Noch geschlossen – wir öffnen am 01.07.2027.');
    expect(notYetOpenText(open)).toBeNull();
    expect(trialStartText(soon)).toBe(
      'Dein kostenloser Probemonat (30 Tage ohne Miete) beginnt mit der Eröffnung des Ladens, die bald bevorsteht.',
    );
    expect(trialStartText(planned)).toContain('am 01.07.2027.');
    expect(trialStartText(open)).toContain('mit dem Start deines Mietvertrags.');
    expect(openingFrom(planned)).toBe('Ab dem 01.07.2027');
    expect(unitsHeading(soon)).toBe('Ab der Eröffnung im Laden zu finden');
    expect(unitsHeading(open)).toBe('Im Laden zu finden');
  });

  it('fills the placeholder of stored texts and leaves other texts alone', () => {
    const text = `${OPENING_PLACEHOLDER} Geöffnet ist an 7 Tagen die Woche.`;
    expect(fillOpeningPlaceholder(text, shopPhase('2026-07-01', TODAY))).toBe(
      'Der Laden hat seit dem 01.07.2026 geöffnet. Geöffnet ist an 7 Tagen die Woche.',
    );
    expect(fillOpeningPlaceholder(text, shopPhase(null, TODAY))).toMatch(
      /^Der Laden hat noch nicht geöffnet – die Eröffnung steht bald bevor\./,
    );
    expect(fillOpeningPlaceholder('Ohne Platzhalter', shopPhase(null, TODAY))).toBe(
      'Ohne Platzhalter',
    );
  });

  it('marks a listed producer that is not in the shop yet', () => {
    // before the opening: from the opening, or from its own later start
    expect(joinsText(shopPhase(null, TODAY), null)).toBe('Ab der Eröffnung dabei');
    expect(joinsText(shopPhase(null, TODAY), '2026-12-01')).toBe('Ab der Eröffnung dabei');
    expect(joinsText(shopPhase('2027-01-15', TODAY), '2027-01-15')).toBe('Ab der Eröffnung dabei');
    expect(joinsText(shopPhase('2027-01-15', TODAY), '2027-02-01')).toBe('Ab dem 01.02.2027 dabei');
    // once open: only a contract starting later is marked
    expect(joinsText(shopPhase('2026-05-01', TODAY), null)).toBeNull();
    expect(joinsText(shopPhase('2026-05-01', TODAY), '2026-12-01')).toBe('Ab dem 01.12.2026 dabei');
  });
});
