import { formatEuro } from '@housnkuh/shared/format';
import { formatMonth } from '@housnkuh/shared/months';
import { formatQuantity } from '@housnkuh/shared/products';
import {
  importJobMessage,
  NO_VENDOR_CHOICE,
  type ClarifyLine,
  type SalesImportJob,
  type SalesImportResult,
  type UnassignedLine,
} from '@housnkuh/shared/schemas/sales';
import { TAX_STATUS_LABELS, type TaxStatus } from '@housnkuh/shared/schemas/vendor-profile';
import { useState } from 'react';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { ConfirmBox } from '../../../components/admin/confirm-box';
import { SearchField, useListParams } from '../../../components/admin/list-params';
import { Pager } from '../../../components/admin/pager';
import { Alert } from '../../../components/ui/alert';
import { FormFileField } from '../../../components/form/file-field';
import { Form } from '../../../components/form/form';
import { SubmitOutcome } from '../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Button, SubmitButton } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/load-error';
import { SearchInput } from '../../../components/ui/search-input';
import { adminErrorMessage } from '../../../lib/admin-api';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { usePageMeta } from '../../../lib/page-meta';
import {
  useAssignLine,
  useClarifyRate,
  useCurrentImportJob,
  useImportJob,
  useImportSales,
  useProductSearch,
  useToClarify,
  useUnassigned,
} from './api/sales';

