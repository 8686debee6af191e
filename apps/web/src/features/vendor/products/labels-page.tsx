import { formatEuro } from '@housnkuh/shared/format';
import type { LabelFormat, LabelsFormOutput } from '@housnkuh/shared/schemas/labels';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { FormRadioGroup } from '../../../components/form/choice-fields';
import { FormTextField } from '../../../components/form/field';
import { GroupError } from '../../../components/form/field-notes';
import { Form } from '../../../components/form/form';
import { SubmitOutcome } from '../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { SubmitButton } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { usePageMeta } from '../../../lib/page-meta';
import { useSiteSettings } from '../../../lib/site-settings';
import { vendorErrorMessage } from '../../../lib/vendor-area/profile';
import { useActiveProducts, useLabelsPdf, type LabelProduct } from './api/labels';
import { BackToDashboard } from '../../../components/vendor-area/back-to-dashboard';

interface LabelsValues {
  items: { id: string; count: string }[];
  format: LabelFormat;
  /** A4: the first free place of a partly used sheet ('' = 1) */
  start: string;
}

const validation = lazyZodResolver<LabelsValues, LabelsFormOutput>(
  async () => (await import('@housnkuh/shared/schemas/labels')).labelsFormSchema,
);

const FORMATS = [
  { value: 'rolle-50x30', label: 'Rollenetikett 50 × 30 mm (ein Etikett je Seite)' },
  { value: 'a4-3x8', label: 'A4-Bogen, 3 × 8 Etiketten à 70 × 37 mm' },
] as const;

/** /vendor/products/etiketten: price labels with the EAN-13 for the producer's active products. */
export function LabelsPage() {
  const settings = useSiteSettings();
  usePageMeta(
    'Etiketten drucken',
    `Preisetiketten mit EAN-Strichcode für deine Produkte bei ${settings.shopName}.`,
    settings.shopName,
  );
  const products = useActiveProducts();
  const [params] = useSearchParams();
  // ?produkte=<id>,<id>: the products whose price just changed, one label each
  const preselected = (params.get('produkte') ?? '').split(',').filter(Boolean);
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <BackToDashboard />
      <h1 className="text-3xl font-extrabold">Etiketten drucken</h1>
      <p className="mt-2 text-gray-800">
        Gib bei jedem Produkt an, wie viele Etiketten du brauchst, und wähle das Format. Jedes
        Etikett zeigt Name, Preis, Grundpreis, deinen Namen und den EAN-Strichcode für die Kasse.
      </p>
      {products.data === undefined && products.isError && !products.isFetching ? (
        <div className="mt-4">
          <LoadError title={products.error.message} onRetry={() => void products.refetch()} />
        </div>
      ) : products.data === undefined ? (
        <p className="mt-4" role="status">
          Produkte werden geladen …
        </p>
      ) : products.data.length === 0 ? (
        <p className="mt-4 text-gray-800">
          Du hast noch keine aktiven Produkte. Lege sie unter{' '}
          <Link to="/vendor/products" className="font-semibold underline underline-offset-2">
            Produkte
          </Link>{' '}
          an.
        </p>
      ) : (
        <LabelsForm products={products.data} preselected={preselected} />
      )}
    </div>
  );
}

function LabelsForm({
  products,
  preselected,
}: {
  products: LabelProduct[];
  preselected: readonly string[];
}) {
  const chosen = products.filter((product) => preselected.includes(product.id));
  const pdf = useLabelsPdf();
  const [link, setLink] = useState<string>();
  // the last PDF's link lives until the next one or the page is left
  useEffect(() => () => void (link && URL.revokeObjectURL(link)), [link]);
  const { form, outcome, busy, formProps } = useSchemaForm<
    LabelsValues,
    { url: string; count: number },
    unknown,
    LabelsFormOutput
  >({
    validation,
    defaultValues: {
      items: products.map((product) => ({
        id: product.id,
        count: preselected.includes(product.id) ? '1' : '',
      })),
      format: 'rolle-50x30',
      start: '',
    },
    submit: (choice) => pdf.mutateAsync(choice),
    pending: pdf.isPending,
    errorMessage: vendorErrorMessage,
    successMessage: ({ count }) =>
      count === 1
        ? 'Dein PDF mit 1 Etikett ist erstellt und wird heruntergeladen.'
        : `Dein PDF mit ${count} Etiketten ist erstellt und wird heruntergeladen.`,
    onSuccess: ({ url }) => setLink(url),
  });
  const format = useWatch({ control: form.control, name: 'format' });
  return (
    <Form formProps={formProps} className="mt-6 space-y-6">
      {chosen.length > 0 && (
        <p className="rounded-lg bg-white p-3 shadow-sm">
          Vorausgewählt, weil sich der Preis geändert hat:{' '}
          <strong>{chosen.map((product) => product.name).join(', ')}</strong> (je 1 Etikett).
        </p>
      )}
      <fieldset>
        <legend className="text-lg font-bold">Anzahl Etiketten je Produkt</legend>
        <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {products.map((product, index) => (
            <FormTextField
              key={product.id}
              form={form}
              name={`items.${index}.count`}
              label={product.name}
              hint={`${formatEuro(product.priceCents)} / ${product.unit} · EAN ${product.ean}`}
              inputMode="numeric"
              autoComplete="off"
              maxLength={3}
            />
          ))}
        </div>
        <GroupError form={form} name="items" />
      </fieldset>
      <FormRadioGroup form={form} name="format" legend="Format" choices={FORMATS} />
      {format === 'a4-3x8' && (
        <div className="max-w-sm">
          <FormTextField
            form={form}
            name="start"
            label="Erstes freies Etikett auf dem Bogen"
            hint="Für einen angebrochenen Bogen: zeilenweise von links oben gezählt, 1 = links oben, 24 = rechts unten. Leer lassen für einen neuen Bogen."
            inputMode="numeric"
            autoComplete="off"
            maxLength={2}
          />
        </div>
      )}
      <SubmitButton busy={busy} busyLabel="PDF wird erstellt …">
        PDF erstellen
      </SubmitButton>
      <SubmitOutcome
        outcome={outcome}
        success={() =>
          link ? (
            <p className="mt-2">
              <a
                href={link}
                target="_blank"
                rel="noreferrer"
                className="font-semibold underline underline-offset-2"
              >
                PDF öffnen und drucken
              </a>
            </p>
          ) : null
        }
      />
    </Form>
  );
}
