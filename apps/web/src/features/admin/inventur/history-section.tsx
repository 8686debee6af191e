import { formatDateTime, formatEuro } from '@housnkuh/shared/format';
import { STOCK_PLACE_LABELS } from '@housnkuh/shared/inventory';
import type {
  CountCorrectionInput,
  CountCorrectionResponse,
  CountHistoryEntry,
  CountHistoryLine,
} from '@housnkuh/shared/schemas/inventory';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Pager } from '../../../components/admin/pager';
import { FormCheckboxField } from '../../../components/form/choice-fields';
import { FormTextField } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { FormFailure } from '../../../components/form/form-failure';
import { SubmitOutcome } from '../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Button, SubmitButton } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { adminErrorMessage } from '../../../lib/admin-api';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { parseQuantity, quantityText } from '../../../lib/stock-quantities';
import { useCorrectCount, useCountHistory } from './api/inventory';
import { CAUSED_LABEL } from './count-section';

interface CorrectionValues {
  quantity: string;
  reason: string;
  caused: boolean;
  causedByProducer: string;
}

const validation = lazyZodResolver<CorrectionValues, CountCorrectionInput>(
  async () => (await import('@housnkuh/shared/schemas/inventory')).countCorrectionInputSchema,
  (values) => ({
    quantity: parseQuantity(values.quantity),
    reason: values.reason,
    ...(values.caused ? { causedByProducer: values.causedByProducer } : {}),
  }),
);

const NEEDS_REASON = 'Bitte gib an, warum der Fehlbestand vom Direktvermarkter verursacht ist.';

/** "Regal", "Lager" */
const placeText = (line: CountHistoryLine) => STOCK_PLACE_LABELS[line.place];

/** What the owner reads beside a line: the producer's cause, a correction and why, replaced. */
function noteOf(line: CountHistoryLine): string {
  const notes: string[] = [];
  if (line.correctsLineId) notes.push(`Korrektur: ${line.correctionReason ?? ''}`);
  if (line.causedByProducer) notes.push(`${CAUSED_LABEL}: ${line.causedByProducer}`);
  if (line.supersededBy) notes.push('korrigiert (die Korrektur steht darüber)');
  return notes.join('; ') || '–';
}

/**
 * "Korrigieren": a new count of the line's product and place at that count's time, with the
 * reason; optionally the difference marked as the producer's cause (no refund; the statement
 * names the reason). A refund already settled is taken back in the next month.
 */
function CorrectionForm({
  line,
  countedAt,
  onClose,
}: {
  line: CountHistoryLine;
  countedAt: string;
  onClose: () => void;
}) {
  const correct = useCorrectCount(line.id);
  const schemaForm = useSchemaForm<
    CorrectionValues,
    CountCorrectionResponse,
    unknown,
    CountCorrectionInput
  >({
    validation,
    defaultValues: {
      quantity: String(line.counted).replace('.', ','),
      reason: '',
      caused: Boolean(line.causedByProducer),
      causedByProducer: line.causedByProducer ?? '',
    },
    submit: async (body) => {
      const raw = schemaForm.form.getValues();
      if (raw.caused && !raw.causedByProducer.trim())
        throw new FormFailure(NEEDS_REASON, {
          fieldErrors: [{ field: 'causedByProducer', message: NEEDS_REASON }],
        });
      return correct.mutateAsync(body);
    },
    successMessage: (answer) => {
      const now = answer.correction.lines[0]!;
      return `${answer.message} ${now.productName}: gezählt ${quantityText(now.counted, now.unit)}, Differenz ${quantityText(-now.shrinkage, now.unit)}, Erstattung ${formatEuro(now.refundCents)}.`;
    },
    errorMessage: adminErrorMessage,
  });
  const { form, outcome, busy, formProps } = schemaForm;
  const caused = useWatch({ control: form.control, name: 'caused' });
  const measured = line.unit === 'kg' || line.unit === 'l';
  const name = `${line.productName} (${placeText(line)}) vom ${formatDateTime(countedAt)}`;
  return (
    <Form
      formProps={formProps}
      aria-label={`Zählung korrigieren: ${name}`}
      className="mt-3 space-y-2 rounded-lg border border-gray-300 p-3"
    >
      <p className="font-semibold">Zählung korrigieren: {name}</p>
      <p className="text-sm text-gray-800">
        Die Korrektur ist eine neue Zählung zum selben Zeitpunkt und ersetzt diese. Eine schon
        abgerechnete Erstattung wird in der nächsten Abrechnung ausgeglichen.
      </p>
      <FormTextField
        form={form}
        name="quantity"
        label={`Richtig gezählt (${line.unit})`}
        inputMode={measured ? 'decimal' : 'numeric'}
        autoComplete="off"
        hint={measured ? 'mit Komma, z. B. 0,352' : 'ganze Stück'}
        className="max-w-xs"
      />
      <FormTextField
        form={form}
        name="reason"
        label="Grund der Korrektur"
        autoComplete="off"
        className="max-w-md"
      />
      <FormCheckboxField form={form} name="caused" label={CAUSED_LABEL} />
      {caused && (
        <FormTextField
          form={form}
          name="causedByProducer"
          label="Grund (steht auf der Abrechnung)"
          hint="Der Fehlbestand wird nicht erstattet; die Abrechnung nennt den Grund."
          className="max-w-md"
        />
      )}
      <SubmitOutcome outcome={outcome} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={busy} busyLabel="Wird eingetragen …">
          Korrektur eintragen
        </SubmitButton>
        <Button variant="secondary" onClick={onClose}>
          Schließen
        </Button>
      </div>
    </Form>
  );
}

