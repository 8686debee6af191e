import { formatEuro } from '@housnkuh/shared/format';
import {
  basePrice,
  CONTENT_MEASURES,
  contentInThousandths,
  SELLING_UNITS,
  type ContentMeasure,
} from '@housnkuh/shared/products';
import type { Product, VatChoice } from '@housnkuh/shared/schemas/products';
import { useWatch } from 'react-hook-form';
import { FormTextAreaField, FormTextField } from '../form/field';
import { FormButtons } from '../form/form-buttons';
import { Form } from '../form/form';
import { FormMoneyField } from '../form/money-field';
import { FormSelectField } from '../form/select-field';
import { SubmitOutcome } from '../form/submit-outcome';
import { useSchemaForm } from '../form/use-schema-form';
import { lazyZodResolver } from '../../lib/lazy-resolver';

export interface ProductValues {
  name: string;
  beschreibung: string;
  priceCents: number | undefined;
  unit: string;
  vatRate: string;
  inhalt: string;
  inhaltEinheit: string;
  ean: string;
  /** The deposit (Pfand) the product carries: the till's deposit code and its gross amount. */
  deposit: { ean: string; cents: number | undefined };
}

/** '0,5' or '250' → the number; anything else → null. */
function amountOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(?:[.,]\d+)?$/.test(trimmed)) return null;
  return Number(trimmed.replace(',', '.'));
}

/** The base price (PAngV) of what is typed, while it is typed: '13,00 € je 1 kg' or null. */
export function basePriceText(
  priceCents: number | undefined,
  inhalt: string,
  measure: string,
): string | null {
  const amount = amountOf(inhalt);
  const thousandths = amount === null ? null : contentInThousandths(amount);
  if (
    typeof priceCents !== 'number' ||
    !Number.isInteger(priceCents) ||
    priceCents <= 0 ||
    thousandths === null ||
    !(CONTENT_MEASURES as readonly string[]).includes(measure)
  )
    return null;
  const base = basePrice(priceCents, thousandths, measure as ContentMeasure);
  return `${formatEuro(base.cents)} je ${base.per}`;
}

const percentText = (rate: number) => String(rate).replace('.', ',');

function toValues(product: Product | undefined, vatRates: readonly VatChoice[]): ProductValues {
  return {
    name: product?.name ?? '',
    beschreibung: product?.beschreibung ?? '',
    priceCents: product?.priceCents,
    unit: product?.unit ?? '',
    vatRate: product
      ? percentText(product.vatRate)
      : vatRates.length === 1
        ? percentText(vatRates[0]!.vatRate)
        : '',
    inhalt: product?.inhalt == null ? '' : percentText(product.inhalt),
    inhaltEinheit: product?.inhaltEinheit ?? '',
    ean: '',
    deposit: { ean: product?.deposit?.ean ?? '', cents: product?.deposit?.cents ?? undefined },
  };
}

/** The deposit as the API takes it: both given (the schema checks them), none (null), or left out. */
function depositOf(values: ProductValues, editing: boolean) {
  const ean = values.deposit.ean.trim();
  const cents = values.deposit.cents;
  if (ean === '' && (cents === undefined || cents === null)) return editing ? null : undefined;
  return { ean, cents };
}

/** The body the API takes: blanks left out on create; on a change the content both or null. */
function toBody(values: ProductValues, editing: boolean) {
  const body: Record<string, unknown> = {
    name: values.name,
    priceCents: values.priceCents,
    unit: values.unit,
    vatRate: values.vatRate,
    beschreibung: values.beschreibung,
    inhalt: values.inhalt,
    inhaltEinheit: values.inhaltEinheit,
  };
  const deposit = depositOf(values, editing);
  if (deposit !== undefined) body.deposit = deposit;
  if (editing) {
    if (values.inhalt.trim() === '' && values.inhaltEinheit === '') {
      body.inhalt = null;
      body.inhaltEinheit = null;
    }
  } else {
    if (values.ean.trim() !== '') body.ean = values.ean;
    if (values.beschreibung.trim() === '') delete body.beschreibung;
    if (values.inhalt.trim() === '' && values.inhaltEinheit === '') {
      delete body.inhalt;
      delete body.inhaltEinheit;
    }
  }
  return body;
}

const createValidation = lazyZodResolver<ProductValues, unknown>(
  async () => (await import('@housnkuh/shared/schemas/products')).productCreateSchema,
  (values) => toBody(values, false),
);
const updateValidation = lazyZodResolver<ProductValues, unknown>(
  async () => (await import('@housnkuh/shared/schemas/products')).productUpdateSchema,
  (values) => toBody(values, true),
);

/**
 * A product's fields (create, or change an existing one): name, description, gross price in
 * euros, selling unit, VAT rate of the given choices, content with its measure and the base
 * price shown as it is typed, when created an own EAN (else the shop assigns one), and the
 * deposit (Pfand) it carries, if any: the till's deposit code and the amount.
 */
