import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/api';
import { lazyZodResolver } from '../../lib/lazy-resolver';
import { FormTextField } from './field';
import { FormFailure } from './form-failure';
import { SubmitOutcome } from './submit-outcome';
import { useSchemaForm, type SchemaFormOptions } from './use-schema-form';

const schema = z.object({
  name: z.string().trim().min(1, 'Bitte gib deinen Namen ein'),
  email: z.string().trim().toLowerCase().email('Bitte gib eine gültige E-Mail-Adresse ein'),
});
type Values = z.infer<typeof schema>;

const load = vi.fn(async () => schema);
const validation = lazyZodResolver<Values>(load);

type Options = Pick<SchemaFormOptions<Values, { message: string }>, 'submit'> &
  Partial<SchemaFormOptions<Values, { message: string }>>;

function TestForm(options: Options) {
  const { form, outcome, busy, formProps } = useSchemaForm({
    validation,
    defaultValues: { name: '', email: '' },
    errorMessage: () => 'Das hat nicht geklappt.',
    ...options,
  });
  return (
    <form {...formProps} aria-label="Testformular">
      <SubmitOutcome outcome={outcome} successTitle="Gesendet" errorTitle="Nicht gesendet" />
      <FormTextField form={form} name="name" label="Name" />
      <FormTextField form={form} name="email" label="E-Mail-Adresse" type="email" />
      <button type="submit">{busy ? 'Wird gesendet...' : 'Senden'}</button>
    </form>
  );
}

async function fill(user: ReturnType<typeof userEvent.setup>, name: string, email: string) {
  if (name) await user.type(screen.getByLabelText('Name'), name);
  if (email) await user.type(screen.getByLabelText('E-Mail-Adresse'), email);
}

describe('useSchemaForm', () => {
  it('gives the form post, no browser validation, and loads the schema on first focus', async () => {
    const user = userEvent.setup();
    load.mockClear();
    render(<TestForm submit={vi.fn()} />);
    const form = screen.getByRole('form', { name: 'Testformular' });
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('novalidate');
    expect(form).toHaveAttribute('aria-busy', 'false');
    await user.click(screen.getByLabelText('Name'));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
  });

  it('checks the values with the schema before sending anything', async () => {
    const user = userEvent.setup();
    const submit = vi.fn(async () => ({ message: 'ok' }));
    render(<TestForm submit={submit} />);
    await fill(user, '', 'kein-at');
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    expect(await screen.findByText('Bitte gib deinen Namen ein')).toBeVisible();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('E-Mail-Adresse')).toHaveAccessibleDescription(
      'Bitte gib eine gültige E-Mail-Adresse ein',
    );
    expect(submit).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends the parsed values, shows the answer in a focused success box and empties the fields', async () => {
    const user = userEvent.setup();
    let answer: (value: { message: string }) => void = () => {};
    const submit = vi.fn(
      (_values: Values) => new Promise<{ message: string }>((resolve) => (answer = resolve)),
    );
    render(<TestForm submit={submit} resetOnSuccess />);
    await fill(user, ' Anna ', 'Anna@Beispiel.de');
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    await waitFor(() =>
      expect(submit).toHaveBeenCalledWith({ name: 'Anna', email: 'anna@beispiel.de' }),
    );
    expect(screen.getByRole('form')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Wird gesendet...' })).toBeVisible();

    answer({ message: 'Danke, Anna!' });
    const box = await screen.findByRole('status');
    expect(box).toHaveTextContent('GesendetDanke, Anna!');
    expect(box).toHaveFocus();
    expect(box.parentElement).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByRole('form')).toHaveAttribute('aria-busy', 'false');
  });

  it("puts the server's field errors beside their fields and the message in a focused error box", async () => {
    const user = userEvent.setup();
    const submit = vi.fn(async () => {
      throw new ApiError('http', 'Bitte korrigiere die markierten Felder', 400, [
        { field: 'email', message: 'Diese Adresse ist schon angemeldet' },
        { field: 'unknown', message: 'Gibt es hier nicht' },
      ]);
    });
    render(
      <TestForm
        submit={submit}
        errorMessage={(error) => (error instanceof ApiError ? error.serverMessage! : 'x')}
      />,
    );
    await fill(user, 'Anna', 'anna@beispiel.de');
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Nicht gesendetBitte korrigiere die markierten Felder');
    expect(alert).toHaveFocus();
    expect(screen.getByLabelText('E-Mail-Adresse')).toHaveAccessibleDescription(
      'Diese Adresse ist schon angemeldet',
    );
    expect(screen.getByLabelText('E-Mail-Adresse')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Gibt es hier nicht')).toBeNull();
    // the input stays for another try
    expect(screen.getByLabelText('Name')).toHaveValue('Anna');
  });

  it('puts only the listed server field errors on fields (serverFields)', async () => {
    const user = userEvent.setup();
    const submit = vi.fn(async () => {
      throw new ApiError('http', 'Ungültig', 400, [{ field: 'email', message: 'Falsch' }]);
    });
    render(<TestForm submit={submit} serverFields={['name']} />);
    await fill(user, 'Anna', 'anna@beispiel.de');
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Das hat nicht geklappt.');
    expect(screen.getByLabelText('E-Mail-Adresse')).not.toHaveAttribute('aria-invalid');
  });

  it("takes a FormFailure's message as it is, and announces and focuses each new failure", async () => {
    const user = userEvent.setup();
    let count = 0;
    const submit = vi.fn(async () => {
      count += 1;
      throw new FormFailure(`Fehlversuch ${count}`, { status: 401 });
    });
    render(<TestForm submit={submit} />);
    await fill(user, 'Anna', 'anna@beispiel.de');
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    const first = await screen.findByRole('alert');
    expect(first).toHaveTextContent('Fehlversuch 1');
    expect(first).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Senden' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Fehlversuch 2'));
    expect(screen.getByRole('alert')).toHaveFocus();
    expect(screen.getByRole('alert')).not.toBe(first);
  });

  it('runs onSuccess before showing the success, with the answer and the values', async () => {
    const user = userEvent.setup();
    const onSuccess = vi.fn();
    render(
      <TestForm
        submit={async () => ({ message: 'Ok' })}
        onSuccess={onSuccess}
        successMessage={(result) => `${result.message}!`}
      />,
    );
    await fill(user, 'Anna', 'anna@beispiel.de');
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Ok!');
    expect(onSuccess).toHaveBeenCalledWith(
      { message: 'Ok' },
      { name: 'Anna', email: 'anna@beispiel.de' },
    );
  });
});
