import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { INITIAL_SITE_SETTINGS } from '@housnkuh/shared/site-settings';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithRouter, stubFetch } from '../../../test-utils';
import { ContestPage } from './contest-page';

// No page data here: the page starts with the initial settings (switched on,
// no closing date, no opening date) and, where a test answers
// /api/settings/public, continues with those.
const terms = () =>
  screen.getByRole('heading', { name: 'Teilnahmebedingungen' }).closest('section')!;

function serveSettings(changes: Partial<SiteSettings> | null) {
  stubFetch((url) =>
    url === '/api/settings/public' && changes
      ? jsonResponse(200, { success: true, settings: { ...INITIAL_SITE_SETTINGS, ...changes } })
      : jsonResponse(503, { success: false, message: 'nicht erreichbar' }),
  );
}

describe('ContestPage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('on a fresh install (today: 23.11.2026) the contest runs until the opening', () => {
    vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
    serveSettings(null);
    renderWithRouter(<ContestPage />, { path: '/vendors' });
    expect(screen.getByRole('button', { name: 'Teilnehmen' })).toBeVisible();
    expect(
      within(terms()).getByText('Teilnahmeschluss ist die Eröffnung des Ladens.'),
    ).toBeVisible();
    expect(screen.queryByText(/Der Wettbewerb ist beendet/)).toBeNull();
    // no season named by hand: without an opening date the intro says "soon"
    expect(screen.getByText(/^Bald findest du bei housnkuh/)).toBeVisible();
  });

  it('shows the form up to and including the closing date', async () => {
    // 23:30 in Kronach on the closing day
    vi.setSystemTime(new Date('2027-06-01T21:30:00Z'));
    serveSettings({ contest: { active: true, closingDate: '2027-06-01' } });
    renderWithRouter(<ContestPage />, { path: '/vendors' });
    expect(await within(terms()).findByText('Teilnahmeschluss ist der 01.06.2027.')).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Direktvermarkter-Wettbewerb' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Teilnehmen' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Direktvermarkter 1/ })).toBeVisible();
    expect(screen.queryByText(/Der Wettbewerb ist beendet/)).toBeNull();
  });

  it('after the closing date says that the contest has ended, without the form', async () => {
    // 00:30 in Kronach the day after
    vi.setSystemTime(new Date('2027-06-01T22:30:00Z'));
    serveSettings({ contest: { active: true, closingDate: '2027-06-01' } });
    renderWithRouter(<ContestPage />, { path: '/vendors' });
    expect(
      await screen.findByText(
        /^Der Wettbewerb ist beendet\. Teilnahmeschluss war der 01\.06\.2027\./,
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Teilnehmen' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    // the conditions stay, in the past tense
    expect(within(terms()).getByText('Teilnahmeschluss war der 01.06.2027.')).toBeVisible();
    expect(within(terms()).getByText('Jede Person darf nur einmal teilnehmen.')).toBeVisible();
  });

  it('closes when the shop opens, before a later closing date', async () => {
    vi.setSystemTime(new Date('2027-07-01T10:00:00Z'));
    serveSettings({
      openingDate: '2027-07-01',
      contest: { active: true, closingDate: '2027-12-31' },
    });
    renderWithRouter(<ContestPage />, { path: '/vendors' });
    expect(
      await screen.findByText(
        /^Der Wettbewerb ist beendet\. Teilnahmeschluss war der 30\.06\.2027\./,
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Teilnehmen' })).toBeNull();
    expect(screen.getByText(/^Seit dem 01\.07\.2027 findest du bei housnkuh/)).toBeVisible();
  });
});
