import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearAdminSession } from '../../../lib/admin-session';
import { jsonResponse, renderWithRouter, stubFetch } from '../../../test-utils';
import { AdminRevenuePage } from './revenue-page';

// The owner's Umsätze page (issue 31, docs/decisions/0044): actions are verbs, states
// are badges; the count of payouts to mark counts only those not transferred; the storno
// dialog of a transferred statement names the pair and says only the difference moves.
const ADMIN_USER = { id: 'a1', username: 'eva', name: 'Eva Muster', isAdmin: true };

const item = (over: Record<string, unknown>) => ({
  vendorId: 'v1',
  vendorName: 'Hof Huber',
  status: 'final',
  salesGrossCents: 10000,
  commissionNetCents: 1000,
  commissionVatCents: 190,
  commissionGrossCents: 1190,
  rentGrossCents: 2000,
  manualCents: 0,
  openItemsCents: 0,
  payoutCents: 6810,
  payoutPaidAt: null,
  blockers: [],
  manualLines: [],
  ...over,
});

const doc = (over: Record<string, unknown>) => ({
  id: 'd1',
  type: 'rechnung',
  number: 'RE-2026-00001',
  month: '2026-09',
  issuedOn: '2026-10-02',
  totalGrossCents: 3190,
  refersToNumber: null,
  cancelledBy: null,
  pdfUrl: '/x.pdf',
  vendorId: 'v1',
  vendorName: 'Hof Huber',
  ...over,
});

function open() {
  const posts: string[] = [];
  stubFetch((url, init) => {
    if (init?.method === 'POST') posts.push(url);
    if (url.includes('/admin/abrechnungen?month='))
      return jsonResponse(200, {
        success: true,
        month: '2026-09',
        status: 'final',
        items: [
          item({ payoutPaidAt: '2026-10-06T08:00:00.000Z' }),
          item({ vendorId: 'v2', vendorName: 'Imkerei Sonne' }),
          item({ vendorId: 'v3', vendorName: 'Käserei Berg' }),
        ],
      });
    if (url.includes('/admin/documents?month='))
      return jsonResponse(200, {
        success: true,
        documents: [
          doc({}),
          doc({
            id: 'd2',
            type: 'verkaufsabrechnung',
            number: 'VA-2026-00002',
            refersToNumber: 'RE-2026-00001',
          }),
        ],
      });
    if (url.includes('/admin/open-items'))
      return jsonResponse(200, {
        success: true,
        openItems: [
          {
            id: 'o1',
            vendorId: 'v2',
            vendorName: 'Imkerei Sonne',
            month: '2026-08',
            amountCents: 1250,
            dueOn: '2026-09-30',
            documentNumber: 'VA-2026-00009',
            paidAt: null,
            offsetInMonth: null,
          },
        ],
      });
    if (url.includes('/admin/exports/datev'))
      return jsonResponse(409, {
        success: false,
        message:
          'Für den DATEV-Export fehlen die Berater- und die Mandantennummer (Einstellungen → Abrechnung).',
      });
    if (url.includes('/admin/exports/documents.csv'))
      return jsonResponse(400, {
        success: false,
        message: 'Bitte prüfe die Eingaben.',
        errors: [
          { field: 'to', message: 'Das Ende des Zeitraums darf nicht vor seinem Beginn liegen' },
          { field: 'from', message: 'Der Zeitraum darf höchstens zwei Jahre umfassen' },
        ],
      });
    return jsonResponse(500, { success: false, message: 'nicht im Test' });
  });
  localStorage.setItem('adminToken', 'token-1');
  localStorage.setItem('user', JSON.stringify(ADMIN_USER));
  renderWithRouter(<AdminRevenuePage />, { path: '/?monat=2026-09' });
  return posts;
}

afterEach(() => clearAdminSession());

describe('AdminRevenuePage', () => {
  it('actions are verbs, states are badges; the count leaves out the transferred payout', async () => {
    open();
    const table = await screen.findByRole(
      'table',
      { name: /Abrechnung September 2026/ },
      { timeout: 5000 },
    );
    expect(within(table).queryByText('Überwiesen?')).toBeNull();
    expect(within(table).getByText('überwiesen am 06.10.2026')).toBeTruthy();
    expect(within(table).getAllByRole('button', { name: /als überwiesen markieren/ })).toHaveLength(
      2,
    );
    expect(within(table).getAllByText('nicht überwiesen')).toHaveLength(2);
    // two of three are still to transfer
    expect(
      screen.getByRole('button', { name: 'Alle 2 offenen Auszahlungen als überwiesen markieren' }),
    ).toBeTruthy();
    // open items: a verb, and the state as a badge
    const openItems = await screen.findByRole('list', { name: 'Offene Posten' });
    expect(within(openItems).queryByText('Zahlung erfasst')).toBeNull();
    expect(
      within(openItems).getByRole('button', { name: /Zahlung von Imkerei Sonne erfassen/ }),
    ).toBeTruthy();
    expect(within(openItems).getByText('offen')).toBeTruthy();
  });

  it('the storno of a transferred statement names both documents and what happens', async () => {
    const user = userEvent.setup();
    open();
    await user.click(
      await screen.findByRole('button', { name: 'VA-2026-00002 stornieren' }, { timeout: 5000 }),
    );
    expect(
      await screen.findByText(
        /Es werden zwei Stornobelege .* \(für VA-2026-00002 und RE-2026-00001\)/,
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Die Auszahlung ist schon überwiesen: Nach der Neuausstellung wird nur die Differenz überwiesen oder angefordert.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText(/Grund der Stornierung/)).toBeTruthy());
  });

  it("a refused download shows the server's German reasons, several as a list", async () => {
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'DATEV-Export' }));
    expect(
      await screen.findByText(
        'Für den DATEV-Export fehlen die Berater- und die Mandantennummer (Einstellungen → Abrechnung).',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Das hat nicht geklappt/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Belegliste (CSV)' }));
    expect(
      await screen.findByText('Das Ende des Zeitraums darf nicht vor seinem Beginn liegen'),
    ).toBeTruthy();
    expect(screen.getByText('Der Zeitraum darf höchstens zwei Jahre umfassen').tagName).toBe('LI');
  });
});
