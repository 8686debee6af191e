import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test-utils';
import { CookieDialog } from './cookie-dialog';
import { Footer } from './footer';

describe('CookieDialog', () => {
  it('asks while no choice is stored and stores "accepted"', async () => {
    const user = userEvent.setup();
    renderWithRouter(<CookieDialog />);
    const dialog = screen.getByRole('dialog', { name: 'Cookie-Einstellungen' });
    expect(dialog).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Alle akzeptieren' }));
    expect(localStorage.getItem('cookie-consent')).toBe('accepted');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stores "declined" for "Nur notwendige Cookies"', async () => {
    const user = userEvent.setup();
    renderWithRouter(<CookieDialog />);
    await user.click(screen.getByRole('button', { name: 'Nur notwendige Cookies' }));
    expect(localStorage.getItem('cookie-consent')).toBe('declined');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays closed once a choice exists, and the footer opens it again', async () => {
    const user = userEvent.setup();
    localStorage.setItem('cookie-consent', 'declined');
    renderWithRouter(
      <>
        <CookieDialog />
        <Footer />
      </>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cookie-Einstellungen' }));
    expect(screen.getByRole('dialog', { name: 'Cookie-Einstellungen' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Alle akzeptieren' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Alle akzeptieren' }));
    expect(localStorage.getItem('cookie-consent')).toBe('accepted');
  });
});
