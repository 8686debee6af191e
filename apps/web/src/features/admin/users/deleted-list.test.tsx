import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearAdminSession } from '../../../lib/admin-session';
import { jsonResponse, renderWithRouter, signInAdmin, stubFetch } from '../../../test-utils';
import { DeletedVendorsList } from './deleted-list';
import { AdminVendorDetailPage } from './vendor-detail-page';

// "Gelöschte Konten" (docs/decisions/0092): kept until the retention's end, removed after it
// with a confirmation, and the record of what went.

afterEach(() => clearAdminSession());

const kept = (id: string, label: string, retainedUntil: string, due: boolean) => ({
  id,
  label,
  deletedAt: '2026-11-29T10:00:00.000Z',
  retainedUntil,
  due,
  documents: 2,
});

describe('Gelöschte Konten', () => {
  it('offers the removal only once the retention has passed, asks first, then lists what went', async () => {
    let removed = false;
    const calls = stubFetch((url, init) => {
      if (url === '/api/admin/retention' && !init?.method?.match(/POST/))
        return jsonResponse(200, {
          retained: [
            ...(removed ? [] : [kept('v1', 'Hof Alt (Alma Alt)', '2025-12-31', true)]),
            kept('v2', 'Hof Neu (Nora Neu)', '2036-12-31', false),
          ],
          removals: removed
            ? [
                {
                  id: 'r1',
                  vendorId: 'v1',
                  kind: 'after-retention',
                  retainedUntil: '2025-12-31',
                  rows: { documents: 4, salesLines: 12, vendor: 1, products: 0 },
                  removedBy: 'Eva Muster',
                  removedAt: '2026-11-29T11:00:00.000Z',
                },
              ]
            : [],
        });
      if (url === '/api/admin/retention/v1/remove') {
        removed = true;
        return jsonResponse(200, {
          success: true,
          message: 'Die aufbewahrten Daten von Hof Alt (Alma Alt) sind entfernt.',
        });
      }
      return jsonResponse(500, { success: false, message: 'Interner Fehler' });
    });
    signInAdmin();
    renderWithRouter(<DeletedVendorsList />);

    const list = await screen.findByRole('list', { name: 'Aufbewahrt' });
    const [due, locked] = within(list).getAllByRole('listitem');
    expect(locked).toHaveTextContent('aufbewahrt bis 31.12.2036');
    expect(within(locked!).getByText('Gesperrt bis 31.12.2036')).toBeVisible();
    expect(within(locked!).queryByRole('button')).toBeNull();

    await userEvent.click(
      within(due!).getByRole('button', { name: 'Aufbewahrte Daten entfernen' }),
    );
    expect(within(due!).getByText(/Prüfe vorher, dass keine Betriebsprüfung/)).toBeVisible();
    expect(calls.some((call) => call.url.endsWith('/remove'))).toBe(false);
    await userEvent.click(within(due!).getByRole('button', { name: 'Ja, endgültig entfernen' }));

    expect(
      await screen.findByText('Die aufbewahrten Daten von Hof Alt (Alma Alt) sind entfernt.'),
    ).toBeVisible();
    const gone = await screen.findByRole('list', { name: 'Entfernt' });
    expect(gone).toHaveTextContent('nach Ablauf der Frist (31.12.2025) entfernt');
    expect(gone).toHaveTextContent('4 Belege, 12 Verkaufszeilen, 1 Konto');
    expect(gone).toHaveTextContent('von Eva Muster');
    expect(
      within(screen.getByRole('list', { name: 'Aufbewahrt' })).getAllByRole('listitem'),
    ).toHaveLength(1);
  });
});

describe('a deleted producer’s page in Benutzer', () => {
  it('says the account is deleted and where its kept records are, no retry', async () => {
    const message =
      'Dieser Direktvermarkter hat sein Konto gelöscht. Seine Belege und Verkäufe sind bis zum 31.12.2036 aufbewahrt (Benutzer → Gelöschte Konten).';
    const calls = stubFetch(() => jsonResponse(404, { success: false, message }));
    signInAdmin();
    renderWithRouter(null, {
      path: '/admin/users/vendors/v1',
      routes: [{ path: '/admin/users/vendors/:id', element: <AdminVendorDetailPage /> }],
    });
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Gelöschte Konten' })).toHaveAttribute(
      'href',
      '/admin/users?ansicht=geloescht',
    );
    expect(screen.queryByRole('button', { name: /Neu laden/ })).toBeNull();
    expect(calls.filter((call) => call.url === '/api/admin/users/vendors/v1')).toHaveLength(1);
  });
});
