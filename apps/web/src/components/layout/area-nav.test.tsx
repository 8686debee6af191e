import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VendorLayout } from '../../app/layouts/vendor-layout';
import { renderWithRouter } from '../../test-utils';

describe('AreaNav', () => {
  it('on a phone: a Menü button with the current page opens every entry and closes on a pick (keyboard)', async () => {
    renderWithRouter(<VendorLayout />, { path: '/vendor/reports' });
    const nav = screen.getByRole('navigation', { name: 'Direktvermarkter-Bereich' });
    const menu = within(nav).getByRole('button', { name: 'Menü: Verkäufe' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    // the always-visible list (shown from 640 px on) has all eleven; the phone list is closed
    expect(within(nav).getAllByRole('link')).toHaveLength(11);

    menu.focus();
    await userEvent.keyboard('{Enter}');
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const phoneList = document.getElementById(menu.getAttribute('aria-controls')!)!;
    expect(phoneList).toBeVisible();
    const entries = within(phoneList).getAllByRole('link');
    expect(entries).toHaveLength(11);
    expect(within(phoneList).getByRole('link', { name: 'Verkäufe' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await userEvent.click(within(phoneList).getByRole('link', { name: 'Konto und Kündigung' }));
    expect(within(nav).getByRole('button', { name: /^Menü/ })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('never scrolls entries away: the desktop list wraps instead of scrolling sideways', () => {
    renderWithRouter(<VendorLayout />, { path: '/vendor/dashboard' });
    const nav = screen.getByRole('navigation', { name: 'Direktvermarkter-Bereich' });
    const list = within(nav)
      .getAllByRole('list')
      .find((element) => !element.hidden)!;
    expect(list).toHaveClass('flex-wrap');
    expect(list).not.toHaveClass('overflow-x-auto');
  });
});
