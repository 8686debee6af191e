import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearAdminSession } from '../../../lib/admin-session';
import { jsonResponse, renderWithRouter, signInAdmin, stubFetch } from '../../../test-utils';
import { AdminVerkaeufePage, ImportResult } from './verkaeufe-page';

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

/** The answer of a sales list with no lines in it. */
const noLines = () =>
  jsonResponse(200, { success: true, lines: [], pagination: { ...PAGE, totalCount: 0 } });

/** Signs the admin in and opens the Verkäufe page. */
function openPage() {
  signInAdmin();
  renderWithRouter(null, {
    path: '/admin/verkaeufe',
    routes: [{ path: '/admin/verkaeufe', element: <AdminVerkaeufePage /> }],
  });
}

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
    return noLines();
  });
  openPage();
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

const WAITING = {
  id: 'u1',
  receiptId: 'K-9',
  position: 1,
  soldAt: '2026-03-12T09:00:00.000Z',
  ean: '2000000003019',
  articleText: 'Saft',
  quantityThousandths: 1000,
  unitPriceGrossCents: 350,
  vatRate: 7,
  lineTotalGrossCents: 350,
  source: 'csv',
  deposit: false,
  suggestion: {
    productId: 'p-juice',
    name: 'Apfelsaft 1 l',
    ean: '2000000003018',
    vendorName: 'Hof Huber',
    reason: 'check_digit',
    reasonText:
      'Die Prüfziffer der EAN stimmt nicht; die ersten 12 Ziffern sind die dieses Produkts.',
  },
};
const VOUCHER = {
  ...WAITING,
  id: 'u2',
  receiptId: 'K-10',
  ean: 'GUTSCHEIN',
  articleText: 'Gutschein',
  suggestion: null,
};
const DEPOSIT = {
  ...WAITING,
  id: 'u3',
  receiptId: 'K-9',
  position: 2,
  ean: 'PFAND-025',
  articleText: 'Pfand Flasche',
  deposit: true,
  suggestion: {
    ...WAITING.suggestion,
    reason: 'deposit',
    reasonText: 'Pfand direkt nach diesem Produkt auf demselben Beleg.',
  },
};

function waitingShop(lines: unknown[], answer: string) {
  const posts: { url: string; body: unknown }[] = [];
  let answered = false;
  stubFetch((url, init) => {
    if (init?.method === 'POST') {
      posts.push({ url, body: JSON.parse(String(init.body)) });
      answered = true;
      return jsonResponse(200, { success: true, message: answer, count: 2 });
    }
    if (url.includes('/admin/sales/unassigned'))
      return jsonResponse(200, {
        success: true,
        lines: answered ? [] : lines,
        pagination: { ...PAGE, totalCount: answered ? 0 : lines.length },
      });
    return noLines();
  });
  openPage();
  return posts;
}

