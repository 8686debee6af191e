import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearAdminSession } from '../../../lib/admin-session';
import { jsonResponse, renderWithRouter, signInAdmin, stubFetch } from '../../../test-utils';
import { PaymentRunsPanel } from './payment-runs-panel';

const payout = (over: Record<string, unknown> = {}) => ({
  id: 'p1',
  vendorId: 'v1',
  vendorName: 'Hof Huber',
  amountCents: 1905,
  statementNumber: 'VA-2026-00002',
  payeeName: 'Bernd Huber',
  payeeIban: 'DE89370400440532013000',
  paidAt: null,
  returnedAt: null,
  returnedReason: null,
  replacesPayoutId: null,
  notice: null,
  ...over,
});

const run = (over: Record<string, unknown> = {}) => ({
  id: 'r1',
  month: '2026-09',
  messageId: 'HK-2026-09-1-0A1B2C3D',
  executionDate: '2026-10-06',
  count: 1,
  totalCents: 1905,
  transferredAt: null,
  state: 'angelegt',
  createdAt: '2026-10-05T08:00:00.000Z',
  createdBy: 'Eva Muster',
  downloadedAt: null,
  discardedAt: null,
  transferredOn: null,
  payouts: [payout({ notice: 'Bankverbindung seit der Abrechnung geändert' })],
  ...over,
});

function shop(runs: unknown[], answer: (url: string, init?: RequestInit) => Response | undefined) {
  const posts: { url: string; body: unknown }[] = [];
  stubFetch((url, init) => {
    if (init?.method === 'POST') {
      posts.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const answered = answer(url, init);
      if (answered) return answered;
    }
    return jsonResponse(200, { success: true, runs, open: [] });
  });
  signInAdmin();
  renderWithRouter(<PaymentRunsPanel month="2026-09" />);
  return posts;
}

afterEach(() => clearAdminSession());

describe('the month’s payment runs', () => {
  it('lists each run with its state badge, the changed bank data notice, and discards one never downloaded', async () => {
    const user = userEvent.setup();
    const posts = shop([run()], (url) =>
      url.endsWith('/discard')
        ? jsonResponse(200, {
            success: true,
            message: 'Zahlungslauf verworfen: Seine Auszahlungen sind wieder offen.',
            run: run({ state: 'verworfen', discardedAt: '2026-10-05T09:00:00.000Z', payouts: [] }),
          })
        : undefined,
    );
    const list = await screen.findByRole('list', { name: 'Zahlungsläufe' });
    expect(within(list).getByText('angelegt')).toBeVisible();
    expect(within(list).getByText('Ausführung am 06.10.2026')).toBeVisible();
    expect(within(list).getByText('Bankverbindung seit der Abrechnung geändert')).toBeVisible();
    expect(
      within(list).queryByRole('button', { name: /Als überwiesen markieren/ }),
    ).not.toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: /^Verwerfen/ }));
    expect(
      await screen.findByText('Zahlungslauf verworfen: Seine Auszahlungen sind wieder offen.'),
    ).toBeVisible();
    expect(posts.map((post) => post.url)).toEqual(['/api/admin/zahlungslaeufe/r1/discard']);
  });

  it('creates a run with the execution date and shows the server’s German message when nothing is left', async () => {
    const user = userEvent.setup();
    const posts = shop([], () =>
      jsonResponse(409, { success: false, message: 'Keine offenen Auszahlungen' }),
    );
    await user.type(await screen.findByLabelText(/Ausführungsdatum/), '2026-10-09');
    await user.click(screen.getByRole('button', { name: 'Zahlungslauf anlegen' }));
    expect(await screen.findByText('Keine offenen Auszahlungen')).toBeVisible();
    expect(posts).toEqual([
      {
        url: '/api/admin/abrechnungen/2026-09/zahlungslauf',
        body: { executionDate: '2026-10-09' },
      },
    ]);
  });

  it('marks a downloaded run transferred with the bank’s date; a transferred payout can be marked returned with a reason', async () => {
    const user = userEvent.setup();
    const posts = shop(
      [
        run({
          id: 'r2',
          state: 'heruntergeladen',
          downloadedAt: '2026-10-05T09:00:00.000Z',
          payouts: [payout()],
        }),
        run({
          id: 'r1',
          state: 'ueberwiesen',
          transferredOn: '2026-10-06',
          transferredAt: '2026-10-06T09:00:00.000Z',
          createdAt: '2026-10-01T08:00:00.000Z',
          payouts: [payout({ id: 'p0', paidAt: '2026-10-06T09:00:00.000Z' })],
        }),
      ],
      (url) => {
        if (url.endsWith('/transferred'))
          return jsonResponse(400, {
            success: false,
            message: 'Das Datum der Überweisung darf nicht in der Zukunft liegen.',
            errors: [
              {
                field: 'transferredOn',
                message: 'Das Datum der Überweisung darf nicht in der Zukunft liegen.',
              },
            ],
          });
        return jsonResponse(200, {
          success: true,
          message:
            'Als zurückgebucht markiert: Der Betrag wird im nächsten Zahlungslauf erneut überwiesen.',
          payout: payout({ id: 'p9', replacesPayoutId: 'p0' }),
        });
      },
    );
    const list = await screen.findByRole('list', { name: 'Zahlungsläufe' });
    expect(within(list).getByText('heruntergeladen')).toBeVisible();
    expect(within(list).getByText('überwiesen')).toBeVisible();
    expect(within(list).queryByRole('button', { name: /^Verwerfen/ })).not.toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: /Als überwiesen markieren/ }));
    await user.type(screen.getByLabelText(/Datum der Überweisung laut Bank/), '2026-10-30');
    await user.click(screen.getByRole('button', { name: 'Als überwiesen markieren' }));
    expect(
      await screen.findAllByText('Das Datum der Überweisung darf nicht in der Zukunft liegen.'),
    ).not.toHaveLength(0);

    await user.click(
      screen.getByRole('button', { name: 'Überweisung an Hof Huber zurückgebucht' }),
    );
    await user.type(screen.getByLabelText(/Grund der Rückbuchung/), 'Konto erloschen');
    await user.click(screen.getByRole('button', { name: 'Als zurückgebucht markieren' }));
    expect(
      await screen.findByText(
        'Als zurückgebucht markiert: Der Betrag wird im nächsten Zahlungslauf erneut überwiesen.',
      ),
    ).toBeVisible();
    expect(posts).toEqual([
      { url: '/api/admin/zahlungslaeufe/r2/transferred', body: { transferredOn: '2026-10-30' } },
      { url: '/api/admin/payouts/p0/returned', body: { reason: 'Konto erloschen' } },
    ]);
  });
});
