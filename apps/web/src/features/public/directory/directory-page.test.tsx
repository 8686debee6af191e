import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithRouter, stubFetch } from '../../../test-utils';
import { DirectoryPage } from './directory-page';
import { directoryResponse, tag, vendor } from './test-fixtures';

const PATH = '/direktvermarkter/uebersicht';
const profileCalls = (calls: { url: string }[]) =>
  calls.filter((call) => call.url.startsWith('/api/vendor-auth/public/profiles'));

describe('DirectoryPage', () => {
  it('shows the producers as cards with their details', async () => {
    const many = [
      tag('obst-gemuese', 'Obst & Gemüse'),
      tag('eier', 'Eier'),
      tag('honig', 'Honig'),
      tag('tee', 'Tee'),
      tag('handwerk', 'Handwerk'),
    ];
    const calls = stubFetch(() =>
      jsonResponse(
        200,
        directoryResponse(
          [vendor({ id: 'v1', tags: many }), vendor({ id: 'v2', unternehmen: null, name: 'Eva' })],
          { totalCount: 42, totalPages: 3 },
        ),
      ),
    );
    renderWithRouter(<DirectoryPage />, { path: PATH });
    expect(screen.getByText('Direktvermarkter werden geladen …')).toBeVisible();
    const card = (await screen.findByRole('article', { name: 'Hof Müller' })) as HTMLElement;
    expect(
      screen.getByRole('heading', { level: 1, name: 'Unsere Direktvermarkter' }),
    ).toBeVisible();
    expect(screen.getByText('42 Direktvermarkter')).toBeVisible();
    expect(within(card).getByText('Verifiziert')).toBeVisible();
    expect(within(card).getByText('Frisch vom Feld')).toBeVisible();
    expect(within(card).getByText('+2')).toBeVisible();
    expect(within(card).queryByText('Tee')).toBeNull();
    expect(within(card).getByRole('link', { name: /09261 0123/ })).toHaveAttribute(
      'href',
      'tel:+4992610123',
    );
    expect(within(card).getByRole('link', { name: /anna@hof-mueller.example/ })).toHaveAttribute(
      'href',
      'mailto:anna@hof-mueller.example',
    );
    expect(within(card).getByRole('link', { name: /www.hof-mueller.example/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(within(card).getByText('A1')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Profil anzeigen: Hof Müller' })).toHaveAttribute(
      'href',
      '/direktvermarkter/v1',
    );
    expect(screen.getByRole('article', { name: 'Eva' })).toBeVisible();
    expect(screen.getByRole('link', { name: /auf der Karte/ })).toHaveAttribute(
      'href',
      '/direktvermarkter/karte',
    );
    expect(screen.getByRole('button', { name: 'Seite 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Zurück' })).toBeDisabled();
    expect(profileCalls(calls).map((call) => call.url)).toEqual([
      '/api/vendor-auth/public/profiles?limit=20',
    ]);
  });

  it('says "mehr als" when the server stopped counting, and offers the pages it knows', async () => {
    stubFetch(() =>
      jsonResponse(
        200,
        directoryResponse([vendor({ id: 'v1' })], {
          totalCount: 1000,
          totalCountCapped: true,
          totalPages: 51,
        }),
      ),
    );
    renderWithRouter(<DirectoryPage />, { path: PATH });
    expect(await screen.findByText('mehr als 1.000 Direktvermarkter')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Seite 5' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Weiter' })).toBeEnabled();
  });

  it('keeps the filters in the address and goes back to page 1 when one changes', async () => {
    const calls = stubFetch(() =>
      jsonResponse(
        200,
        directoryResponse([vendor({ id: 'v1' })], {
          totalCount: 30,
          totalPages: 2,
          currentPage: 2,
        }),
      ),
    );
    const user = userEvent.setup();
    const { router } = renderWithRouter(<DirectoryPage />, {
      path: `${PATH}?sortOrder=desc&page=2`,
    });
    await screen.findByRole('article', { name: 'Hof Müller' });
    expect(screen.getByLabelText('Sortieren')).toHaveValue('name-desc');

    await user.click(screen.getByRole('button', { name: 'Eier' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tags=eier&sortOrder=desc'));
    expect(screen.getByRole('button', { name: 'Eier' })).toHaveAttribute('aria-pressed', 'true');

    await user.selectOptions(screen.getByLabelText('Status'), 'Prüfung läuft');
    await user.selectOptions(screen.getByLabelText('Sortieren'), 'Neueste zuerst');
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?tags=eier&verifyStatus=pending&sortBy=registrationDate&sortOrder=desc',
      ),
    );
    await waitFor(() =>
      expect(profileCalls(calls).at(-1)?.url).toBe(
        '/api/vendor-auth/public/profiles?tags=eier&verifyStatus=pending&sortBy=registrationDate&sortOrder=desc&limit=20',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Seite 2' }));
    await waitFor(() => expect(router.state.location.search).toContain('page=2'));
  });

  it('searches 300 ms after typing stops', async () => {
    const calls = stubFetch(() => jsonResponse(200, directoryResponse([vendor({ id: 'v1' })])));
    const user = userEvent.setup();
    const { router } = renderWithRouter(<DirectoryPage />, { path: PATH });
    await screen.findByRole('article', { name: 'Hof Müller' });
    await user.type(screen.getByLabelText('Direktvermarkter suchen'), 'Müller');
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(router.state.location.search).toBe('?search=M%C3%BCller'));
    await waitFor(() =>
      expect(profileCalls(calls).at(-1)?.url).toBe(
        '/api/vendor-auth/public/profiles?search=M%C3%BCller&limit=20',
      ),
    );
    // back: the field follows the address
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByLabelText('Direktvermarkter suchen')).toHaveValue(''));
  });

  it('offers to reset the filters when nothing matches', async () => {
    stubFetch(() => jsonResponse(200, directoryResponse([], { totalCount: 0, totalPages: 0 })));
    const user = userEvent.setup();
    const { router } = renderWithRouter(<DirectoryPage />, {
      path: `${PATH}?search=xyz&verifyStatus=verified&sortOrder=desc`,
    });
    expect(await screen.findByText('Keine Direktvermarkter gefunden')).toBeVisible();
    expect(screen.getByLabelText('Direktvermarkter suchen')).toHaveValue('xyz');
    await user.click(screen.getByRole('button', { name: 'Filter zurücksetzen' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sortOrder=desc'));
    expect(screen.getByLabelText('Direktvermarkter suchen')).toHaveValue('');
  });

  it('announces the producers to come when there is none yet', async () => {
    stubFetch(() => jsonResponse(200, directoryResponse([], { totalCount: 0, totalPages: 0 })));
    renderWithRouter(<DirectoryPage />, { path: PATH });
    expect(
      await screen.findByRole('heading', { name: 'Bald findest du hier unsere Direktvermarkter' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Als Direktvermarkter registrieren' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    expect(screen.getByRole('link', { name: 'Preise ansehen' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    expect(screen.getByRole('link', { name: 'Newsletter abonnieren' })).toHaveAttribute(
      'href',
      '/#newsletter',
    );
  });

  it('reports a failure and loads again on request', async () => {
    let fail = true;
    stubFetch(() =>
      fail
        ? jsonResponse(500, { success: false, message: 'kaputt' })
        : jsonResponse(200, directoryResponse([vendor({ id: 'v1' })])),
    );
    const user = userEvent.setup();
    renderWithRouter(<DirectoryPage />, { path: PATH });
    expect(
      await screen.findByText('Die Direktvermarkter-Daten konnten nicht geladen werden.'),
    ).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Neu laden' }));
    expect(await screen.findByRole('article', { name: 'Hof Müller' })).toBeVisible();
  });
});