function CountEntry({ entry }: { entry: CountHistoryEntry }) {
  const [open, setOpen] = useState<string | null>(null);
  const openLine = entry.lines.find((line) => line.id === open) ?? null;
  const correction = entry.lines.some((line) => line.correctsLineId);
  const title = `${correction ? 'Korrektur der Inventur' : 'Inventur'} vom ${formatDateTime(entry.countedAt)}`;
  return (
    <li className="border-t py-3">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="text-left font-semibold">
            {title}
            <span className="block font-normal text-gray-800">
              eingetragen von {entry.recordedBy || 'unbekannt'} am{' '}
              {formatDateTime(entry.recordedAt)}
              {entry.note ? ` · ${entry.note}` : ''}
            </span>
          </caption>
          <thead>
            <tr>
              <th scope="col">Direktvermarkter</th>
              <th scope="col">Produkt</th>
              <th scope="col">Ort</th>
              <th scope="col">Erwartet</th>
              <th scope="col">Gezählt</th>
              <th scope="col">Differenz</th>
              <th scope="col">Erstattung</th>
              <th scope="col">Vermerk</th>
              <th scope="col">
                <span className="sr-only">Aktion</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {entry.lines.map((line) => (
              <tr key={line.id} className="border-t align-top">
                <td className="py-1 pr-2">{line.vendorName}</td>
                <th scope="row" className="pr-2 font-normal">
                  {line.productName}
                </th>
                <td className="pr-2">{placeText(line)}</td>
                <td className="pr-2">{quantityText(line.expected, line.unit)}</td>
                <td className="pr-2">{quantityText(line.counted, line.unit)}</td>
                <td className="pr-2">{quantityText(-line.shrinkage, line.unit)}</td>
                <td className="pr-2">{formatEuro(line.refundCents)}</td>
                <td className="pr-2">{noteOf(line)}</td>
                <td>
                  {!line.supersededBy && (
                    <Button
                      variant="ghost"
                      onClick={() => setOpen(line.id)}
                      aria-label={`Korrigieren: ${line.productName} (${placeText(line)}) vom ${formatDateTime(entry.countedAt)}`}
                    >
                      Korrigieren
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {openLine && (
        <CorrectionForm
          key={openLine.id}
          line={openLine}
          countedAt={entry.countedAt}
          onClose={() => setOpen(null)}
        />
      )}
    </li>
  );
}

/**
 * The counts so far, newest first (a correction right above the count it corrects): per line
 * the producer, product, place, expected, counted, difference, refund now, and why; each line
 * not yet corrected can be corrected ("Korrigieren").
 */
export function HistorySection() {
  const [page, setPage] = useState(1);
  const history = useCountHistory(page);
  return (
    <section aria-labelledby="count-history" className="rounded-xl bg-white p-4">
      <h2 id="count-history" className="text-xl font-bold">
        Bisherige Inventuren
      </h2>
      <p className="mt-1 text-sm text-gray-800">
        Eine Zählung wird nie geändert: Korrigieren trägt eine neue Zählung zum selben Zeitpunkt mit
        Grund ein. So lässt sich auch nachträglich ein Fehlbestand als vom Direktvermarkter
        verursacht vermerken.
      </p>
      {history.isPending && <p className="mt-3">Die Inventuren werden geladen …</p>}
      {history.isError && (
        <LoadError
          title="Die Inventuren konnten nicht geladen werden."
          onRetry={() => void history.refetch()}
        />
      )}
      {history.data && history.data.counts.length === 0 && (
        <p className="mt-3">Noch keine Inventur eingetragen.</p>
      )}
      {history.data && history.data.counts.length > 0 && (
        <>
          <ul aria-label="Bisherige Inventuren" className="mt-3">
            {history.data.counts.map((entry) => (
              <CountEntry key={entry.id} entry={entry} />
            ))}
          </ul>
          <Pager
            page={history.data.pagination.page}
            pageCount={history.data.pagination.totalPages}
            onPage={setPage}
            label="Seiten der Inventuren"
          />
        </>
      )}
    </section>
  );
}
