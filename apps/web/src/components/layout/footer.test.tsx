import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test-utils';
import { Footer } from './footer';

describe('Footer', () => {
  it('shows the legal links, social links, address, phone, e-mail and the opening line', () => {
    renderWithRouter(<Footer />);
    const legal = screen.getByRole('navigation', { name: 'Rechtliches' });
    expect(
      within(legal)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/impressum', '/datenschutz', '/agb', '/faq']);
    const social = screen.getByRole('list', { name: 'Soziale Netzwerke' });
    expect(
      within(social)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual([
      'https://www.instagram.com/housnkuh/',
      'https://www.facebook.com/housnkuh/',
      'https://www.tiktok.com/@housnkuh',
    ]);
    expect(screen.getByText('Strauer Str. 15, 96317 Kronach')).toBeVisible();
    expect(screen.getByRole('link', { name: '09261 000000' })).toHaveAttribute(
      'href',
      'tel:+499261000000',
    );
    expect(screen.getByRole('link', { name: 'info@housnkuh.de' })).toHaveAttribute(
      'href',
      'mailto:info@housnkuh.de',
    );
    expect(
      screen.getByText('Erweiterte Öffnungszeiten (Zugang mit EC- oder Kreditkarte)'),
    ).toBeVisible();
  });
});
