import { isoDayInBerlin } from '@housnkuh/shared/format';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearAdminSession } from '../../../lib/admin-session';
import { jsonResponse, renderWithRouter, signInAdmin, stubFetch } from '../../../test-utils';
import { AdminVertragPage } from './vertrag-page';

const UNIT = { id: 'u1', name: 'A1', priceCents: 3500 };
const CONTRACT = {
  id: 'c1',
  number: 'V-2026-0001',
  vendorId: 'v1',
  status: 'active',
  provisionType: 'basic',
  rentalDuration: 6,
  startDate: '2026-01-01',
  trialStartsOn: null,
  trialEndsOn: null,
  freeMonth: null,
  termEndsOn: '2026-06-30',
  endDate: null,
  monthlyPriceCents: 3500,
  mietfaecher: [UNIT],
  zusatzleistungen: { lagerservice: false, versandservice: false },
  phase: 'term',
  statusLabel: 'läuft',
  earliestEnd: '2026-06-30',
  endsAtOnce: false,
  termination: null,
  versions: [
    {
      validFrom: '2026-01-01',
      provisionType: 'basic',
      monthlyPriceCents: 3500,
      zusatzleistungen: { lagerservice: false, versandservice: false },
      mietfaecher: [UNIT],
      reason: null,
      actorName: 'Eva Muster',
    },
  ],
  nextChange: null,
  vendor: { id: 'v1', name: 'Anna Beispiel', unternehmen: 'Hof Beispiel' },
  history: [],
};

function shop() {
  const posts: { url: string; body: unknown }[] = [];
  stubFetch((url, init) => {
    if (init?.method === 'POST') {
      posts.push({ url, body: JSON.parse(String(init.body)) });
      if (url.endsWith('/change') || url.endsWith('/change/preview')) {
        return jsonResponse(400, {
          success: false,
          message: 'Eine Änderung gilt frühestens ab heute.',
          errors: [{ field: 'validFrom', message: 'Eine Änderung gilt frühestens ab heute.' }],
        });
      }
      if (url.endsWith('/preview')) {
        return jsonResponse(200, {
          success: true,
          preview: {
            endDate: '2026-06-30',
            storniert: false,
            units: ['A1'],
            mail: {
              to: 'anna@beispiel.de',
              subject: 'Dein Vertrag V-2026-0001 endet am 30.06.2026',
              text: 'Hallo Anna Beispiel, hiermit kündigen wir deinen Vertrag fristgerecht.',
            },
          },
        });
      }
      return jsonResponse(200, { success: true, vertrag: CONTRACT });
    }
    if (url.includes('/earliest-end')) {
      return jsonResponse(200, { success: true, earliestEnd: '2026-06-30' });
    }
    if (url === '/api/admin/mietfaecher') {
      const unit = (id: string, name: string, state: string) => ({
        id,
        name,
        optionId: 'block-a',
        standort: null,
        groesse: null,
        beschreibung: null,
        priceCents: 3500,
        isActive: true,
        state,
        occupiedUntil: null,
        holder: null,
      });
      return jsonResponse(200, {
        success: true,
        mietfaecher: [unit('u1', 'A1', 'occupied'), unit('u2', 'A2', 'free')],
        occupancy: [],
      });
    }
    return jsonResponse(200, { success: true, vertrag: CONTRACT });
  });
  signInAdmin();
  renderWithRouter(null, {
    path: '/admin/vertraege/c1',
    routes: [{ path: '/admin/vertraege/:id', element: <AdminVertragPage /> }],
  });
  return posts;
}

afterEach(() => clearAdminSession());

