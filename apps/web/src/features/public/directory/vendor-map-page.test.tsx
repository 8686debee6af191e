import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithRouter, stubFetch } from '../../../test-utils';
import { directoryResponse, tag, vendor } from './test-fixtures';
import { VendorMapPage } from './vendor-map-page';

const base = vendor({ id: 'x' }).adresse;
const VENDORS = [
  vendor({ id: 'v1' }),
  vendor({
    id: 'v2',
    name: 'Peter Groß',
    unternehmen: 'Imkerei Groß',
    adresse: { ...base, ort: 'Wallenfels', koordinaten: null },
    tags: [tag('honig', 'Honig')],
  }),
  vendor({
    id: 'v3',
    name: 'Eva Schäfer',
    unternehmen: null,
    adresse: { ...base, ort: 'Küps', koordinaten: { lat: 0, lng: 0 } },
    tags: [tag('handwerk', 'Handwerk')],
  }),
];

describe('VendorMapPage', () => {
  it('lists the producers, filters them and shows the chosen one', async () => {
    stubFetch((url) =>
      url.startsWith('/api/geocode')
        ? jsonResponse(200, { success: true, result: { lat: 50.3, lng: 11.4 } })
        : jsonResponse(200, directoryResponse(VENDORS)),
    );
    const user = userEvent.setup();
    renderWithRouter(<VendorMapPage />, { path: '/direktvermarkter/karte' });
    const list = await screen.findByRole('list', { name: 'Direktvermarkter' });
    expect(within(list).getAllByRole('button')).toHaveLength(3);

    await user.type(screen.getByLabelText('Suche nach Name, Unternehmen oder Ort'), 'kups');
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([expect.stringContaining('Eva Schäfer')]);
    await user.clear(screen.getByLabelText('Suche nach Name, Unternehmen oder Ort'));

    const toggle = screen.getByRole('button', { name: 'Nach Produkten filtern' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('checkbox')).toHaveLength(14);
    await user.click(screen.getByRole('checkbox', { name: 'Honig' }));
    await user.click(screen.getByRole('checkbox', { name: 'Handwerk' }));
    expect(within(list).getAllByRole('button')).toHaveLength(2);

    const imkerei = within(list).getByRole('button', { name: /Imkerei Groß/ });
    await user.click(imkerei);
    expect(imkerei).toHaveAttribute('aria-pressed', 'true');
    const panel = screen.getByRole('region', { name: 'Imkerei Groß' });
    expect(within(panel).getByText('Wallenfels', { exact: false })).toBeVisible();
    expect(
      within(panel).getByRole('link', { name: 'Profil anzeigen: Imkerei Groß' }),
    ).toHaveAttribute('href', '/direktvermarkter/v2');

    await user.click(screen.getByRole('button', { name: 'Alle anzeigen' }));
    expect(within(list).getAllByRole('button')).toHaveLength(3);
    expect(screen.getByRole('region', { name: 'Kein Direktvermarkter ausgewählt' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Honig' })).not.toBeChecked();
  });

  it('geocodes missing positions one at a time with a pause and shows the progress', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const times: number[] = [];
    const calls = stubFetch((url) => {
      if (url.startsWith('/api/geocode')) {
        times.push(Date.now());
        return times.length === 1
          ? jsonResponse(503, { success: false, message: 'Dienst nicht erreichbar' })
          : jsonResponse(200, { success: true, result: { lat: 50.3, lng: 11.4 } });
      }
      return jsonResponse(200, directoryResponse(VENDORS));
    });
    renderWithRouter(<VendorMapPage />, { path: '/direktvermarkter/karte' });
    const progress = await screen.findByRole('progressbar');
    expect(progress).toHaveAttribute('aria-valuemax', '2');
    expect(progress).toHaveAccessibleName(/Standorte werden ermittelt: \d von 2/);
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull(), { timeout: 3000 });

    expect(calls[0]?.url).toBe('/api/vendor-auth/public/profiles?sortBy=unternehmen&limit=100');
    const geocodes = calls.filter((call) => call.url.startsWith('/api/geocode'));
    expect(geocodes.map((call) => decodeURIComponent(call.url))).toEqual([
      '/api/geocode?address=Hauptstraße 3, 96317 Wallenfels',
      '/api/geocode?address=Hauptstraße 3, 96317 Küps',
    ]);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(450);
    // the failure is a warning, and the producer stays in the list without a marker
    expect(warn).toHaveBeenCalled();
    const list = screen.getByRole('list', { name: 'Direktvermarkter' });
    expect(within(list).getByRole('button', { name: /Imkerei Groß/ })).toHaveTextContent(
      'Ohne Standort auf der Karte',
    );
    expect(within(list).getByRole('button', { name: /Eva Schäfer/ })).not.toHaveTextContent(
      'Ohne Standort',
    );
    warn.mockRestore();
  });

  it('reports a failure with a way to load again', async () => {
    stubFetch(() => jsonResponse(500, { success: false, message: 'kaputt' }));
    renderWithRouter(<VendorMapPage />, { path: '/direktvermarkter/karte' });
    expect(await screen.findByText('Die Daten konnten nicht geladen werden.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Neu laden' })).toBeVisible();
  });
});