const when = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Berlin',
});

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('de-DE')} ${n === 1 ? one : many}`;

export function ImportResult({ result }: { result: SalesImportResult }) {
  return (
    <div className="mt-3 space-y-2">
      <Alert tone={result.errors.length > 0 ? 'error' : 'success'} focusOnShow title="Import">
        <p>
          {count(result.imported, 'Zeile importiert', 'Zeilen importiert')},{' '}
          {count(result.duplicates, 'Duplikat', 'Duplikate')} übersprungen,{' '}
          {count(result.unassigned, 'Zeile', 'Zeilen')} ohne bekannte EAN,{' '}
          {result.clarify > 0 &&
            `${count(result.clarify, 'Zeile', 'Zeilen')} zu klären (Steuersatz), `}
          {count(result.errors.length, 'fehlerhafte Zeile', 'fehlerhafte Zeilen')}.
        </p>
        {result.late && (
          <p>
            {count(result.late.count, 'Zeile gehört', 'Zeilen gehören')} zu einem abgeschlossenen
            Monat und {result.late.count === 1 ? 'kommt' : 'kommen'} als Nachtrag in die Abrechnung{' '}
            {formatMonth(result.late.month)}.
          </p>
        )}
        {result.encoding === 'windows-1252' && (
          <p>
            Die Datei war nicht in UTF-8 gespeichert und wurde als Windows-1252 (Excel) gelesen.
          </p>
        )}
      </Alert>
      {result.errors.length > 0 && (
        <div>
          <h3 className="font-semibold">Nicht importiert</h3>
          <ul aria-label="Fehlerhafte Zeilen" className="mt-1 list-disc pl-6">
            {result.errors.slice(0, 200).map((error) => (
              <li key={String(error.line)}>
                Zeile {error.line}: {error.message}
              </li>
            ))}
          </ul>
          {result.errors.length > 200 && (
            <p>… und {count(result.errors.length - 200, 'weitere', 'weitere')}.</p>
          )}
        </div>
      )}
    </div>
  );
}

/** A large import in the background: how many lines are read, then its result or why it failed. */
function ImportJobState({ job }: { job: SalesImportJob }) {
  if (job.status === 'done' && job.result) return <ImportResult result={job.result} />;
  if (job.status === 'failed')
    return (
      <Alert tone="error" focusOnShow title="Import">
        <p>{importJobMessage(job)}</p>
      </Alert>
    );
  return (
    <div className="mt-3 space-y-1">
      <p role="status">{importJobMessage(job)}</p>
      <progress
        aria-label="Fortschritt des Imports"
        className="h-3 w-full max-w-md accent-primary"
        value={job.linesDone}
        max={Math.max(job.linesTotal, 1)}
      />
    </div>
  );
}

/** The file chosen for the upload (the schema: one, not empty, at most 10 MB). */
type Upload = { file: Blob };
const uploadValidation = lazyZodResolver<Partial<Upload>, Upload>(async () => {
  const { salesCsvFormSchema } = await import('@housnkuh/shared/schemas/sales');
  return salesCsvFormSchema;
});

/** The admin's upload of the till's CSV export. */
function ImportSection() {
  const importSales = useImportSales();
  // a large file's job, or the one already running when the page opened
  const current = useCurrentImportJob();
  const started = importSales.data && 'job' in importSales.data ? importSales.data : null;
  // the running job found on opening stays followed after it is over (its result stays up)
  const [openedWith, setOpenedWith] = useState<string | null>(null);
  const runningNow = current.data?.job?.id ?? null;
  if (runningNow && !openedWith && !started) setOpenedWith(runningNow);
  const jobId = started?.job.id ?? openedWith;
  const followed = useImportJob(jobId);
  const job = followed.data?.job ?? started?.job ?? null;
  const running = job !== null && (job.status === 'queued' || job.status === 'running');
  const { form, outcome, busy, formProps } = useSchemaForm({
    validation: uploadValidation,
    defaultValues: { file: undefined },
    submit: (values: Upload) => importSales.mutateAsync(values.file),
    pending: importSales.isPending,
    errorMessage: adminErrorMessage,
  });
  return (
    <section aria-labelledby="import" className="min-w-0 rounded-xl bg-white p-4">
      <h2 id="import" className="text-xl font-bold">
        Verkäufe importieren (CSV)
      </h2>
      <p className="mt-2 text-sm [overflow-wrap:anywhere] text-gray-800">
        Kopfzeile: beleg;position;zeitpunkt;ean;artikel;menge;einzelpreis_brutto;mwst_satz, optional
        ;betrag_brutto. Zeitpunkt als TT.MM.JJJJ HH:MM, Beträge mit Komma. Schon importierte Zeilen
        werden übersprungen. Eine große Datei (über 10.000 Zeilen) wird im Hintergrund importiert:
        Du siehst hier, wie weit er ist, auch nach dem Neuladen der Seite.
      </p>
      <Form formProps={formProps} className="mt-3 flex flex-wrap items-end gap-3">
        <FormFileField
          form={form}
          name="file"
          label="CSV-Datei"
          accept=".csv,text/csv,text/plain"
          className="max-w-full min-w-0"
          onChosen={() => {
            importSales.reset();
            setOpenedWith(null);
          }}
        />
        <SubmitButton busy={busy} busyLabel="Wird importiert …" disabled={running}>
          {running ? 'Wird importiert …' : 'Importieren'}
        </SubmitButton>
      </Form>
      <SubmitOutcome outcome={outcome} show="error" />
      {started && <p className="mt-3">{started.message}</p>}
      {importSales.data && !('job' in importSales.data) && (
        <ImportResult result={importSales.data} />
      )}
      {job && <ImportJobState job={job} />}
    </section>
  );
}

type Choice = { kind: 'product'; id: string; label: string } | { kind: 'no_vendor' };

/**
 * The admin's answer for one waiting line or several chosen ones: a product from the search
 * (or the suggested one), or none. A deposit is never "kein Verkauf" (docs/product/money.md).
 */
function AssignBox({
  lines,
  initial = null,
  onDone,
  onCancel,
}: {
  lines: readonly UnassignedLine[];
  initial?: Choice | null;
  onDone: (message: string) => void;
  onCancel?: () => void;
}) {
  const [text, setText] = useState('');
  const [choice, setChoice] = useState<Choice | null>(initial);
  // a line that is no producer's sale: the shop's own sale (at 19 % or 7 %) or no sale at all
  const [what, setWhat] = useState<'' | 'no_sale' | 'own_1900' | 'own_700'>('');
  const [whatMissing, setWhatMissing] = useState(false);
  const found = useProductSearch(text);
  const assign = useAssignLine();
  const id = `assign-${lines[0]?.id ?? 'none'}${lines.length > 1 ? '-bulk' : ''}`;
  const hasDeposit = lines.some((line) => line.deposit);
  const one = lines.length === 1 ? lines[0]! : null;
  const subject = one
    ? `„${one.articleText}“ (EAN ${one.ean})`
    : `Die ${lines.length.toLocaleString('de-DE')} gewählten Zeilen`;
  return (
    <div className="mt-3 min-w-0 space-y-3 rounded-lg border border-sand p-3">
      {!choice && (
        <>
          <SearchInput
            id={`${id}-search`}
            label="Produkt suchen (Name, EAN oder Direktvermarkter)"
            value={text}
            onValue={setText}
            maxLength={100}
          />
          {found.data && (
            <ul aria-label="Gefundene Produkte" className="divide-y divide-gray-200">
              {found.data.products.length === 0 && <li className="py-2">Kein Produkt gefunden.</li>}
              {found.data.products.map((product) => (
                <li key={product.id} className="flex flex-wrap items-center gap-2 py-2">
                  <span className="min-w-0 flex-1 break-words">
                    {product.name} · {product.vendorName} · EAN {product.ean} ·{' '}
                    {formatEuro(product.priceCents)}
                    {!product.isActive && ' · inaktiv'}
                  </span>
                  <Button
                    variant="secondary"
                    aria-label={`Auswählen: ${product.name}`}
                    onClick={() =>
                      setChoice({
                        kind: 'product',
                        id: product.id,
                        label: `${product.name} (${product.vendorName})`,
                      })
                    }
                  >
                    Auswählen
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <div className="flex flex-wrap gap-2">
            <Button variant="ghost" onClick={() => setChoice({ kind: 'no_vendor' })}>
              Kein Verkauf eines Direktvermarkters
            </Button>
            {onCancel && (
              <Button variant="ghost" onClick={onCancel}>
                Abbrechen
              </Button>
            )}
          </div>
        </>
      )}
      {choice?.kind === 'no_vendor' && (
        <fieldset className="space-y-1">
          <legend className="mb-1 text-sm font-semibold">
            {one ? 'Was ist diese Zeile?' : 'Was sind diese Zeilen?'}
          </legend>
          {hasDeposit && (
            <p className="text-sm text-gray-800">
              Pfand gehört zum Verkauf des Direktvermarkters, dem die Flasche oder das Glas gehört:
              Ordne es dem Produkt zu. „Kein Verkauf“ gibt es für Pfand nicht.
            </p>
          )}
          {(
            [
              ['no_sale', 'Kein Verkauf (z. B. Gutschein)'],
              ['own_1900', 'Eigener Verkauf des Ladens zu 19 %'],
              ['own_700', 'Eigener Verkauf des Ladens zu 7 %'],
            ] as const
          )
            .filter(([value]) => !(hasDeposit && value === 'no_sale'))
            .map(([value, label]) => (
              <label key={value} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-what`}
                  value={value}
                  checked={what === value}
                  onChange={() => {
                    setWhat(value);
                    setWhatMissing(false);
                  }}
                  className="h-5 w-5 accent-navy"
                />
                {label}
              </label>
            ))}
          {whatMissing && (
            <p role="alert" className="font-semibold text-red-800">
              {NO_VENDOR_CHOICE}
            </p>
          )}
        </fieldset>
      )}
      {choice && (
        <ConfirmBox
          confirmLabel={choice.kind === 'product' ? 'Ja, zuordnen' : 'Ja, markieren'}
          busy={assign.isPending}
          error={assign.error}
          onConfirm={() => {
            if (choice.kind === 'no_vendor' && what === '') {
              setWhatMissing(true);
              return;
            }
            assign.mutate(
              {
                lineIds: lines.map((line) => line.id),
                body:
                  choice.kind === 'product'
                    ? { productId: choice.id }
                    : what === 'no_sale'
                      ? { kind: 'no_vendor', noVendor: 'no_sale' }
                      : {
                          kind: 'no_vendor',
                          noVendor: 'own_sale',
                          vatRateBp: what === 'own_700' ? 700 : 1900,
                        },
              },
              { onSuccess: (answer) => onDone(answer.message) },
            );
          }}
          onCancel={() => {
            assign.reset();
            if (initial && onCancel) onCancel();
            else setChoice(null);
          }}
        >
          {choice.kind === 'product'
            ? `${subject} dem Produkt ${choice.label} zuordnen? Der Verkauf zählt dann für diesen Direktvermarkter.`
            : `${subject} als „kein Verkauf eines Direktvermarkters“ markieren (ein eigener Verkauf des Ladens oder gar kein Verkauf, z. B. ein Gutschein)?`}
        </ConfirmBox>
      )}
    </div>
  );
}

