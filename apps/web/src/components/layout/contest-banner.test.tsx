import { INITIAL_SITE_SETTINGS } from '@housnkuh/shared/site-settings';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithRouter, stubFetch } from '../../test-utils';
import { saveConsent } from '../../lib/consent';
import { useSiteSettings } from '../../lib/site-settings';
import { ContestBanner } from './contest-banner';

const DAY = 24 * 60 * 60 * 1000;

// No page data here: the banner works with the initial settings (switched on,
// no closing date), or with those a test answers /api/settings/public with.
/** Shows which settings the page works with, so a test can wait for the served ones. */
function ClosingProbe() {
  return <p>Schluss: {useSiteSettings().contest.closingDate ?? 'keiner'}</p>;
}

async function settingsArrived(closingDate: string) {
  await vi.waitFor(() => expect(screen.getByText(`Schluss: ${closingDate}`)).toBeInTheDocument());
}

function serveClosingDate(closingDate: string) {
  return stubFetch((url) =>
    url === '/api/settings/public'
      ? jsonResponse(200, {
          success: true,
          settings: { ...INITIAL_SITE_SETTINGS, contest: { active: true, closingDate } },
        })
      : jsonResponse(404, {}),
  );
}

describe('ContestBanner', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2025-05-01T10:00:00Z'));
    localStorage.setItem('cookie-consent', 'declined');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('appears 1.5 s after load', () => {
    renderWithRouter(<ContestBanner />);
    act(() => void vi.advanceTimersByTime(1499));
    expect(screen.queryByText('Errate unsere Direktvermarkter!')).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByRole('heading', { name: 'Errate unsere Direktvermarkter!' })).toBeVisible();
    expect(
      screen.getByText(
        'Nimm am Wettbewerb teil und gewinne einen 50€-Gutschein! Welche drei lokalen Produzenten werden bei der Eröffnung dabei sein?',
      ),
    ).toBeVisible();
  });

  it('stays away for 24 hours after it was closed', () => {
    renderWithRouter(<ContestBanner />);
    act(() => void vi.advanceTimersByTime(1500));
    fireEvent.click(screen.getByRole('button', { name: 'Hinweis zum Wettbewerb schließen' }));
    expect(screen.queryByText('Errate unsere Direktvermarkter!')).toBeNull();
    const stored = localStorage.getItem('contestBannerDismissed');
    expect(new Date(stored!).getTime()).toBe(Date.now() + DAY);
  });

  it('is not shown while a dismissal is in force', () => {
    localStorage.setItem('contestBannerDismissed', new Date(Date.now() + DAY / 2).toISOString());
    renderWithRouter(<ContestBanner />);
    act(() => void vi.advanceTimersByTime(3000));
    expect(screen.queryByText('Errate unsere Direktvermarkter!')).toBeNull();
  });

  it('removes an expired dismissal and shows again', () => {
    localStorage.setItem('contestBannerDismissed', new Date(Date.now() - 1000).toISOString());
    renderWithRouter(<ContestBanner />);
    act(() => void vi.advanceTimersByTime(1500));
    expect(screen.getByText('Errate unsere Direktvermarkter!')).toBeVisible();
    expect(localStorage.getItem('contestBannerDismissed')).toBeNull();
  });

  it('waits until the cookie dialog is answered', () => {
    localStorage.removeItem('cookie-consent');
    renderWithRouter(<ContestBanner />);
    act(() => void vi.advanceTimersByTime(5000));
    expect(screen.queryByText('Errate unsere Direktvermarkter!')).toBeNull();
    act(() => saveConsent('accepted'));
    act(() => void vi.advanceTimersByTime(1500));
    expect(screen.getByText('Errate unsere Direktvermarkter!')).toBeVisible();
  });

  it('still appears on the closing day (in Kronach)', async () => {
    serveClosingDate('2025-06-01');
    vi.setSystemTime(new Date('2025-06-01T21:30:00Z')); // 23:30 in Kronach
    renderWithRouter(
      <>
        <ContestBanner />
        <ClosingProbe />
      </>,
    );
    await settingsArrived('2025-06-01');
    act(() => void vi.advanceTimersByTime(1500));
    expect(screen.getByText('Errate unsere Direktvermarkter!')).toBeVisible();
  });

  it('does not appear once the closing date has passed', async () => {
    serveClosingDate('2025-06-01');
    vi.setSystemTime(new Date('2025-06-01T22:30:00Z')); // 00:30 the day after, in Kronach
    renderWithRouter(
      <>
        <ContestBanner />
        <ClosingProbe />
      </>,
    );
    await settingsArrived('2025-06-01');
    act(() => void vi.advanceTimersByTime(5000));
    expect(screen.queryByText('Errate unsere Direktvermarkter!')).toBeNull();
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('appears on a fresh install today (switched on, no closing date)', () => {
    vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
    renderWithRouter(<ContestBanner />);
    act(() => void vi.advanceTimersByTime(1500));
    expect(screen.getByRole('heading', { name: 'Errate unsere Direktvermarkter!' })).toBeVisible();
  });

  it('stays away on the contest page itself', () => {
    renderWithRouter(<ContestBanner />, { path: '/vendors' });
    act(() => void vi.advanceTimersByTime(3000));
    expect(screen.queryByText('Errate unsere Direktvermarkter!')).toBeNull();
  });

  it.each(['/vendor/dashboard', '/vendor/meine-buchungen', '/admin', '/admin/settings'])(
    "stays away in the producers' and the admin area (%s)",
    (path) => {
      renderWithRouter(<ContestBanner />, { path });
      act(() => void vi.advanceTimersByTime(3000));
      expect(screen.queryByText('Errate unsere Direktvermarkter!')).toBeNull();
    },
  );

  it('"Jetzt teilnehmen" goes to /direktvermarkter and dismisses the banner', () => {
    const { router } = renderWithRouter(<ContestBanner />);
    act(() => void vi.advanceTimersByTime(1500));
    fireEvent.click(screen.getByRole('button', { name: 'Jetzt teilnehmen' }));
    expect(router.state.location.pathname).toBe('/direktvermarkter');
    expect(localStorage.getItem('contestBannerDismissed')).not.toBeNull();
  });
});