export function ProductForm<R extends { message?: string | undefined }>({
  product,
  vatRates,
  idPrefix,
  submit,
  pending,
  errorMessage,
  onSaved,
  onCancel,
  submitLabel,
}: {
  product?: Product;
  vatRates: readonly VatChoice[];
  /** Keeps the ids of several forms on one page apart. */
  idPrefix: string;
  submit: (body: unknown) => Promise<R>;
  pending: boolean;
  errorMessage: (error: unknown) => string;
  onSaved?: (result: R) => void;
  onCancel?: () => void;
  submitLabel: string;
}) {
  const editing = product !== undefined;
  const { form, outcome, busy, formProps } = useSchemaForm<ProductValues, R, unknown, unknown>({
    validation: editing ? updateValidation : createValidation,
    defaultValues: toValues(product, vatRates),
    submit,
    pending,
    errorMessage,
    onSuccess: (result) => onSaved?.(result),
    resetOnSuccess: !editing,
  });
  const [priceCents, inhalt, inhaltEinheit] = useWatch({
    control: form.control,
    name: ['priceCents', 'inhalt', 'inhaltEinheit'],
  });
  const base = basePriceText(priceCents, inhalt, inhaltEinheit);
  // a rate the product has but the producer may no longer choose stays selectable
  const rates =
    product && !vatRates.some((rate) => rate.vatRate === product.vatRate)
      ? [...vatRates, { vatRate: product.vatRate, label: `${percentText(product.vatRate)} %` }]
      : vatRates;
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <Form formProps={formProps} className="space-y-4" aria-label={submitLabel}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField form={form} name="name" id={id('name')} label="Name" maxLength={120} />
        <FormMoneyField
          form={form}
          name="priceCents"
          id={id('price')}
          label="Preis in Euro (brutto)"
          hint="Der Preis je Verkaufseinheit, mit Mehrwertsteuer."
        />
        <FormSelectField
          form={form}
          name="unit"
          id={id('unit')}
          label="Verkaufseinheit"
          options={[
            { value: '', label: 'Bitte wählen' },
            ...SELLING_UNITS.map((unit) => ({ value: unit, label: unit })),
          ]}
        />
        <FormSelectField
          form={form}
          name="vatRate"
          id={id('vat')}
          label="Mehrwertsteuersatz"
          options={[
            ...(rates.length === 1 ? [] : [{ value: '', label: 'Bitte wählen' }]),
            ...rates.map((rate) => ({ value: percentText(rate.vatRate), label: rate.label })),
          ]}
        />
        <FormTextField
          form={form}
          name="inhalt"
          id={id('inhalt')}
          label="Inhalt"
          optional
          inputMode="decimal"
          maxLength={12}
          hint="Zum Beispiel 250 (g) oder 0,5 (l). Daraus berechnen wir den Grundpreis."
        />
        <FormSelectField
          form={form}
          name="inhaltEinheit"
          id={id('measure')}
          label="Maßeinheit des Inhalts"
          optional
          options={[
            { value: '', label: 'Keine' },
            ...CONTENT_MEASURES.map((measure) => ({ value: measure, label: measure })),
          ]}
        />
      </div>
      <p aria-live="polite" className="font-semibold">
        {base
          ? `Grundpreis: ${base}`
          : 'Grundpreis: erscheint, wenn Preis und Inhalt angegeben sind.'}
      </p>
      {editing ? (
        <p>
          EAN: <span className="font-mono">{product.ean}</span> (kann nicht mehr geändert werden)
        </p>
      ) : (
        <FormTextField
          form={form}
          name="ean"
          id={id('ean')}
          label="Eigene EAN (GTIN)"
          optional
          inputMode="numeric"
          maxLength={20}
          autoComplete="off"
          hint="Die 13 Ziffern unter dem Strichcode deiner Verpackung. Leer lassen: Der Laden vergibt eine eigene Nummer (beginnt mit 20). Später nicht mehr änderbar."
        />
      )}
      <fieldset className="space-y-2">
        <legend className="font-semibold">Pfand</legend>
        <p className="text-sm text-gray-800">
          Hat das Produkt Pfand (Flasche, Glas)? Gib an, wie die Kasse das Pfand bonniert und wie
          viel es kostet: Das Pfand gehört dann zu deinem Verkauf. Beides leer lassen: kein Pfand.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormTextField
            form={form}
            name="deposit.ean"
            id={id('deposit-ean')}
            label="Pfand-EAN (Kassen-Code)"
            optional
            maxLength={40}
            autoComplete="off"
            hint="Zum Beispiel PFAND-MEHRWEG oder die Nummer auf dem Pfand-Etikett."
          />
          <FormMoneyField
            form={form}
            name="deposit.cents"
            id={id('deposit-cents')}
            label="Pfandbetrag in Euro"
            optional
            hint="Zum Beispiel 0,15 oder 0,25."
          />
        </div>
      </fieldset>
      <FormTextAreaField
        form={form}
        name="beschreibung"
        id={id('beschreibung')}
        label="Beschreibung"
        optional
        max={1000}
        rows={3}
      />
      <FormButtons busy={busy} busyLabel="Wird gespeichert..." onCancel={onCancel}>
        {submitLabel}
      </FormButtons>
      <SubmitOutcome outcome={outcome} successTitle="Gespeichert" errorTitle="Nicht gespeichert" />
    </Form>
  );
}
