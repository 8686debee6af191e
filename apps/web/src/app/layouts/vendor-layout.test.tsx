import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test-utils';
import { VendorLayout } from './vendor-layout';

describe('VendorLayout', () => {
  it("shows the area's navigation with the pages that exist, the current one marked", () => {
    renderWithRouter(<VendorLayout />, { path: '/vendor/dashboard' });
    const nav = screen.getByRole('navigation', { name: 'Direktvermarkter-Bereich' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Dashboard',
      'Mein Profil',
      'Produkte',
      'Bestand buchen',
      'Meine Buchungen',
      'Verkäufe',
      'Rechnungen',
      'Verkaufsabrechnungen',
      'Probemonat',
      'Modell wechseln',
      'Konto und Kündigung',
    ]);
    expect(links[0]).toHaveAttribute('href', '/vendor/dashboard');
    expect(links[0]).toHaveAttribute('aria-current', 'page');
  });

  it('the phone page "Bestand buchen" is its own entry, marked alone', () => {
    renderWithRouter(<VendorLayout />, { path: '/vendor/products/bestand' });
    const nav = screen.getByRole('navigation', { name: 'Direktvermarkter-Bereich' });
    const current = within(nav)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['Bestand buchen']);
    expect(current[0]).toHaveAttribute('href', '/vendor/products/bestand');
  });
});