describe('Nicht zugeordnete Verkäufe (issue 31, item 14)', () => {
  it('takes the suggested product in two clicks and shows what happened', async () => {
    const user = userEvent.setup();
    const posts = waitingShop([WAITING], 'Verkauf dem Produkt „Apfelsaft 1 l“ zugeordnet.');
    const list = await screen.findByRole('list', { name: 'Nicht zugeordnete Verkäufe' });
    expect(
      within(list).getByText(/Apfelsaft 1 l \(\s*Hof Huber, EAN 2000000003018\)/),
    ).toBeVisible();
    expect(within(list).getByText(/Die Prüfziffer der EAN stimmt nicht/)).toBeVisible();
    await user.click(within(list).getByRole('button', { name: 'Vorschlag übernehmen: Saft' }));
    await user.click(within(list).getByRole('button', { name: 'Ja, zuordnen' }));
    expect(
      await screen.findByText('Verkauf dem Produkt „Apfelsaft 1 l“ zugeordnet.'),
    ).toBeVisible();
    expect(posts).toEqual([
      {
        url: expect.stringMatching(/\/admin\/sales\/unassigned\/u1$/),
        body: { productId: 'p-juice' },
      },
    ]);
  });

  it('marks several chosen lines as no sale with one answer and says so, not "zugeordnet"', async () => {
    const user = userEvent.setup();
    const message = '2 Zeilen als „kein Verkauf“ erfasst: Sie werden nicht abgerechnet.';
    const posts = waitingShop([WAITING, VOUCHER], message);
    await user.click(
      await screen.findByRole('checkbox', { name: 'Alle Zeilen dieser Seite wählen' }),
    );
    const bulk = screen.getByRole('region', { name: /2 Zeilen gewählt/ });
    await user.click(
      within(bulk).getByRole('button', { name: 'Kein Verkauf eines Direktvermarkters' }),
    );
    await user.click(within(bulk).getByLabelText('Kein Verkauf (z. B. Gutschein)'));
    await user.click(within(bulk).getByRole('button', { name: 'Ja, markieren' }));
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.queryByText(/ist zugeordnet/)).toBeNull();
    expect(posts).toEqual([
      {
        url: expect.stringMatching(/\/admin\/sales\/unassigned$/),
        body: { kind: 'no_vendor', noVendor: 'no_sale', lineIds: ['u1', 'u2'] },
      },
    ]);
  });

  it('never offers "kein Verkauf" for a deposit, in bulk or alone', async () => {
    const user = userEvent.setup();
    waitingShop([VOUCHER, DEPOSIT], '');
    const list = await screen.findByRole('list', { name: 'Nicht zugeordnete Verkäufe' });
    expect(within(list).getByText('Pfand', { exact: true })).toBeVisible();
    await user.click(
      within(list).getByRole('checkbox', { name: 'Wählen: Gutschein, Beleg K-10, Position 1' }),
    );
    await user.click(
      within(list).getByRole('checkbox', { name: 'Wählen: Pfand Flasche, Beleg K-9, Position 2' }),
    );
    const bulk = screen.getByRole('region', { name: /2 Zeilen gewählt/ });
    await user.click(
      within(bulk).getByRole('button', { name: 'Kein Verkauf eines Direktvermarkters' }),
    );
    expect(within(bulk).queryByLabelText('Kein Verkauf (z. B. Gutschein)')).toBeNull();
    expect(within(bulk).getByText(/„Kein Verkauf“ gibt es für Pfand nicht/)).toBeVisible();
    expect(within(bulk).getByLabelText('Eigener Verkauf des Ladens zu 19 %')).toBeVisible();
  });

  it('picks up an import running in the background when the page opens and shows its result when done', async () => {
    const job = { id: 'job-1', status: 'running', linesTotal: 50_000, message: null, result: null };
    let asked = 0;
    stubFetch((url) => {
      if (url.includes('/admin/sales/import-jobs/current'))
        return jsonResponse(200, { success: true, job: { ...job, linesDone: 20_000 } });
      if (url.includes('/admin/sales/import-jobs/job-1')) {
        asked += 1;
        return jsonResponse(
          200,
          asked === 1
            ? { success: true, message: '', job: { ...job, linesDone: 35_000 } }
            : {
                success: true,
                message: 'Import abgeschlossen.',
                job: {
                  ...job,
                  status: 'done',
                  linesDone: 50_000,
                  result: {
                    success: true,
                    imported: 49_990,
                    duplicates: 0,
                    unassigned: 0,
                    clarify: 0,
                    late: null,
                    errors: [{ line: 5001, message: 'Die Menge „viel“ ist keine Zahl.' }],
                    encoding: 'utf-8',
                  },
                },
              },
        );
      }
      return noLines();
    });
    openPage();
    expect(
      await screen.findByText(/^Import läuft: (20|35)\.000 von 50\.000 Zeilen gelesen\.$/),
    ).toHaveAttribute('role', 'status');
    expect(screen.getByRole('progressbar', { name: 'Fortschritt des Imports' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Wird importiert …' })).toBeDisabled();
    expect(
      await screen.findByText(
        '49.990 Zeilen importiert, 0 Duplikate übersprungen, 0 Zeilen ohne bekannte EAN, 1 fehlerhafte Zeile.',
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
    expect(screen.getByText('Zeile 5001: Die Menge „viel“ ist keine Zahl.')).toBeVisible();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('breaks the long CSV header hint instead of overflowing the phone', async () => {
    waitingShop([], '');
    const hint = await screen.findByText(/^Kopfzeile: beleg;position;/);
    expect(hint.className).toContain('[overflow-wrap:anywhere]');
  });

  it('says the late lines come as Nachtrag into the next statement (item 3)', () => {
    render(
      <ImportResult
        result={{
          success: true,
          imported: 3,
          duplicates: 0,
          unassigned: 0,
          clarify: 0,
          late: { count: 3, month: '2026-11' },
          errors: [],
          encoding: 'utf-8',
        }}
      />,
    );
    expect(
      screen.getByText(
        '3 Zeilen gehören zu einem abgeschlossenen Monat und kommen als Nachtrag in die Abrechnung November 2026.',
      ),
    ).toBeVisible();
  });
});

/** A sent file's text, as the page's browser reads it. */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

describe('the CSV upload on the admin’s Verkäufe page', () => {
  it('asks for the file in German, then sends it as it is (text/csv) and shows the result', async () => {
    const user = userEvent.setup();
    const sent: { type: string | null; text: string }[] = [];
    stubFetch(async (url, init) => {
      if (init?.method === 'POST' && url.includes('/admin/sales/import')) {
        sent.push({
          type: new Headers(init.headers).get('content-type'),
          text: await textOf(init.body as Blob),
        });
        return jsonResponse(200, {
          success: true,
          imported: 2,
          duplicates: 0,
          unassigned: 0,
          clarify: 0,
          late: null,
          errors: [],
          encoding: 'utf-8',
        });
      }
      if (url.includes('/admin/sales/import-jobs'))
        return jsonResponse(200, { success: true, job: null });
      return noLines();
    });
    openPage();
    const field = await screen.findByLabelText('CSV-Datei');
    await user.click(screen.getByRole('button', { name: 'Importieren' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription('Bitte wähle die CSV-Datei der Kasse.'),
    );
    expect(sent).toEqual([]);

    const csv = 'beleg;position;zeitpunkt;ean;artikel;menge;einzelpreis_brutto;mwst_satz\n';
    await user.upload(field, new File([csv], 'kasse.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Importieren' }));
    expect(
      await screen.findByText(
        '2 Zeilen importiert, 0 Duplikate übersprungen, 0 Zeilen ohne bekannte EAN, 0 fehlerhafte Zeilen.',
      ),
    ).toBeVisible();
    expect(sent).toEqual([{ type: 'text/csv', text: csv }]);
    expect(field).not.toHaveAttribute('aria-invalid');
  });
});