function UnassignedRow({
  line,
  selected,
  onSelect,
  onDone,
}: {
  line: UnassignedLine;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onDone: (message: string) => void;
}) {
  const [open, setOpen] = useState<null | 'search' | 'suggestion'>(null);
  const suggestion = line.suggestion;
  return (
    <li className="p-4">
      <div className="flex flex-wrap items-start gap-3">
        <input
          type="checkbox"
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
          aria-label={`Wählen: ${line.articleText}, Beleg ${line.receiptId}, Position ${line.position}`}
          className="mt-1 h-5 w-5 shrink-0 accent-navy"
        />
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words">
            {line.articleText}
            {line.deposit && (
              <span className="ml-2 rounded bg-sand px-2 py-0.5 text-sm font-normal">Pfand</span>
            )}
          </p>
          <p className="text-sm break-words text-gray-800">
            EAN {line.ean} · Beleg {line.receiptId}, Position {line.position} ·{' '}
            {when.format(new Date(line.soldAt))}
          </p>
          <p className="text-sm text-gray-800">
            {formatQuantity(line.quantityThousandths)} × {formatEuro(line.unitPriceGrossCents)} ={' '}
            {formatEuro(line.lineTotalGrossCents)} · MwSt. {String(line.vatRate).replace('.', ',')}{' '}
            %
          </p>
          {suggestion && (
            <p className="mt-1 text-sm break-words">
              <span className="font-semibold">Vorschlag:</span> {suggestion.name} (
              {suggestion.vendorName}, EAN {suggestion.ean}). {suggestion.reasonText}
            </p>
          )}
        </div>
        {!open && (
          <div className="flex flex-wrap gap-2">
            {suggestion && (
              <Button
                aria-label={`Vorschlag übernehmen: ${line.articleText}`}
                onClick={() => setOpen('suggestion')}
              >
                Vorschlag übernehmen
              </Button>
            )}
            <Button
              variant="secondary"
              aria-label={`Zuordnen: ${line.articleText}`}
              onClick={() => setOpen('search')}
            >
              Zuordnen
            </Button>
          </div>
        )}
      </div>
      {open && (
        <AssignBox
          lines={[line]}
          initial={
            open === 'suggestion' && suggestion
              ? {
                  kind: 'product',
                  id: suggestion.productId,
                  label: `${suggestion.name} (${suggestion.vendorName})`,
                }
              : null
          }
          onDone={(message) => {
            setOpen(null);
            onDone(message);
          }}
          onCancel={() => setOpen(null)}
        />
      )}
    </li>
  );
}

