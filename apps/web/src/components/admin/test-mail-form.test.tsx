import { newsletterTestSchema } from '@housnkuh/shared/schemas/admin-newsletter';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { TestMailForm } from './test-mail-form';

const schema = async () => newsletterTestSchema;

describe('TestMailForm', () => {
  it('checks the address by the call’s schema, sends, keeps the address for next time', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async (email: string) => ({ message: `Der Test geht an ${email}.` }));
    const { unmount } = render(
      <TestMailForm label="Test an diese Adresse" storageKey="testKey" schema={schema} send={send}>
        <h2>Test-E-Mail</h2>
      </TestMailForm>,
    );
    expect(screen.getByRole('heading', { name: 'Test-E-Mail' })).toBeVisible();
    await user.type(screen.getByLabelText('Test an diese Adresse'), 'kein-at');
    await user.click(screen.getByRole('button', { name: 'Test senden' }));
    expect(
      await screen.findByText('Bitte gib eine gültige E-Mail-Adresse für den Test ein.'),
    ).toBeVisible();
    expect(send).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Test an diese Adresse'));
    await user.type(screen.getByLabelText('Test an diese Adresse'), ' Erika@Beispiel.de ');
    await user.click(screen.getByRole('button', { name: 'Test senden' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Der Test geht an erika@beispiel.de.',
    );
    expect(send).toHaveBeenCalledWith('erika@beispiel.de');
    expect(localStorage.getItem('testKey')).toBe('erika@beispiel.de');
    unmount();

    render(<TestMailForm label="Test an" storageKey="testKey" schema={schema} send={send} />);
    expect(screen.getByLabelText('Test an')).toHaveValue('erika@beispiel.de');
  });

  it("shows the draft's problems the server names", async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => {
      throw new ApiError(
        'http',
        'Bitte korrigiere die markierten Felder',
        400,
        [{ field: 'subject', message: 'Bitte gib einen Betreff ein.' }],
        ['Bitte gib einen Betreff ein.'],
      );
    });
    render(<TestMailForm label="Test an" storageKey="k" schema={schema} send={send} />);
    await user.type(screen.getByLabelText('Test an'), 'erika@beispiel.de');
    await user.click(screen.getByRole('button', { name: 'Test senden' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Bitte gib einen Betreff ein.'),
    );
  });
});
