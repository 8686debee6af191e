import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithRouter, stubFetch } from '../../../test-utils';
import { tag, vendor } from './test-fixtures';
import { VendorProfilePage } from './vendor-profile-page';

const route = (element: ReactNode, path: string) =>
  renderWithRouter(<p>Start</p>, {
    path,
    routes: [{ path: '/direktvermarkter/:id', element }],
  });

describe('VendorProfilePage', () => {
  it('shows the whole profile', async () => {
    const tags = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((slug) => tag(slug, `Tag ${slug}`));
    const calls = stubFetch((url) =>
      url === '/api/vendor-auth/public/profile/v1'
        ? jsonResponse(200, { success: true, message: 'ok', vendor: vendor({ id: 'v1', tags }) })
        : jsonResponse(404, { success: false, message: 'nope' }),
    );
    route(<VendorProfilePage />, '/direktvermarkter/v1');
    expect(screen.getByText('Profil wird geladen …')).toBeVisible();
    expect(await screen.findByRole('heading', { level: 1, name: 'Hof Müller' })).toBeVisible();
    await vi.waitFor(() => expect(document.title).toBe('Hof Müller | housnkuh'));
    expect(screen.getByText('Frisch vom Feld')).toBeVisible();
    expect(screen.getByText('Anna Müller')).toBeVisible();
    expect(screen.getByText('Tag e')).toBeVisible();
    expect(screen.queryByText('Tag f')).toBeNull();
    expect(screen.getByText('+2')).toBeVisible();
    // paragraphs at blank lines
    expect(screen.getByText('Wir bauen Gemüse an.').tagName).toBe('P');
    expect(screen.getByText('Und halten Hühner.').tagName).toBe('P');
    // opening hours, all seven days
    const hours = screen.getByRole('region', { name: 'Öffnungszeiten' });
    expect(within(hours).getByText('Montag')).toBeVisible();
    expect(within(hours).getByText('8–18 Uhr')).toBeVisible();
    expect(within(hours).getByText('Sonntag')).toBeVisible();
    expect(within(hours).getAllByText('Nicht angegeben')).toHaveLength(5);
    // rented units with the monthly price
    expect(screen.getByText('35,00 € / Monat')).toBeVisible();
    expect(screen.getByText('Regalwand links')).toBeVisible();
    // categories and social links
    const categories = screen.getByRole('region', { name: 'Produktkategorien' });
    expect(within(categories).getByText('Eier')).toBeVisible();
    const instagram = screen.getByRole('link', { name: /Instagram/ });
    expect(instagram).toHaveAttribute('href', 'https://www.instagram.com/hof_mueller_demo');
    expect(instagram).toHaveAttribute('rel', 'noopener noreferrer');
    // the map waits for consent; the address is there
    expect(screen.getByRole('button', { name: 'Die Karte laden' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Zurück zur Übersicht' })).toHaveAttribute(
      'href',
      '/direktvermarkter/uebersicht',
    );
    expect(calls.some((call) => call.url.startsWith('/api/geocode'))).toBe(false);
  });

  it('says when the producer does not exist', async () => {
    stubFetch(() =>
      jsonResponse(404, { success: false, message: 'Direktvermarkter nicht gefunden.' }),
    );
    route(<VendorProfilePage />, '/direktvermarkter/unbekannt');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Direktvermarkter nicht gefunden.' }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Neu laden' })).toBeNull();
  });

  it('reports other failures with a way to retry', async () => {
    stubFetch(() => jsonResponse(500, { success: false, message: 'kaputt' }));
    route(<VendorProfilePage />, '/direktvermarkter/v1');
    // one retry (about a second) before the failure shows
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Die Daten konnten nicht geladen werden.' },
        { timeout: 3000 },
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Neu laden' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Zur Übersicht der Direktvermarkter' })).toBeVisible();
  });

  it('geocodes a missing position once and falls back to a search link', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const noPosition = vendor({
      id: 'v2',
      adresse: { ...vendor({ id: 'x' }).adresse, koordinaten: { lat: 0, lng: 0 } },
    });
    const calls = stubFetch((url) =>
      url.startsWith('/api/geocode')
        ? jsonResponse(200, { success: true, result: null })
        : jsonResponse(200, { success: true, message: 'ok', vendor: noPosition }),
    );
    route(<VendorProfilePage />, '/direktvermarkter/v2');
    expect(await screen.findByText('Standort wird gesucht …')).toBeVisible();
    const link = await screen.findByRole('link', { name: /Adresse auf OpenStreetMap suchen/ });
    expect(link).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/search?query=Hauptstra%C3%9Fe%203%2C%2096317%20Kronach',
    );
    expect(link).toHaveAttribute('target', '_blank');
    expect(calls.filter((call) => call.url.startsWith('/api/geocode')).map((c) => c.url)).toEqual([
      '/api/geocode?address=Hauptstra%C3%9Fe%203%2C%2096317%20Kronach',
    ]);
    warn.mockRestore();
  });

  it('shows the map when the server finds the address', async () => {
    const noPosition = vendor({
      id: 'v3',
      adresse: { ...vendor({ id: 'x' }).adresse, koordinaten: null },
    });
    stubFetch((url) =>
      url.startsWith('/api/geocode')
        ? jsonResponse(200, { success: true, result: { lat: 50.2, lng: 11.3 } })
        : jsonResponse(200, { success: true, message: 'ok', vendor: noPosition }),
    );
    route(<VendorProfilePage />, '/direktvermarkter/v3');
    expect(await screen.findByRole('button', { name: 'Die Karte laden' })).toBeVisible();
    expect(screen.queryByText('Adresse auf OpenStreetMap suchen')).toBeNull();
  });
});
