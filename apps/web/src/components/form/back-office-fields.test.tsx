import { extraordinaryTerminationSchema } from '@housnkuh/shared/schemas/admin-rental';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { adminErrorMessage } from '../../lib/admin-api';
import { ApiError } from '../../lib/api';
import { lazyZodResolver } from '../../lib/lazy-resolver';
import { FormCheckboxField, FormCheckboxList, FormRadioGroup } from './choice-fields';
import { FormDateField } from './date-field';
import { FormTextField } from './field';
import { Form } from './form';
import { FromDayForm } from './from-day-form';
import { FormMoneyField } from './money-field';
import { FormSelectField } from './select-field';
import { SubmitOutcome } from './submit-outcome';
import { useSchemaForm } from './use-schema-form';
import { SubmitButton } from '../ui/button';

const PRICE = 'Bitte gib einen Monatspreis zwischen 0,00 € und 10.000,00 € ein.';
const UNITS = 'Bitte wähle mindestens ein Mietfach.';

const schema = z.strictObject({
  model: z.enum(['basic', 'premium'], { error: 'Bitte wähle ein Modell.' }),
  start: z.string({ error: 'Bitte ein Datum angeben' }),
  end: z.string().nullable(),
  price: z.number({ error: PRICE }).int({ error: PRICE }).min(0, { error: PRICE }).optional(),
  units: z.array(z.string()).min(1, { error: UNITS }),
  prices: z.record(z.string(), z.number({ error: PRICE })),
  storage: z.boolean(),
  who: z.enum(['vendor', 'shop']),
});
type Values = {
  model: string;
  start?: string | undefined;
  end: string | null;
  price?: number | undefined;
  units: string[];
  prices: Record<string, number | undefined>;
  storage: boolean;
  who: string;
};
/** The body drops the prices of units not chosen, as the contract forms do. */
const toBody = (values: Values) => ({
  ...values,
  prices: Object.fromEntries(values.units.map((id) => [id, values.prices[id]])),
});
const validation = lazyZodResolver<Values>(async () => schema, toBody);

function BackOffice({ submit }: { submit: (values: Values) => Promise<{ message: string }> }) {
  const { form, outcome, busy, formProps } = useSchemaForm({
    validation,
    defaultValues: {
      model: 'basic',
      start: '2026-03-01',
      end: null,
      price: 3550,
      units: ['k1'],
      prices: { k1: 4000 },
      storage: false,
      who: 'vendor',
    },
    submit: (values: Values) => submit(toBody(values) as Values),
    errorMessage: adminErrorMessage,
  });
  return (
    <Form formProps={formProps} aria-label="Vertrag">
      <FormSelectField
        form={form}
        name="model"
        label="Modell"
        hint="Provision"
        options={[
          { value: 'basic', label: 'Basismodell' },
          { value: 'premium', label: 'Premium-Modell' },
        ]}
      />
      <FormDateField form={form} name="start" label="Beginn" />
      <FormDateField form={form} name="end" label="Ende" nullable />
      <FormMoneyField form={form} name="price" label="Preis" />
      <FormCheckboxList
        form={form}
        name="units"
        legend="Mietfächer"
        choices={[
          { value: 'k1', label: 'K1' },
          { value: 'k2', label: 'K2' },
        ]}
        extra={(id) => (
          <FormMoneyField form={form} name={`prices.${id}`} label={`Preis ${id.toUpperCase()}`} />
        )}
      />
      <FormCheckboxField form={form} name="storage" label="Lagerservice" />
      <FormRadioGroup
        form={form}
        name="who"
        legend="Wer kündigt?"
        choices={[
          { value: 'vendor', label: 'Der Direktvermarkter' },
          { value: 'shop', label: 'Der Laden' },
        ]}
      />
      <SubmitOutcome outcome={outcome} />
      <SubmitButton busy={busy}>Speichern</SubmitButton>
    </Form>
  );
}

