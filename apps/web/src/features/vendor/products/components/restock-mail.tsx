import type { RestockMailMode } from '@housnkuh/shared/schemas/inventory';
import { FormRadioGroup } from '../../../../components/form/choice-fields';
import { Form } from '../../../../components/form/form';
import { SubmitOutcome } from '../../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../../components/form/use-schema-form';
import { Button } from '../../../../components/ui/button';
import { LoadError } from '../../../../components/ui/load-error';
import { lazyZodResolver } from '../../../../lib/lazy-resolver';
import { useLowStock, useSetRestockMail } from '../../../../lib/vendor-area/low-stock';
import { vendorErrorMessage } from '../../../../lib/vendor-area/profile';

interface RestockMailValues {
  mode: string;
}

const validation = lazyZodResolver<RestockMailValues, { mode: RestockMailMode }>(() =>
  import('@housnkuh/shared/schemas/inventory').then((module) => module.restockMailInputSchema),
);

const CHOICES = [
  { value: 'single', label: 'einzeln, sofort' },
  { value: 'daily', label: 'einmal täglich als Zusammenfassung' },
] as const;

function RestockMailForm({ mode }: { mode: RestockMailMode }) {
  const save = useSetRestockMail();
  const { form, outcome, busy, formProps } = useSchemaForm<
    RestockMailValues,
    unknown,
    unknown,
    { mode: RestockMailMode }
  >({
    validation,
    defaultValues: { mode },
    submit: (body) => save.mutateAsync(body),
    pending: save.isPending,
    errorMessage: vendorErrorMessage,
  });
  return (
    <Form formProps={formProps} aria-label="Nachfüll-Hinweise per E-Mail" className="space-y-3">
      <FormRadioGroup
        form={form}
        name="mode"
        legend="Nachfüll-Hinweise per E-Mail"
        choices={CHOICES}
      />
      <Button type="submit" variant="secondary" disabled={busy}>
        Einstellung speichern
      </Button>
      <SubmitOutcome outcome={outcome} successTitle="Gespeichert" errorTitle="Nicht gespeichert" />
    </Form>
  );
}

/**
 * How the producer gets its restock notices by mail (docs/product/inventory.md): one mail per
 * notice at once, or one summary a day. The current choice comes with the open notices.
 */
export function RestockMailSetting() {
  const lowStock = useLowStock();
  return (
    <section
      aria-labelledby="restock-mail-title"
      className="mt-4 space-y-3 rounded-xl bg-white p-4 shadow-sm"
    >
      <h2 id="restock-mail-title" className="text-lg font-bold">
        Nachfüll-Hinweise
      </h2>
      <p className="text-sm text-gray-800">
        Fällt der Bestand eines Produkts auf seinen Meldebestand, schreiben wir dir eine E-Mail –
        für jedes Produkt gleich, oder gesammelt einmal am Tag.
      </p>
      {lowStock.isError && (
        <LoadError
          title="Die Einstellung ließ sich nicht laden."
          onRetry={() => void lowStock.refetch()}
        />
      )}
      {/* mounted once the choice is known; after a save the form already shows it */}
      {lowStock.data && <RestockMailForm mode={lowStock.data.restockMail} />}
    </section>
  );
}
