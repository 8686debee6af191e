import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ManualLineFormSection } from './manual-line-form';

// A manual line is a charge by the shop (19 % or 7 %, either direction) or a refund that is no
// supply (no rate): the form sends the API's body with its kind (docs/decisions/0038).
describe('ManualLineFormSection', () => {
  it('sends a charge with its rate, a refund without one; only 19 % and 7 % are offered', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => ({}));
    render(<ManualLineFormSection vendors={[{ id: 'v1', name: 'Hof Huber' }]} send={send} />);

    const rate = screen.getByLabelText('Steuersatz');
    expect([...(rate as HTMLSelectElement).options].map((option) => option.textContent)).toEqual([
      '19 %',
      '7 %',
    ]);
    await user.type(screen.getByLabelText(/^Text auf Rechnung/), 'Reinigung Kühlfach');
    await user.type(screen.getByLabelText(/^Betrag brutto/), '11,90');
    await user.click(screen.getByRole('button', { name: 'Position eintragen' }));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith({
        vendorId: 'v1',
        kind: 'charge',
        text: 'Reinigung Kühlfach',
        grossCents: 1190,
        vatRateBp: 1900,
      }),
    );

    await user.click(
      screen.getByRole('radio', { name: 'Der Laden erstattet etwas, das keine Leistung ist' }),
    );
    expect(screen.queryByLabelText('Steuersatz')).toBeNull();
    expect(screen.queryByRole('radio', { name: /Der Direktvermarkter zahlt/ })).toBeNull();
    await user.clear(screen.getByLabelText(/^Text auf Rechnung/));
    await user.type(screen.getByLabelText(/^Text auf Rechnung/), 'Erstattung fehlende Ware');
    await user.clear(screen.getByLabelText(/^Betrag brutto/));
    await user.type(screen.getByLabelText(/^Betrag brutto/), '11,00');
    await user.click(screen.getByRole('button', { name: 'Position eintragen' }));
    await waitFor(() =>
      expect(send).toHaveBeenLastCalledWith({
        vendorId: 'v1',
        kind: 'refund',
        text: 'Erstattung fehlende Ware',
        grossCents: 1100,
      }),
    );
  });
});
