import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearAdminSession } from '../../../lib/admin-session';
import { jsonResponse, renderWithRouter, signInAdmin, stubFetch } from '../../../test-utils';
import { AdminRevenuePage } from './revenue-page';
import { settlementItem as item } from './revenue.test-helpers';

// The owner's Umsätze page (issue 31, docs/decisions/0044): actions are verbs, states
// are badges; the count of payouts to mark counts only those not transferred; the storno
// dialog of a transferred statement names the pair and says only the difference moves.

const doc = (over: Record<string, unknown>) => ({
  id: 'd1' as string,
  type: 'rechnung',
  number: 'RE-2026-00001',
  month: '2026-09',
  issuedOn: '2026-10-02',
  totalGrossCents: 3190,
  refersToNumber: null as string | null,
  cancelledBy: null as string | null,
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
          item({
            vendorId: 'v2',
            vendorName: 'Imkerei Sonne',
            inventoryRefunds: [
              {
                id: 'inventory:l1:2026-09',
                text: 'Erstattung Fehlbestand (AGB § 8 Abs. 3): Waldhonig 500 g, 2 Glas zu 6,00 €, Inventur vom 15.09.2026',
                grossCents: 1100,
              },
            ],
          }),
          item({
            vendorId: 'v3',
            vendorName: 'Käserei Berg',
            inventoryRefunds: [
              {
                id: 'inventory:l2:2026-09',
                text: 'Fehlbestand ohne Erstattung, vom Direktvermarkter verursacht (Selbst entnommen): Bergkäse, 0,250 kg, Inventur vom 15.09.2026',
                grossCents: 0,
              },
            ],
          }),
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
  signInAdmin();
  renderWithRouter(<AdminRevenuePage />, { path: '/?monat=2026-09' });
  return posts;
}

afterEach(() => clearAdminSession());

describe('AdminRevenuePage', () => {
  it('lists the theft refund lines the inventory gives the statements, apart from the manual lines', async () => {
    open();
    const list = await screen.findByRole(
      'list',
      { name: 'Erstattungen aus der Inventur' },
      { timeout: 5000 },
    );
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual([
      'Imkerei Sonne: Erstattung Fehlbestand (AGB § 8 Abs. 3): Waldhonig 500 g, 2 Glas zu 6,00 €, Inventur vom 15.09.2026 – 11,00 € (Erstattung, nicht steuerbar)',
      'Käserei Berg: Fehlbestand ohne Erstattung, vom Direktvermarkter verursacht (Selbst entnommen): Bergkäse, 0,250 kg, Inventur vom 15.09.2026 – ohne Betrag',
    ]);
    expect(within(list).queryByRole('button')).toBeNull();
  });

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

  it('the exports’ period is checked on the form: a DATEV file is one calendar year', async () => {
    const user = userEvent.setup();
    open();
    const exports = await screen.findByRole('region', { name: 'Für die Steuerberatung' });
    expect(within(exports).getByRole('group', { name: 'Zeitraum der Exporte' })).toBeTruthy();
    const to = within(exports).getByLabelText('Bis');
    await user.clear(within(exports).getByLabelText('Von'));
    await user.type(within(exports).getByLabelText('Von'), '2025-12-01');
    await user.clear(to);
    await user.type(to, '2026-01-31');
    await user.click(within(exports).getByRole('button', { name: 'DATEV-Export' }));
    await waitFor(() =>
      expect(to).toHaveAccessibleDescription(
        'Ein DATEV-Export umfasst ein Wirtschaftsjahr: Beginn und Ende müssen im selben Kalenderjahr liegen',
      ),
    );
    expect(to).toHaveAttribute('aria-invalid', 'true');
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

/**
 * A month as the server keeps it, changed by the page's calls: finalize issues RE and VA per
 * draft producer, a storno cancels the pair and makes that producer a draft again, marking
 * pays every open payout.
 */
function liveMonth() {
  const items = [
    item({ status: 'draft' }),
    item({ vendorId: 'v2', vendorName: 'Imkerei Sonne', status: 'draft' }),
  ];
  const documents: ReturnType<typeof doc>[] = [];
  let next = 1;
  const number = (prefix: string) => `${prefix}-2026-${String(next++).padStart(5, '0')}`;
  stubFetch((url, init) => {
    if (url.includes('/admin/abrechnungen?month='))
      return jsonResponse(200, {
        success: true,
        month: '2026-09',
        status: items.every((entry) => entry.status === 'final') ? 'final' : 'draft',
        items,
      });
    if (url.endsWith('/admin/abrechnungen/2026-09/finalize') && init?.method === 'POST') {
      const issued: { id: string; type: string; number: string; vendorId: string }[] = [];
      for (const entry of items.filter((candidate) => candidate.status === 'draft')) {
        entry.status = 'final';
        for (const type of ['rechnung', 'verkaufsabrechnung']) {
          const created = doc({
            id: `d${next}`,
            type,
            number: number(type === 'rechnung' ? 'RE' : 'VA'),
            vendorId: entry.vendorId,
            vendorName: entry.vendorName,
          });
          documents.push(created);
          issued.push({ id: created.id, type, number: created.number, vendorId: entry.vendorId });
        }
      }
      return jsonResponse(200, { success: true, documents: issued, blocked: [] });
    }
    const cancel = /\/admin\/documents\/([^/]+)\/cancel$/.exec(url);
    if (cancel && init?.method === 'POST') {
      const target = documents.find((entry) => entry.id === cancel[1])!;
      const pair = documents.filter(
        (entry) =>
          entry.vendorId === target.vendorId && entry.type !== 'storno' && !entry.cancelledBy,
      );
      const stornos = pair.map((original) => {
        const storno = doc({
          id: `d${next}`,
          type: 'storno',
          number: number('ST'),
          vendorId: original.vendorId,
          vendorName: original.vendorName,
          refersToNumber: original.number,
        });
        original.cancelledBy = storno.number;
        documents.push(storno);
        return { id: storno.id, number: storno.number, refersToId: original.id };
      });
      items.find((entry) => entry.vendorId === target.vendorId)!.status = 'draft';
      return jsonResponse(200, { success: true, storno: stornos[0], stornos });
    }
    if (url.endsWith('/admin/abrechnungen/2026-09/payouts/paid') && init?.method === 'POST') {
      const open = items.filter((entry) => entry.status === 'final' && !entry.payoutPaidAt);
      for (const entry of open) entry.payoutPaidAt = '2026-10-06T08:00:00.000Z';
      return jsonResponse(200, { success: true, paid: open.length });
    }
    if (url.includes('/admin/documents?month='))
      return jsonResponse(200, { success: true, documents });
    if (url.includes('/fortschritt'))
      return jsonResponse(200, {
        success: true,
        finalizing: null,
        pdfs: { rendered: documents.length, total: documents.length },
      });
    if (url.includes('/admin/zahlungslaeufe'))
      return jsonResponse(200, { success: true, runs: [], open: [] });
    if (url.includes('/admin/open-items'))
      return jsonResponse(200, { success: true, openItems: [] });
    return jsonResponse(500, { success: false, message: 'nicht im Test' });
  });
  signInAdmin();
  renderWithRouter(<AdminRevenuePage />, { path: '/?monat=2026-09' });
}

describe('counts after every action (no reload)', () => {
  it('finalize, storno and reissue, payouts: no count stays behind', async () => {
    const user = userEvent.setup();
    liveMonth();
    const finalize = async () => {
      await user.click(
        await screen.findByRole('button', { name: 'Abschließen' }, { timeout: 5000 }),
      );
      await user.click(screen.getByRole('button', { name: 'September 2026 abschließen' }));
    };

    await finalize();
    expect(await screen.findByText('Abgeschlossen: 4 Belege ausgestellt.')).toBeTruthy();
    expect(await screen.findByText('4 Belege ausgestellt.')).toBeTruthy();

    // a storno of Hof Huber's invoice: the finalize result of before goes, the count follows
    await user.click(screen.getByRole('button', { name: 'RE-2026-00001 stornieren' }));
    await user.type(screen.getByLabelText(/Grund der Stornierung/), 'Falscher Preis');
    await user.click(screen.getByRole('button', { name: 'Stornieren' }));
    expect(
      await screen.findByText('6 Belege ausgestellt, davon 2 storniert (2 Stornobelege).'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/Abgeschlossen: 4 Belege/)).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Schließen' }));

    // reissued: the new result and the new count
    await finalize();
    expect(await screen.findByText('Abgeschlossen: 2 Belege ausgestellt.')).toBeTruthy();
    expect(
      await screen.findByText('8 Belege ausgestellt, davon 2 storniert (2 Stornobelege).'),
    ).toBeTruthy();

    // every payout marked: the "Alle 2" button goes, and so does the finalize result
    await user.click(
      screen.getByRole('button', { name: 'Alle 2 offenen Auszahlungen als überwiesen markieren' }),
    );
    await user.click(screen.getByRole('button', { name: 'Als überwiesen markieren' }));
    expect(await screen.findByText('2 Auszahlungen sind als überwiesen markiert.')).toBeTruthy();
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: /offenen Auszahlungen als überwiesen/ }),
      ).toBeNull(),
    );
    expect(screen.queryByText(/Abgeschlossen: 2 Belege/)).toBeNull();
  }, 30_000);
});
