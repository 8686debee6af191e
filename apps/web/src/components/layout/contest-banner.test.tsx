import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../test-utils';
import { saveConsent } from '../../lib/consent';
import { ContestBanner } from './contest-banner';

const DAY = 24 * 60 * 60 * 1000;

// No server here: the banner works with the initial settings, i.e. the contest
// is switched on with the spec's closing date 01.06.2025; the tests set the day.
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

  it('still appears on the closing day (in Kronach)', () => {
    vi.setSystemTime(new Date('2025-06-01T21:30:00Z')); // 23:30 in Kronach
    renderWithRouter(<ContestBanner />);
    act(() => void vi.advanceTimersByTime(1500));
    expect(screen.getByText('Errate unsere Direktvermarkter!')).toBeVisible();
  });

  it('does not appear once the closing date has passed', () => {
    vi.setSystemTime(new Date('2025-06-01T22:30:00Z')); // 00:30 the day after, in Kronach
    renderWithRouter(<ContestBanner />);
    act(() => void vi.advanceTimersByTime(5000));
    expect(screen.queryByText('Errate unsere Direktvermarkter!')).toBeNull();
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('does not appear on a fresh install today (closing date 01.06.2025 long past)', () => {
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
    renderWithRouter(<ContestBanner />);
    act(() => void vi.advanceTimersByTime(5000));
    expect(screen.queryByText('Errate unsere Direktvermarkter!')).toBeNull();
  });

  it('stays away on the contest page itself', () => {
    renderWithRouter(<ContestBanner />, { path: '/vendors' });
    act(() => void vi.advanceTimersByTime(3000));
    expect(screen.queryByText('Errate unsere Direktvermarkter!')).toBeNull();
  });

  it('"Jetzt teilnehmen" goes to /direktvermarkter and dismisses the banner', () => {
    const { router } = renderWithRouter(<ContestBanner />);
    act(() => void vi.advanceTimersByTime(1500));
    fireEvent.click(screen.getByRole('button', { name: 'Jetzt teilnehmen' }));
    expect(router.state.location.pathname).toBe('/direktvermarkter');
    expect(localStorage.getItem('contestBannerDismissed')).not.toBeNull();
  });
});
