import { exportPeriodQuerySchema } from '@housnkuh/shared/schemas/billing';
import { salesCsvFormSchema } from '@housnkuh/shared/schemas/sales';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { adminErrorMessage } from '../../lib/admin-api';
import { lazyZodResolver } from '../../lib/lazy-resolver';
import { SubmitButton } from '../ui/button';
import { FormFileField } from './file-field';
import { Form } from './form';
import { FormPeriodField } from './period-field';
import { SubmitOutcome } from './submit-outcome';
import { useSchemaForm } from './use-schema-form';

type Upload = { file?: Blob | undefined };
const uploadValidation = lazyZodResolver<Upload, { file: Blob }>(async () => salesCsvFormSchema);

function UploadForm({
  send,
  chosen = () => {},
}: {
  send: (file: Blob) => Promise<{ message: string }>;
  chosen?: (file: File | undefined) => void;
}) {
  const { form, outcome, busy, formProps } = useSchemaForm({
    validation: uploadValidation,
    defaultValues: { file: undefined },
    submit: (values: { file: Blob }) => send(values.file),
    errorMessage: adminErrorMessage,
    resetOnSuccess: true,
  });
  return (
    <Form formProps={formProps} aria-label="Import">
      <FormFileField
        form={form}
        name="file"
        label="CSV-Datei"
        hint="Die Datei der Kasse, höchstens 10 MB."
        accept=".csv,text/csv"
        onChosen={chosen}
      />
      <SubmitOutcome outcome={outcome} />
      <SubmitButton busy={busy}>Importieren</SubmitButton>
    </Form>
  );
}

type Period = { from?: string | undefined; to?: string | undefined; nach: string };
const periodValidation = lazyZodResolver<Period>(async () => exportPeriodQuerySchema);

function PeriodForm({ send }: { send: (period: Period) => Promise<{ message: string }> }) {
  const { form, outcome, busy, formProps } = useSchemaForm({
    validation: periodValidation,
    defaultValues: { from: '2026-09-01', to: '2026-09-30', nach: 'leistungsmonat' },
    submit: send,
    errorMessage: adminErrorMessage,
  });
  return (
    <Form formProps={formProps} aria-label="Exporte">
      <FormPeriodField
        form={form}
        from="from"
        to="to"
        legend="Zeitraum"
        hint="Beide Tage zählen mit."
      />
      <SubmitOutcome outcome={outcome} />
      <SubmitButton busy={busy}>Belegliste (CSV)</SubmitButton>
    </Form>
  );
}

const csv = (text: string) => new File([text], 'kasse.csv', { type: 'text/csv' });

describe('the file field', () => {
  it('is labelled and described; without a file or with an empty one it says so in German beside it', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => ({ message: 'Importiert.' }));
    render(<UploadForm send={send} />);
    const field = screen.getByLabelText('CSV-Datei');
    expect(field).toHaveAttribute('type', 'file');
    expect(field).toHaveAccessibleDescription('Die Datei der Kasse, höchstens 10 MB.');

    await user.click(screen.getByRole('button', { name: 'Importieren' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        'Die Datei der Kasse, höchstens 10 MB. Bitte wähle die CSV-Datei der Kasse.',
      ),
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    // the first field in error takes the focus
    expect(field).toHaveFocus();

    await user.upload(field, csv(''));
    await user.click(screen.getByRole('button', { name: 'Importieren' }));
    expect(await screen.findByText('Die Datei ist leer.')).toBeVisible();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the chosen file, reachable by keyboard, and is empty again after a success', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async (_file: Blob) => ({ message: 'Importiert.' }));
    const chosen = vi.fn();
    render(<UploadForm send={send} chosen={chosen} />);
    await user.tab();
    const field = screen.getByLabelText('CSV-Datei');
    expect(field).toHaveFocus();
    const file = csv('beleg;position\nB1;1\n');
    await user.upload(field, file);
    expect(chosen).toHaveBeenCalledWith(file);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Importieren' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Importiert.')).toBeVisible();
    expect(send).toHaveBeenCalledWith(file);
    expect((field as HTMLInputElement).value).toBe('');
    expect(field).not.toHaveAttribute('aria-invalid');
  });
});

describe('the period field', () => {
  it('two labelled days in a group; the schema’s order rule lands on the last day, in German', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => ({ message: 'Heruntergeladen.' }));
    render(<PeriodForm send={send} />);
    const group = screen.getByRole('group', { name: 'Zeitraum' });
    expect(group).toHaveAccessibleDescription('Beide Tage zählen mit.');
    const from = screen.getByLabelText('Von');
    const to = screen.getByLabelText('Bis');
    expect(from).toHaveAttribute('type', 'date');
    expect(from).toHaveValue('2026-09-01');

    await user.clear(to);
    await user.type(to, '2026-08-31');
    await user.click(screen.getByRole('button', { name: 'Belegliste (CSV)' }));
    await waitFor(() =>
      expect(to).toHaveAccessibleDescription(
        'Das Ende des Zeitraums darf nicht vor seinem Beginn liegen',
      ),
    );
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(from).not.toHaveAttribute('aria-invalid');
    expect(send).not.toHaveBeenCalled();

    await user.clear(to);
    await user.type(to, '2026-09-30');
    await user.click(screen.getByRole('button', { name: 'Belegliste (CSV)' }));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith({
        from: '2026-09-01',
        to: '2026-09-30',
        nach: 'leistungsmonat',
      }),
    );
  });
});
