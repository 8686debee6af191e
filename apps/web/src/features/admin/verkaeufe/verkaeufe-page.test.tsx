import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearAdminSession } from '../../../lib/admin-session';
import { jsonResponse, renderWithRouter, stubFetch } from '../../../test-utils';
import { AdminVerkaeufePage } from './verkaeufe-page';

const ADMIN_USER = { id: 'a1', username: 'eva', name: 'Eva Muster', isAdmin: true };
const LINE = {
  id: 'l1',
  receiptId: 'K-7',
  position: 2,
  soldAt: '2026-03-12T09:00:00.000Z',
  ean: '2000000001418',
  articleText: 'Apfelgelee',
  quantityThousandths: 2000,
  unitPriceGrossCents: 400,
  vatRate: 19,
  lineTotalGrossCents: 800,
  vendorId: 'v1',
  vendorName: 'Karla Klein',
  taxStatus: 'kleinunternehmer',
  allowedRates: [0],
};
const PAGE = { page: 1, limit: 25, totalCount: 1, totalPages: 1 };

function shop() {
  const posts: { url: string; body: unknown }[] = [];
  let clarified = false;
  stubFetch((url, init) => {
    if (init?.method === 'POST') {
      posts.push({ url, body: JSON.parse(String(init.body)) });
      clarified = true;
      return jsonResponse(200, {
        success: true,
        message:
          'Steuersatz 0 % erfasst; die Zeile wird mit der nächsten offenen Abrechnung abgerechnet.',
      });
    }
    if (url.includes('/admin/sales/clarify'))
      return jsonResponse(200, {
        success: true,
        lines: clarified ? [] : [LINE],
        pagination: clarified ? { ...PAGE, totalCount: 0 } : PAGE,
      });
    return jsonResponse(200, {
      success: true,
      lines: [],
      pagination: { ...PAGE, totalCount: 0 },
    });
  });
  localStorage.setItem('adminToken', 'token-1');
  localStorage.setItem('user', JSON.stringify(ADMIN_USER));
  renderWithRouter(null, {
    path: '/admin/verkaeufe',
    routes: [{ path: '/admin/verkaeufe', element: <AdminVerkaeufePage /> }],
  });
  return posts;
}

afterEach(() => clearAdminSession());

describe('Zu klären on the admin’s Verkäufe page', () => {
  it('lists a line at a rate its producer may not use and records the right one', async () => {
    const user = userEvent.setup();
    const posts = shop();
    const list = await screen.findByRole('list', { name: 'Zu klären' });
    expect(within(list).getByText('Apfelgelee')).toBeVisible();
    expect(within(list).getByText(/Karla Klein \(Kleinunternehmer nach § 19 UStG/)).toBeVisible();
    expect(within(list).getByText(/Steuersatz der Kasse 19 %/)).toBeVisible();
    await user.click(within(list).getByRole('button', { name: 'Steuersatz 0 % für Apfelgelee' }));
    await user.click(screen.getByRole('button', { name: 'Ja, Steuersatz erfassen' }));
    expect(await screen.findByText('Der Steuersatz für „Apfelgelee“ ist erfasst.')).toBeVisible();
    expect(posts).toEqual([
      { url: expect.stringMatching(/\/admin\/sales\/clarify\/l1$/), body: { vatRate: 0 } },
    ]);
  });
});
