import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearAdminSession } from '../../../lib/admin-session';
import { jsonResponse, renderWithRouter, signInAdmin, stubFetch } from '../../../test-utils';
import { AdminRevenuePage } from './revenue-page';
import { settlementItem } from './revenue.test-helpers';

// Finalizing shows how far it is (issue 31): the producers done while it runs and what comes
// next, then the month's PDFs rendered, asked from /fortschritt.

const draft = settlementItem({ status: 'draft' });

afterEach(() => clearAdminSession());

describe('finalizing progress', () => {
  it('shows the producers done while it runs, then the PDFs rendered', async () => {
    let finish: (response: Response) => void = () => undefined;
    let progress: unknown = {
      success: true,
      finalizing: { phase: 'belege', done: 3, total: 14 },
      pdfs: { rendered: 0, total: 0 },
    };
    stubFetch((url, init) => {
      if (url.includes('/finalize') && init?.method === 'POST')
        return new Promise<Response>((resolve) => {
          finish = resolve;
        });
      if (url.includes('/fortschritt')) return jsonResponse(200, progress);
      if (url.includes('/admin/abrechnungen?month='))
        return jsonResponse(200, {
          success: true,
          month: '2026-09',
          status: 'draft',
          items: [draft],
        });
      return jsonResponse(500, { success: false, message: 'nicht im Test' });
    });
    signInAdmin();
    const user = userEvent.setup();
    renderWithRouter(<AdminRevenuePage />, { path: '/?monat=2026-09' });
    await user.click(await screen.findByRole('button', { name: 'Abschließen' }));
    await user.click(screen.getByRole('button', { name: 'September 2026 abschließen' }));
    expect(
      await screen.findByText(
        'Abschluss läuft: Belege für 3 von 14 Direktvermarktern ausgestellt. Danach werden die PDFs erzeugt und die E-Mails verschickt.',
      ),
    ).toBeTruthy();
    progress = {
      success: true,
      finalizing: null,
      pdfs: { rendered: 5, total: 28 },
    };
    finish(jsonResponse(200, { success: true, documents: [], blocked: [] }));
    expect(
      await screen.findByText(
        'PDFs werden erzeugt: 5 von 28 fertig. Danach gehen die E-Mails an die Direktvermarkter.',
        {},
        { timeout: 3000 },
      ),
    ).toBeTruthy();
  });
});
