import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { FormTextAreaField, FormTextField } from './field';

interface Values {
  email: string;
  message: string;
  guesses: string[];
}

function Fields({ error }: { error?: string }) {
  const form = useForm<Values>({
    defaultValues: { email: '', message: 'Hallo', guesses: ['', ''] },
  });
  return (
    <form
      onSubmit={(event) =>
        void form.handleSubmit(() => {
          form.setError('guesses.1', { message: 'Zweimal derselbe Name' });
          form.setError('email', { message: 'Bitte gib deine E-Mail-Adresse ein' });
        })(event)
      }
    >
      <FormTextField form={form} name="email" label="E-Mail-Adresse" hint="Nur zur Antwort" />
      <FormTextField form={form} name="guesses.1" label="Tipp 2" error={error} />
      <FormTextAreaField form={form} name="message" label="Nachricht" max={5000} />
      <button type="submit">Senden</button>
    </form>
  );
}

describe('FormTextField and FormTextAreaField', () => {
  it('label, hint and the form’s message beside the field (nested names too)', async () => {
    const user = userEvent.setup();
    render(<Fields />);
    const email = screen.getByLabelText('E-Mail-Adresse');
    expect(email).toHaveAttribute('name', 'email');
    expect(email).toHaveAccessibleDescription('Nur zur Antwort');
    expect(email).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Nur zur Antwort Bitte gib deine E-Mail-Adresse ein');
    expect(screen.getByLabelText('Tipp 2')).toHaveAccessibleDescription('Zweimal derselbe Name');
  });

  it('an error given to the field replaces the form’s', async () => {
    const user = userEvent.setup();
    render(<Fields error="Eigene Regel" />);
    expect(screen.getByLabelText('Tipp 2')).toHaveAccessibleDescription('Eigene Regel');
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    expect(screen.getByLabelText('Tipp 2')).toHaveAccessibleDescription('Eigene Regel');
  });

  it('counts the characters of a text area and limits it to max', async () => {
    const user = userEvent.setup();
    render(<Fields />);
    const message = screen.getByLabelText('Nachricht');
    expect(message).toHaveAttribute('maxLength', '5000');
    expect(message).toHaveAccessibleDescription('5 / 5.000 Zeichen');
    await user.type(message, ' Welt');
    expect(message).toHaveAccessibleDescription('10 / 5.000 Zeichen');
  });
});
