import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAdminSession } from '../../../lib/admin-session';
import { jsonResponse, renderWithRouter, signInAdmin, stubFetch } from '../../../test-utils';
import { VendorDocuments } from './vendor-detail-page';

afterEach(() => {
  clearAdminSession();
  vi.restoreAllMocks();
});

describe('the producer’s documents on its page in Benutzer', () => {
  it('lists the documents with their cancellation and downloads a PDF', async () => {
    const calls = stubFetch((url) => {
      if (url.startsWith('/api/admin/documents?'))
        return jsonResponse(200, {
          success: true,
          documents: [
            {
              id: 'd1',
              type: 'rechnung',
              number: 'RE-2026-00001',
              month: '2026-10',
              issuedOn: '2026-11-03',
              totalGrossCents: 1312,
              refersToNumber: null,
              cancelledBy: 'ST-2026-00001',
              pdfUrl: '/api/admin/documents/d1/pdf',
              vendorId: 'v1',
              vendorName: 'Anna Beispiel',
            },
          ],
        });
      if (url === '/api/admin/documents/d1/pdf') return new Response('%PDF-1.3', { status: 200 });
      return jsonResponse(500, { success: false, message: 'Interner Fehler' });
    });
    URL.createObjectURL = vi.fn(() => 'blob:beleg');
    URL.revokeObjectURL = vi.fn();
    const save = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    signInAdmin();
    renderWithRouter(<VendorDocuments vendorId="v1" />);

    const item = (await screen.findByText('Rechnung RE-2026-00001')).closest('li')!;
    expect(item).toHaveTextContent('Oktober 2026');
    expect(item).toHaveTextContent('03.11.2026');
    expect(item).toHaveTextContent('13,12');
    expect(item).toHaveTextContent('storniert durch ST-2026-00001');
    expect(calls.map((c) => c.url)).toContain('/api/admin/documents?vendorId=v1');

    await userEvent.click(screen.getByRole('button', { name: 'PDF RE-2026-00001' }));
    await vi.waitFor(() => expect(save).toHaveBeenCalled());
    expect(calls.map((c) => c.url)).toContain('/api/admin/documents/d1/pdf');
  });
});