function UnassignedSection() {
  const { filters, page, apply } = useListParams({ search: 'suche' });
  const lines = useUnassigned({ search: filters.search, page });
  const [done, setDone] = useState<string | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [bulkKey, setBulkKey] = useState(0);
  const shown = lines.data?.lines ?? [];
  const selected = shown.filter((line) => chosen.has(line.id));
  const choose = (ids: readonly string[], on: boolean) =>
    setChosen((before) => {
      const next = new Set(before);
      for (const lineId of ids) {
        if (on) next.add(lineId);
        else next.delete(lineId);
      }
      return next;
    });
  const finished = (message: string) => {
    setDone(message);
    setChosen(new Set());
    setBulkKey((n) => n + 1);
  };
  return (
    <section aria-labelledby="unassigned" className="mt-8 min-w-0">
      <h2 id="unassigned" className="text-xl font-bold">
        Nicht zugeordnete Verkäufe
      </h2>
      <p className="mt-1 mb-3 text-sm text-gray-800">
        Verkäufe, deren EAN zu keinem Produkt gehört. Ordne sie einem Produkt zu (Pfand auf einer
        Flasche oder einem Glas gehört zum Verkauf des Direktvermarkters, dem die Flasche gehört)
        oder markiere sie als „kein Verkauf eines Direktvermarkters“ (z. B. Gutscheine). Mehrere
        Zeilen mit derselben Antwort: wähle sie aus und antworte einmal. Die Zeile selbst bleibt
        unverändert.
      </p>
      <div className="mb-4 rounded-xl bg-white p-4">
        <SearchField
          id="unassigned-search"
          label="Suche (EAN, Artikel, Beleg)"
          initial={filters.search}
          onSearch={(search) => {
            setChosen(new Set());
            apply({ search });
          }}
        />
      </div>
      {done && (
        <Alert tone="success" focusOnShow>
          <p>{done}</p>
        </Alert>
      )}
      <QueryState query={lines} error="Die Verkäufe konnten nicht geladen werden." />
      {lines.data && (
        <>
          <p className="mb-2" aria-live="polite">
            {count(lines.data.pagination.totalCount, 'Verkauf wartet', 'Verkäufe warten')}
          </p>
          {shown.length > 1 && (
            <label className="mb-2 flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                checked={selected.length === shown.length}
                onChange={(event) =>
                  choose(
                    shown.map((line) => line.id),
                    event.target.checked,
                  )
                }
                className="h-5 w-5 accent-navy"
              />
              Alle Zeilen dieser Seite wählen
            </label>
          )}
          {selected.length > 0 && (
            <section
              aria-labelledby="unassigned-bulk"
              className="mb-4 rounded-xl border-2 border-navy bg-white p-4"
            >
              <h3 id="unassigned-bulk" className="font-semibold">
                {count(selected.length, 'Zeile gewählt', 'Zeilen gewählt')}: eine Antwort für alle
              </h3>
              <AssignBox
                key={`${bulkKey}-${selected.map((line) => line.id).join(',')}`}
                lines={selected}
                onDone={finished}
                onCancel={() => setChosen(new Set())}
              />
            </section>
          )}
          {shown.length > 0 && (
            <ul
              aria-label="Nicht zugeordnete Verkäufe"
              className="divide-y divide-gray-200 rounded-xl bg-white"
            >
              {shown.map((line) => (
                <UnassignedRow
                  key={line.id}
                  line={line}
                  selected={chosen.has(line.id)}
                  onSelect={(on) => choose([line.id], on)}
                  onDone={finished}
                />
              ))}
            </ul>
          )}
          <Pager
            page={lines.data.pagination.page}
            pageCount={lines.data.pagination.totalPages}
            onPage={(next) => {
              setChosen(new Set());
              apply({ page: next });
            }}
            label="Seiten der nicht zugeordneten Verkäufe"
          />
        </>
      )}
    </section>
  );
}