describe('the back office fields', () => {
  it('a select, days, money in euros, a list of choices, a box and radios: labelled, sent as the schema wants', async () => {
    const user = userEvent.setup();
    const submit = vi.fn(async () => ({ message: 'Gespeichert.' }));
    render(<BackOffice submit={submit} />);
    expect(screen.getByRole('form', { name: 'Vertrag' })).toHaveAttribute('method', 'post');
    expect(screen.getByLabelText('Modell')).toHaveAccessibleDescription('Provision');
    expect(screen.getByLabelText('Preis')).toHaveValue('35,50');
    expect(screen.getByLabelText('Preis K1')).toHaveValue('40,00');
    expect(screen.getByRole('group', { name: 'Mietfächer' })).toBeVisible();

    await user.selectOptions(screen.getByLabelText('Modell'), 'premium');
    await user.clear(screen.getByLabelText('Preis'));
    await user.type(screen.getByLabelText('Preis'), '1.200,5');
    await user.type(screen.getByLabelText('Ende'), '2026-12-31');
    // a unit taken and left again: its price does not go with the body
    await user.click(screen.getByRole('checkbox', { name: 'K2' }));
    await user.type(screen.getByLabelText('Preis K2'), '12');
    await user.click(screen.getByRole('checkbox', { name: 'K2' }));
    expect(screen.queryByLabelText('Preis K2')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Lagerservice' }));
    await user.click(screen.getByRole('radio', { name: 'Der Laden' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    await waitFor(() =>
      expect(submit).toHaveBeenCalledWith({
        model: 'premium',
        start: '2026-03-01',
        end: '2026-12-31',
        price: 120050,
        units: ['k1'],
        prices: { k1: 4000 },
        storage: true,
        who: 'shop',
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Gespeichert.');
  });

  it('empty fields: a day left out (or null), no amount; what is no amount explains itself', async () => {
    const user = userEvent.setup();
    const submit = vi.fn(async () => ({ message: 'ok' }));
    render(<BackOffice submit={submit} />);
    await user.clear(screen.getByLabelText('Beginn'));
    await user.clear(screen.getByLabelText('Preis'));
    await user.type(screen.getByLabelText('Preis K1'), 'x');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Bitte ein Datum angeben')).toBeVisible();
    expect(screen.getByLabelText('Beginn')).toHaveAttribute('aria-invalid', 'true');
    // the price kept its text '40,00x': not an amount, so the field says how to write one
    expect(screen.getByLabelText('Preis K1')).toHaveAccessibleDescription(
      'Bitte gib den Betrag in Euro ein, z. B. 35 oder 35,00.',
    );
    expect(screen.getByLabelText('Preis')).not.toHaveAttribute('aria-invalid');
    expect(submit).not.toHaveBeenCalled();

    // no unit at all
    await user.click(screen.getByRole('checkbox', { name: 'K1' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText(UNITS)).toBeVisible();
    expect(screen.getByRole('group', { name: 'Mietfächer' })).toHaveAccessibleDescription(UNITS);
  });

  it("the server's field errors land on their fields; the alert does not repeat them", async () => {
    const user = userEvent.setup();
    const submit = vi.fn(async () => {
      throw new ApiError(
        'http',
        'Bitte begründe den geänderten Preis.',
        400,
        [
          { field: 'model', message: 'Bitte begründe den geänderten Preis.' },
          { field: 'model', message: 'Und noch etwas.' },
        ],
        ['Bitte begründe den geänderten Preis.', 'Und noch etwas.'],
      );
    });
    render(<BackOffice submit={submit} />);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Bitte korrigiere die markierten Felder');
    expect(screen.getByLabelText('Modell')).toHaveAccessibleDescription(
      'Provision Bitte begründe den geänderten Preis. Und noch etwas.',
    );
    expect(screen.getAllByText(/Bitte begründe/)).toHaveLength(1);
  });
});

function Amount() {
  const { form, formProps } = useSchemaForm({
    validation: lazyZodResolver<{ price?: number | undefined }>(async () =>
      z.object({ price: z.number().optional() }),
    ),
    defaultValues: { price: 500 },
    submit: async () => ({}),
    errorMessage: () => 'Fehler',
  });
  return (
    <Form formProps={formProps}>
      <FormMoneyField form={form} name="price" label="Preis" />
      <SubmitButton busy={false}>Prüfen</SubmitButton>
      <button type="button" onClick={() => form.reset({ price: 123456 })}>
        Zurücksetzen
      </button>
      <button type="button" onClick={() => form.setValue('price', undefined)}>
        Leeren
      </button>
    </Form>
  );
}

describe('FormMoneyField', () => {
  it('keeps the text as typed, and shows a value set from outside (reset, setValue)', async () => {
    const user = userEvent.setup();
    render(<Amount />);
    const price = screen.getByLabelText('Preis');
    expect(price).toHaveValue('5,00');
    await user.clear(price);
    await user.type(price, '7,5');
    expect(price).toHaveValue('7,5');
    await user.click(screen.getByRole('button', { name: 'Zurücksetzen' }));
    expect(price).toHaveValue('1.234,56');
    await user.click(screen.getByRole('button', { name: 'Leeren' }));
    expect(price).toHaveValue('');
  });

  it('an amount the schema refuses takes the focus, and is checked again as it is corrected', async () => {
    const user = userEvent.setup();
    render(<Amount />);
    const price = screen.getByLabelText('Preis');
    await user.clear(price);
    await user.type(price, 'zwölf');
    await user.click(screen.getByRole('button', { name: 'Prüfen' }));
    await waitFor(() => expect(price).toHaveFocus());
    expect(price).toHaveAccessibleDescription(
      'Bitte gib den Betrag in Euro ein, z. B. 35 oder 35,00.',
    );
    await user.clear(price);
    await user.type(price, '12');
    await waitFor(() => expect(price).not.toHaveAttribute('aria-invalid'));
  });
});

type Ending = z.input<typeof extraordinaryTerminationSchema>;
const endingValidation = lazyZodResolver<Ending>(async () => extraordinaryTerminationSchema);

function Ending({ send }: { send: (values: Ending) => Promise<{ message: string }> }) {
  const schemaForm = useSchemaForm({
    validation: endingValidation,
    defaultValues: { endDate: '2026-05-31', reason: '' },
    submit: send,
    errorMessage: adminErrorMessage,
  });
  return (
    <FromDayForm
      schemaForm={schemaForm}
      lead={<p>Etwa bei Zahlungsverzug.</p>}
      day={{ name: 'endDate', label: 'Vertragsende', min: '2026-01-01' }}
      text={{ name: 'reason', label: 'Grund', max: 1000 }}
      submitLabel="Außerordentlich kündigen"
      actions={<button type="button">Abbrechen</button>}
    />
  );
}

describe('FromDayForm', () => {
  it('a day, a reason and one button, checked by the shared schema', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async (_values: Ending) => ({ message: 'Gekündigt.' }));
    render(<Ending send={send} />);
    expect(screen.getByText('Etwa bei Zahlungsverzug.')).toBeVisible();
    expect(screen.getByLabelText('Vertragsende')).toHaveAttribute('min', '2026-01-01');
    expect(screen.getByRole('button', { name: 'Abbrechen' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Außerordentlich kündigen' }));
    expect(
      await screen.findByText('Bitte gib den Grund der außerordentlichen Kündigung an.'),
    ).toBeVisible();
    expect(send).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Grund'), '  Zahlungsverzug  ');
    await user.click(screen.getByRole('button', { name: 'Außerordentlich kündigen' }));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith({ endDate: '2026-05-31', reason: 'Zahlungsverzug' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Gekündigt.');
  });
});

function TwoButtons({
  save,
  preview,
}: {
  save: (values: { text: string }) => Promise<{ message: string }>;
  preview: (values: { text: string }) => Promise<{ message: string }>;
}) {
  const { form, outcome, busy, formProps, action, actionProps } = useSchemaForm({
    validation: lazyZodResolver<{ text: string }>(async () =>
      z.object({ text: z.string().min(1, { error: 'Bitte Text' }) }),
    ),
    defaultValues: { text: '' },
    submit: save,
    actions: { preview },
    errorMessage: () => 'Fehler',
  });
  return (
    <Form formProps={formProps}>
      <FormTextField form={form} name="text" label="Text" />
      <SubmitOutcome outcome={outcome} />
      <p>Zuletzt: {action ?? 'speichern'}</p>
      <SubmitButton busy={busy}>Speichern</SubmitButton>
      <SubmitButton busy={busy} {...actionProps('preview')}>
        Vorschau
      </SubmitButton>
    </Form>
  );
}

describe('useSchemaForm with further submit buttons (actions)', () => {
  it('each button its call, both checked by the schema; Enter is the first button', async () => {
    const user = userEvent.setup();
    const save = vi.fn(async () => ({ message: 'Gespeichert' }));
    const preview = vi.fn(async () => ({ message: 'So sieht es aus' }));
    render(<TwoButtons save={save} preview={preview} />);
    await user.click(screen.getByRole('button', { name: 'Vorschau' }));
    expect(await screen.findByText('Bitte Text')).toBeVisible();
    expect(preview).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Text'), 'Hallo');
    await user.click(screen.getByRole('button', { name: 'Vorschau' }));
    expect(await screen.findByRole('status')).toHaveTextContent('So sieht es aus');
    expect(preview).toHaveBeenCalledWith({ text: 'Hallo' });
    expect(screen.getByText('Zuletzt: preview')).toBeVisible();
    await user.type(screen.getByLabelText('Text'), '{Enter}');
    await waitFor(() => expect(save).toHaveBeenCalledWith({ text: 'Hallo' }));
    expect(preview).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Zuletzt: speichern')).toBeVisible();
  });
});