describe('the contract page’s forms (the "from a day" form)', () => {
  it('an ordinary notice: the earliest end, then a dialog with the units and the mail, then the notice', async () => {
    const user = userEvent.setup();
    const posts = shop();
    const today = isoDayInBerlin();
    const [y, m, d] = today.split('-');
    expect(
      await screen.findByText(`Frühestes Ende bei Kündigung am ${d}.${m}.${y}: 30.06.2026.`),
    ).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Der Direktvermarkter' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Der Laden' }));
    const send = screen.getByRole('button', { name: 'Kündigung zum 30.06.2026 eintragen …' });
    await user.click(send);
    const dialog = await screen.findByRole('dialog', { name: 'Kündigung eintragen?' });
    expect(dialog).toHaveTextContent('Der Vertrag endet am 30.06.2026');
    expect(dialog).toHaveTextContent('Frei werdende Mietfächer: A1');
    expect(dialog).toHaveTextContent('E-Mail an anna@beispiel.de');
    expect(dialog).toHaveTextContent('hiermit kündigen wir deinen Vertrag fristgerecht');
    expect(posts).toEqual([
      {
        url: '/api/admin/vertraege/c1/terminate/preview',
        body: { kind: 'shop', noticeDate: today },
      },
    ]);

    // cancelled: nothing entered (Escape does the same in the browser's <dialog>)
    const [, cancel] = within(dialog).getAllByRole('button', { name: 'Abbrechen' });
    await user.click(cancel!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Abgebrochen: Es wurde nichts eingetragen und keine E-Mail gesendet.',
    );
    expect(posts).toHaveLength(1);

    await user.click(send);
    await user.click(
      await screen.findByRole('button', {
        name: 'Ja, zum 30.06.2026 kündigen und E-Mail senden',
      }),
    );
    await waitFor(() => expect(posts).toHaveLength(3));
    expect(posts[2]).toEqual({
      url: '/api/admin/vertraege/c1/terminate',
      body: { kind: 'shop', noticeDate: today },
    });
  });

  it('an extraordinary notice: one of the grounds, another needs its reason, checked in the browser', async () => {
    const user = userEvent.setup();
    const posts = shop();
    const send = await screen.findByRole('button', { name: 'Außerordentlich kündigen …' });
    await user.click(screen.getByRole('radio', { name: 'Anderer wichtiger Grund' }));
    await user.click(send);
    expect(
      await screen.findByText('Bitte gib den Grund der außerordentlichen Kündigung an.'),
    ).toBeVisible();
    expect(posts).toHaveLength(0);
    await user.type(screen.getByLabelText(/^Begründung/), 'Diebstahl im Laden');
    await user.click(send);
    await user.click(
      await screen.findByRole('button', { name: 'Ja, zum 30.06.2026 kündigen und E-Mail senden' }),
    );
    await waitFor(() => expect(posts).toHaveLength(2));
    const body = { endDate: isoDayInBerlin(), ground: 'other', reason: 'Diebstahl im Laden' };
    expect(posts).toEqual([
      { url: '/api/admin/vertraege/c1/extraordinary/preview', body },
      { url: '/api/admin/vertraege/c1/extraordinary', body },
    ]);
  });

  it("a change: the reason is asked for first; the server's reason lands on its field", async () => {
    const user = userEvent.setup();
    const posts = shop();
    const send = await screen.findByRole('button', { name: /^Änderung ab .* eintragen/ });
    await user.click(send);
    expect(await screen.findByText('Bitte gib einen Grund für die Änderung an.')).toBeVisible();
    await user.type(screen.getByLabelText('Grund der Änderung'), 'Neuer Preis');
    await user.clear(await screen.findByLabelText('Preis A1 (€)'));
    await user.type(screen.getByLabelText('Preis A1 (€)'), '40');
    // a unit taken comes with its list price; one left again goes without
    await user.click(screen.getByRole('checkbox', { name: 'A2 (35,00 €)' }));
    expect(screen.getByLabelText('Preis A2 (€)')).toHaveValue('35,00');
    await user.click(screen.getByRole('checkbox', { name: 'A2 (35,00 €)' }));
    await user.click(send);
    await waitFor(() => expect(posts).toHaveLength(1));
    // the preview checks what the change checks: nothing is shown to confirm
    expect(posts[0]?.url).toBe('/api/admin/vertraege/c1/change/preview');
    expect(posts[0]?.body).toEqual({
      validFrom: expect.stringMatching(/^\d{4}-\d{2}-01$/),
      mietfachIds: ['u1'],
      priceCents: { u1: 4000 },
      provisionType: 'basic',
      zusatzleistungen: { lagerservice: false, versandservice: false },
      reason: 'Neuer Preis',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Bitte korrigiere die markierten Felder',
    );
    expect(screen.getByLabelText('Gilt ab')).toHaveAccessibleDescription(
      'Eine Änderung gilt frühestens ab heute.',
    );
  });
});