const percent = (rate: number) => `${String(rate).replace('.', ',')} %`;

function ClarifyRow({ line, onDone }: { line: ClarifyLine; onDone: (text: string) => void }) {
  const [rate, setRate] = useState<number | null>(null);
  const clarify = useClarifyRate();
  const status = line.taxStatus
    ? (TAX_STATUS_LABELS[line.taxStatus as TaxStatus] ?? line.taxStatus)
    : 'kein Steuerstatus erfasst';
  return (
    <li className="p-4">
      <p className="font-semibold break-words">{line.articleText}</p>
      <p className="text-sm text-gray-800">
        {line.vendorName} ({status}) · EAN {line.ean} · Beleg {line.receiptId}, Position{' '}
        {line.position} · {when.format(new Date(line.soldAt))}
      </p>
      <p className="text-sm text-gray-800">
        {formatQuantity(line.quantityThousandths)} × {formatEuro(line.unitPriceGrossCents)} ={' '}
        {formatEuro(line.lineTotalGrossCents)} · Steuersatz der Kasse {percent(line.vatRate)}
      </p>
      {rate === null && (
        <div className="mt-2 flex flex-wrap gap-2">
          {line.allowedRates.length === 0 && (
            <p className="text-sm">Bitte zuerst den Steuerstatus des Direktvermarkters erfassen.</p>
          )}
          {line.allowedRates.map((allowed) => (
            <Button
              key={allowed}
              variant="secondary"
              aria-label={`Steuersatz ${percent(allowed)} für ${line.articleText}`}
              onClick={() => setRate(allowed)}
            >
              {percent(allowed)}
            </Button>
          ))}
        </div>
      )}
      {rate !== null && (
        <div className="mt-3">
          <ConfirmBox
            confirmLabel="Ja, Steuersatz erfassen"
            busy={clarify.isPending}
            error={clarify.error}
            onConfirm={() =>
              clarify.mutate(
                { lineId: line.id, vatRate: rate },
                { onSuccess: () => onDone(line.articleText) },
              )
            }
            onCancel={() => {
              clarify.reset();
              setRate(null);
            }}
          >
            {`„${line.articleText}“ mit ${percent(rate)} abrechnen? Die Zeile der Kasse bleibt unverändert; sie folgt als Nachtrag in der nächsten offenen Abrechnung.`}
          </ConfirmBox>
        </div>
      )}
    </li>
  );
}

