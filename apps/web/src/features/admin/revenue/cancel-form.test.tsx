import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CancelForm } from './cancel-form';

// The storno dialog (issue 31, docs/decisions/0044): the invoice and the statement are
// cancelled together, so it names both and says two cancellation documents are issued; after a
// transfer it says only the difference moves; once done it shows the stornos and no
// "Stornieren" any more.
describe('CancelForm', () => {
  it('names the pair, says what a transfer means, and closes with the result', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    const send = vi.fn(async () => ({
      storno: { number: 'ST-2026-00001' },
      stornos: [{ number: 'ST-2026-00001' }, { number: 'ST-2026-00002' }],
    }));
    render(
      <CancelForm
        number="VA-2026-00002"
        pair={['RE-2026-00001']}
        transferred
        send={send}
        onCancel={onCancel}
      />,
    );
    expect(
      screen.getByText(/Es werden zwei Stornobelege .* \(für VA-2026-00002 und RE-2026-00001\)/),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Die Auszahlung ist schon überwiesen: Nach der Neuausstellung wird nur die Differenz überwiesen oder angefordert.',
      ),
    ).toBeTruthy();
    await user.type(screen.getByLabelText(/Grund der Stornierung/), 'Falscher Preis');
    await user.click(screen.getByRole('button', { name: 'Stornieren' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith('Falscher Preis'));
    expect(
      await screen.findByText(
        /VA-2026-00002 und RE-2026-00001 sind storniert \(Stornobelege ST-2026-00001 und ST-2026-00002\)/,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stornieren' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Schließen' }));
    expect(onCancel).toHaveBeenCalled();
  });

  it('a single document: one Stornobeleg, no transfer note', () => {
    render(<CancelForm number="RE-2026-00001" send={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.getByText(/Es wird ein Stornobeleg/)).toBeTruthy();
    expect(screen.queryByText(/schon überwiesen/)).toBeNull();
  });
});
