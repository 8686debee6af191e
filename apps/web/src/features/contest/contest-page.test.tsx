import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithRouter, stubFetch } from '../../test-utils';
import { ContestPage } from './contest-page';

// No server here: the page works with the initial settings, i.e. the contest
// is switched on with the spec's closing date 01.06.2025.
const terms = () =>
  screen.getByRole('heading', { name: 'Teilnahmebedingungen' }).closest('section')!;

describe('ContestPage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    stubFetch(() => jsonResponse(503, { success: false, message: 'nicht erreichbar' }));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the form up to and including the closing date', () => {
    // 23:30 in Kronach on the closing day
    vi.setSystemTime(new Date('2025-06-01T21:30:00Z'));
    renderWithRouter(<ContestPage />, { path: '/vendors' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Direktvermarkter-Wettbewerb' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Teilnehmen' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Direktvermarkter 1/ })).toBeVisible();
    expect(within(terms()).getByText('Teilnahmeschluss ist der 01.06.2025.')).toBeVisible();
    expect(screen.queryByText(/Der Wettbewerb ist beendet/)).toBeNull();
  });

  it('after the closing date says that the contest has ended, without the form', () => {
    // 00:30 in Kronach the day after
    vi.setSystemTime(new Date('2025-06-01T22:30:00Z'));
    renderWithRouter(<ContestPage />, { path: '/vendors' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Direktvermarkter-Wettbewerb' }),
    ).toBeVisible();
    expect(
      screen.getByText(/^Der Wettbewerb ist beendet\. Teilnahmeschluss war der 01\.06\.2025\./),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Teilnehmen' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    // the conditions stay, in the past tense
    expect(within(terms()).getByText('Teilnahmeschluss war der 01.06.2025.')).toBeVisible();
    expect(within(terms()).getByText('Jede Person darf nur einmal teilnehmen.')).toBeVisible();
  });

  it('on a fresh install (today: 22.11.2026) the contest has ended', () => {
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
    renderWithRouter(<ContestPage />, { path: '/vendors' });
    expect(screen.getByText(/Teilnahmeschluss war der 01\.06\.2025\. Vielen Dank/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Teilnehmen' })).toBeNull();
  });
});