/** Zu klären: lines at a rate the producer's tax status does not allow, until the owner's rate. */
function ClarifySection() {
  const [page, setPage] = useState(1);
  const lines = useToClarify({ page });
  const [done, setDone] = useState<string | null>(null);
  return (
    <section aria-labelledby="clarify" className="mt-8">
      <h2 id="clarify" className="text-xl font-bold">
        Zu klären
      </h2>
      <p className="mt-1 mb-3 text-sm text-gray-800">
        Verkäufe, deren Steuersatz nicht zum Steuerstatus des Direktvermarkters am Verkaufstag passt
        (Kleinunternehmer 0 %, § 24 UStG der Durchschnittssatz oder 7 %/19 %, sonst 7 % oder 19 %).
        Sie werden erst abgerechnet, wenn der richtige Steuersatz erfasst ist, und folgen dann als
        Nachtrag. Die Zeile der Kasse bleibt unverändert.
      </p>
      {done && (
        <Alert tone="success" focusOnShow>
          <p>Der Steuersatz für „{done}“ ist erfasst.</p>
        </Alert>
      )}
      <QueryState query={lines} error="Die Verkäufe zum Klären konnten nicht geladen werden." />
      {lines.data && (
        <>
          <p className="mb-2" aria-live="polite">
            {count(lines.data.pagination.totalCount, 'Verkauf wartet', 'Verkäufe warten')} auf einen
            Steuersatz
          </p>
          {lines.data.lines.length > 0 && (
            <ul aria-label="Zu klären" className="divide-y divide-gray-200 rounded-xl bg-white">
              {lines.data.lines.map((line) => (
                <ClarifyRow key={line.id} line={line} onDone={setDone} />
              ))}
            </ul>
          )}
          <Pager
            page={lines.data.pagination.page}
            pageCount={lines.data.pagination.totalPages}
            onPage={setPage}
            label="Seiten der Verkäufe zum Klären"
          />
        </>
      )}
    </section>
  );
}

/** /admin/verkaeufe: the till's sales in (CSV import) and the ones waiting for a producer. */
export function AdminVerkaeufePage() {
  usePageMeta('Verkäufe', 'Verkäufe der Kasse importieren und zuordnen.');
  return (
    <>
      <AdminPageHeader
        title="Verkäufe"
        description="Die Verkäufe der Kasse: Import als CSV und Verkäufe, die noch keinem Direktvermarkter gehören."
      />
      <ImportSection />
      <ClarifySection />
      <UnassignedSection />
    </>
  );
}
