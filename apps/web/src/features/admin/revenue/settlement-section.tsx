// Monatsabrechnung: the month's drafts per producer, manual lines, finalize (with its progress),
// the documents issued, payouts and payment runs, cancellations.
import { formatEuro, formatIsoDay, isoDayInBerlin } from '@housnkuh/shared/format';
import type { AdminDocument } from '@housnkuh/shared/schemas/documents';
import type { SettlementItem, SettlementResponse } from '@housnkuh/shared/schemas/settlement';
import { formatMonth } from '@housnkuh/shared/months';
import { formatVatRate } from '@housnkuh/shared/vat';
import { useState } from 'react';
import { AdminErrorAlert } from '../../../components/admin/admin-error-text';
import { ConfirmBox } from '../../../components/admin/confirm-box';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import {
  useAddManualLine,
  useCancelDocument,
  useClearedByNextMoneyAction,
  useCreateSettlement,
  useDeleteManualLine,
  useFinalize,
  useMarkPaid,
  useMonthDocuments,
  useRecompute,
  useSettlement,
  useSettlementProgress,
} from './api/revenue';
import { CancelForm } from './cancel-form';
import { ManualLineFormSection } from './manual-line-form';
import { PaymentRunsPanel } from './payment-runs-panel';
import { TYPE_LABELS, useDownload, TH, TD, NUM, FIRST, Badge } from './revenue-shared';

/** A final producer: its payout transferred (when), or the mark for one payout, confirmed first. */
function PaidCell({ month, item }: { month: string; item: SettlementItem }) {
  const paid = useMarkPaid(month);
  const [asking, setAsking] = useState(false);
  if (item.payoutCents <= 0) return <Badge tone="done">abgeschlossen</Badge>;
  if (item.payoutPaidAt)
    return (
      <span className="flex flex-wrap gap-1">
        <Badge tone="done">abgeschlossen</Badge>
        <Badge tone="done">
          überwiesen am {formatIsoDay(isoDayInBerlin(new Date(item.payoutPaidAt)))}
        </Badge>
      </span>
    );
  return (
    <>
      <span className="flex flex-wrap items-center gap-1">
        <Badge tone="done">abgeschlossen</Badge>
        <Badge tone="open">nicht überwiesen</Badge>
      </span>
      {asking ? (
        <ConfirmBox
          confirmLabel="Als überwiesen markieren"
          busy={paid.isPending}
          error={paid.error}
          onConfirm={() => paid.mutate([item.vendorId], { onSuccess: () => setAsking(false) })}
          onCancel={() => setAsking(false)}
        >
          Auszahlung von {formatEuro(item.payoutCents)} an {item.vendorName} als überwiesen
          markieren?
        </ConfirmBox>
      ) : (
        <Button
          variant="ghost"
          className="mt-1 block"
          onClick={() => setAsking(true)}
          aria-label={`Auszahlung an ${item.vendorName} als überwiesen markieren`}
        >
          Als überwiesen markieren
        </Button>
      )}
    </>
  );
}

function ItemsTable({ data }: { data: SettlementResponse }) {
  const total = (of: (item: SettlementItem) => number) =>
    data.items.reduce((sum, item) => sum + of(item), 0);
  return (
    <ScrollRegion
      label={`Tabelle der Abrechnung ${formatMonth(data.month)}`}
      className="mt-4 rounded-xl bg-white"
    >
      <table className="w-full text-sm">
        <caption className="sr-only">
          Abrechnung {formatMonth(data.month)} je Direktvermarkter
        </caption>
        <thead className="border-b border-gray-300">
          <tr>
            <th scope="col" className={`${TH} ${FIRST}`}>
              Direktvermarkter
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Verkäufe
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Provision (brutto)
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Miete und Zusatzleistungen
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Manuell
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Offene Posten
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Auszahlung
            </th>
            <th scope="col" className={TH}>
              Stand
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200">
          {data.items.map((item) => (
            <tr key={item.vendorId}>
              <th scope="row" className={`${TD} ${FIRST} font-semibold`}>
                {item.vendorName}
              </th>
              <td className={NUM}>{formatEuro(item.salesGrossCents)}</td>
              <td className={NUM}>{formatEuro(item.commissionGrossCents)}</td>
              <td className={NUM}>{formatEuro(item.rentGrossCents)}</td>
              <td className={NUM}>{formatEuro(item.manualCents)}</td>
              <td className={NUM}>{formatEuro(item.openItemsCents)}</td>
              <td className={`${NUM} font-semibold`}>{formatEuro(item.payoutCents)}</td>
              <td className={TD}>
                {item.blockers.length > 0 ? (
                  <span className="flex flex-col items-start gap-1">
                    <Badge tone="blocked">blockiert</Badge>
                    <ul className="list-disc pl-5 text-coral-dark">
                      {item.blockers.map((blocker) => (
                        <li key={blocker}>{blocker}</li>
                      ))}
                    </ul>
                  </span>
                ) : item.status === 'final' ? (
                  <PaidCell month={data.month} item={item} />
                ) : (
                  <Badge tone="neutral">Entwurf</Badge>
                )}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-gray-300 font-semibold">
          <tr>
            <th scope="row" className={`${TD} ${FIRST}`}>
              Summe
            </th>
            <td className={NUM}>{formatEuro(total((item) => item.salesGrossCents))}</td>
            <td className={NUM}>{formatEuro(total((item) => item.commissionGrossCents))}</td>
            <td className={NUM}>{formatEuro(total((item) => item.rentGrossCents))}</td>
            <td className={NUM}>{formatEuro(total((item) => item.manualCents))}</td>
            <td className={NUM}>{formatEuro(total((item) => item.openItemsCents))}</td>
            <td className={NUM}>{formatEuro(total((item) => item.payoutCents))}</td>
            <td className={TD} />
          </tr>
        </tfoot>
      </table>
    </ScrollRegion>
  );
}

/**
 * The theft refund lines the inventory's counts give the month's statements (AGB § 8 Abs. 3):
 * computed with the drafts, not entered here (a count is corrected on the Inventur page).
 */
function InventoryRefunds({ data }: { data: SettlementResponse }) {
  const lines = data.items.flatMap((item) =>
    (item.inventoryRefunds ?? []).map((line) => ({ ...line, vendorName: item.vendorName })),
  );
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby="inventur-erstattungen" className="mt-6">
      <h3 id="inventur-erstattungen" className="text-lg font-bold">
        Erstattungen aus der Inventur
      </h3>
      <p className="mt-1 text-sm">
        Aus den Zählungen berechnet (Premium-Modell, AGB § 8 Abs. 3); eine Zählung wird auf der
        Seite Inventur korrigiert.
      </p>
      <ul
        aria-label="Erstattungen aus der Inventur"
        className="mt-2 divide-y divide-gray-200 rounded-xl bg-white"
      >
        {lines.map((line) => (
          <li key={line.id} className="p-3">
            {line.vendorName}: {line.text} –{' '}
            {line.grossCents === 0
              ? 'ohne Betrag'
              : `${formatEuro(line.grossCents)} (Erstattung, nicht steuerbar)`}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The manual lines of the drafts, each with "Entfernen", and the form for a new one. */
function ManualLines({ data }: { data: SettlementResponse }) {
  const add = useAddManualLine(data.month);
  const remove = useDeleteManualLine(data.month);
  const drafts = data.items.filter((item) => item.status === 'draft');
  const lines = drafts.flatMap((item) =>
    item.manualLines.map((line) => ({ ...line, vendorName: item.vendorName })),
  );
  if (drafts.length === 0) return null;
  return (
    <section aria-labelledby="manuell" className="mt-6">
      <h3 id="manuell" className="text-lg font-bold">
        Manuelle Positionen
      </h3>
      {lines.length === 0 ? (
        <p className="mt-2">Keine.</p>
      ) : (
        <ul
          aria-label="Manuelle Positionen"
          className="mt-2 divide-y divide-gray-200 rounded-xl bg-white"
        >
          {lines.map((line) => (
            <li key={line.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <span>
                {line.vendorName}: {line.text} – {formatEuro(line.grossCents)} (
                {line.kind === 'refund'
                  ? 'Erstattung, nicht steuerbar'
                  : `${line.grossCents > 0 ? 'Belastung' : 'Gutschrift'}, ${formatVatRate(line.vatRateBp ?? 0)}`}
                )
              </span>
              <Button
                variant="ghost"
                disabled={remove.isPending}
                onClick={() => remove.mutate(line.id)}
                aria-label={`Position „${line.text}“ von ${line.vendorName} entfernen`}
              >
                Entfernen
              </Button>
            </li>
          ))}
        </ul>
      )}
      <AdminErrorAlert error={remove.error} />
      <details className="mt-3 rounded-xl bg-white p-4">
        <summary className="cursor-pointer font-semibold">Position hinzufügen</summary>
        <div className="mt-3">
          <ManualLineFormSection
            vendors={drafts.map((item) => ({ id: item.vendorId, name: item.vendorName }))}
            send={(input) => add.mutateAsync(input)}
          />
        </div>
      </details>
    </section>
  );
}

/**
 * "30 Belege ausgestellt, davon 2 storniert (2 Stornobelege)": counted from the month's list,
 * which is fetched again after every action, so the count never stays behind.
 */
export function documentCounts(documents: readonly AdminDocument[]): string {
  const all = documents.length;
  const cancelled = documents.filter((document) => document.cancelledBy).length;
  const stornos = documents.filter((document) => document.type === 'storno').length;
  const issued = all === 1 ? '1 Beleg ausgestellt' : `${all} Belege ausgestellt`;
  if (cancelled === 0 && stornos === 0) return `${issued}.`;
  return `${issued}, davon ${cancelled} storniert (${stornos === 1 ? '1 Stornobeleg' : `${stornos} Stornobelege`}).`;
}

/** The documents of a final month, the SEPA file and the paid marks. */
function FinalPart({ data }: { data: SettlementResponse }) {
  const documents = useMonthDocuments(data.month, true);
  const paid = useMarkPaid(data.month);
  const { error, download } = useDownload();
  const [askAll, setAskAll] = useState(false);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const cancel = useCancelDocument();
  useClearedByNextMoneyAction(paid.isSuccess ? paid.submittedAt : null, paid.reset);
  // only the payouts not transferred yet: the count stays true once one is marked
  const payouts = data.items.filter(
    (item) => item.status === 'final' && item.payoutCents > 0 && !item.payoutPaidAt,
  );
  return (
    <section aria-labelledby="belege" className="mt-6 space-y-4">
      <h3 id="belege" className="text-lg font-bold">
        Belege und Auszahlung
      </h3>
      <PaymentRunsPanel month={data.month} />
      <div className="flex flex-wrap gap-2">
        {payouts.length > 0 && (
          <Button variant="secondary" onClick={() => setAskAll(true)}>
            {payouts.length === 1
              ? 'Offene Auszahlung als überwiesen markieren'
              : `Alle ${payouts.length} offenen Auszahlungen als überwiesen markieren`}
          </Button>
        )}
      </div>
      {askAll && (
        <ConfirmBox
          confirmLabel="Als überwiesen markieren"
          busy={paid.isPending}
          error={paid.error}
          onConfirm={() => paid.mutate(undefined, { onSuccess: () => setAskAll(false) })}
          onCancel={() => setAskAll(false)}
        >
          {payouts.length === 1
            ? 'Die offene Auszahlung'
            : `Alle ${payouts.length} offenen Auszahlungen`}{' '}
          für {formatMonth(data.month)} als überwiesen markieren?
        </ConfirmBox>
      )}
      {paid.isSuccess && (
        <Alert tone="success" focusOnShow>
          <p>
            {paid.data.paid === 1
              ? '1 Auszahlung ist als überwiesen markiert.'
              : `${paid.data.paid} Auszahlungen sind als überwiesen markiert.`}
          </p>
        </Alert>
      )}
      <AdminErrorAlert error={error} />
      {documents.isError && (
        <LoadError
          title="Die Belege konnten nicht geladen werden."
          onRetry={() => void documents.refetch()}
        />
      )}
      {documents.data &&
        (documents.data.documents.length === 0 ? (
          <p>Für diesen Monat sind noch keine Belege ausgestellt.</p>
        ) : (
          <>
            <p role="status">{documentCounts(documents.data.documents)}</p>
            <ul aria-label="Belege" className="divide-y divide-gray-200 rounded-xl bg-white">
              {documents.data.documents.map((document) => (
                <li
                  key={document.id}
                  className="flex flex-wrap items-center justify-between gap-2 p-3"
                >
                  <span>
                    <strong>{document.number}</strong> · {TYPE_LABELS[document.type]} ·{' '}
                    {document.vendorName} · {formatEuro(document.totalGrossCents)} · ausgestellt am{' '}
                    {formatIsoDay(document.issuedOn)}
                    {document.cancelledBy && ` · storniert durch ${document.cancelledBy}`}
                  </span>
                  <span className="flex flex-wrap gap-2">
                    <Button
                      variant="ghost"
                      onClick={() =>
                        download(`/admin/documents/${document.id}/pdf`, `${document.number}.pdf`)
                      }
                      aria-label={`${document.number} als PDF herunterladen`}
                    >
                      PDF
                    </Button>
                    {document.xmlUrl && (
                      <Button
                        variant="ghost"
                        onClick={() =>
                          download(
                            `/admin/documents/${document.id}/xrechnung.xml`,
                            `${document.number}-xrechnung.xml`,
                          )
                        }
                        aria-label={`${document.number} als E-Rechnung (XRechnung) herunterladen`}
                      >
                        XRechnung
                      </Button>
                    )}
                    {document.type !== 'storno' && !document.cancelledBy && (
                      <Button
                        variant="ghost"
                        onClick={() => setCancelling(document.id)}
                        aria-label={`${document.number} stornieren`}
                      >
                        Stornieren
                      </Button>
                    )}
                  </span>
                  {cancelling === document.id && (
                    <div className="basis-full">
                      <CancelForm
                        number={document.number}
                        pair={documents.data.documents
                          .filter(
                            (other) =>
                              other.id !== document.id &&
                              other.vendorId === document.vendorId &&
                              other.type !== 'storno' &&
                              !other.cancelledBy,
                          )
                          .map((other) => other.number)}
                        transferred={Boolean(
                          data.items.find((item) => item.vendorId === document.vendorId)
                            ?.payoutPaidAt,
                        )}
                        send={(reason) => cancel.mutateAsync({ id: document.id, reason })}
                        onCancel={() => setCancelling(null)}
                      />
                    </div>
                  )}
                </li>
              ))}
            </ul>
          </>
        ))}
    </section>
  );
}

/**
 * While finalizing runs: how many producers are done and what comes next; after it, how many of
 * the month's PDFs are rendered (asked every second until all are).
 */
function FinalizeProgressNote({ month, running }: { month: string; running: boolean }) {
  const progress = useSettlementProgress(month, running);
  const data = progress.data;
  const pdfsPending = data ? data.pdfs.rendered < data.pdfs.total : true;
  if (!data) return running ? <p role="status">Abschluss läuft …</p> : null;
  let text: string;
  if (running) {
    const step = data.finalizing;
    text =
      !step || step.phase === 'pruefen'
        ? 'Abschluss läuft: Die Daten werden geprüft und die Abrechnungen berechnet. Danach werden die Belege ausgestellt.'
        : `Abschluss läuft: Belege für ${step.done} von ${step.total} Direktvermarktern ausgestellt. Danach werden die PDFs erzeugt und die E-Mails verschickt.`;
  } else if (pdfsPending) {
    text = `PDFs werden erzeugt: ${data.pdfs.rendered} von ${data.pdfs.total} fertig. Danach gehen die E-Mails an die Direktvermarkter.`;
  } else {
    text = `Alle ${data.pdfs.total} PDFs des Monats sind erzeugt.`;
  }
  return (
    <p role="status" className="mt-2 font-semibold">
      {text}
    </p>
  );
}

/** Monatsabrechnung: compute the drafts, add manual lines, recompute, finalize. */
export function SettlementSection({ month }: { month: string }) {
  const settlement = useSettlement(month);
  const create = useCreateSettlement();
  const recompute = useRecompute();
  const finalize = useFinalize();
  const [askFinalize, setAskFinalize] = useState(false);
  // "Abgeschlossen: 28 Belege ausgestellt" goes once anything changes after it (a storno …)
  useClearedByNextMoneyAction(finalize.isSuccess ? finalize.submittedAt : null, finalize.reset);
  const data = settlement.data;
  const drafts = data?.items.filter((item) => item.status === 'draft') ?? [];
  const ready = drafts.filter((item) => item.blockers.length === 0);
  const recomputeButton = (
    <Button
      variant="secondary"
      disabled={recompute.isPending}
      onClick={() => recompute.mutate(month)}
    >
      {recompute.isPending ? 'Wird berechnet …' : 'Neu berechnen'}
    </Button>
  );
  return (
    <section aria-labelledby="abrechnung" className="rounded-xl bg-sand/30 p-4">
      <h2 id="abrechnung" className="text-xl font-bold">
        Monatsabrechnung {formatMonth(month)}
      </h2>
      {settlement.isError && (
        <LoadError
          title="Die Abrechnung konnte nicht geladen werden."
          onRetry={() => void settlement.refetch()}
        />
      )}
      {settlement.isSuccess && data === null && (
        <div className="mt-3 space-y-3">
          <p>Für {formatMonth(month)} gibt es noch keine Abrechnung.</p>
          <Button disabled={create.isPending} onClick={() => create.mutate(month)}>
            {create.isPending ? 'Wird berechnet …' : 'Entwurf berechnen'}
          </Button>
          <AdminErrorAlert error={create.error} />
        </div>
      )}
      {data && (
        <>
          {data.status === 'nothing' ? (
            <p className="mt-2">
              Stand: Nichts abzurechnen · In diesem Monat hat niemand etwas abzurechnen; er gilt als
              erledigt.
            </p>
          ) : (
            <p className="mt-2">
              Stand: {data.status === 'final' ? 'abgeschlossen' : 'Entwurf'} ·{' '}
              {data.items.length === 1
                ? '1 Direktvermarkter'
                : `${data.items.length} Direktvermarkter`}
            </p>
          )}
          {data.status === 'nothing' ? null : data.items.length > 0 ? (
            <ItemsTable data={data} />
          ) : (
            // a draft nobody is in, though someone has something now (imported since): recompute
            <div className="mt-2 space-y-2">
              <p>Seit der Berechnung ist etwas dazugekommen: Bitte neu berechnen.</p>
              {recomputeButton}
            </div>
          )}
          {drafts.length > 0 && (
            <div className="mt-4 flex flex-wrap gap-2">
              {recomputeButton}
              <Button disabled={ready.length === 0} onClick={() => setAskFinalize(true)}>
                Abschließen
              </Button>
            </div>
          )}
          <AdminErrorAlert error={recompute.error} />
          {askFinalize && (
            <ConfirmBox
              confirmLabel={`${formatMonth(month)} abschließen`}
              busy={finalize.isPending}
              error={finalize.error}
              onConfirm={() => finalize.mutate(month, { onSuccess: () => setAskFinalize(false) })}
              onCancel={() => setAskFinalize(false)}
            >
              {formatMonth(month)} für{' '}
              {ready.length === 1 ? '1 Direktvermarkter' : `${ready.length} Direktvermarkter`}{' '}
              abschließen? Jeder bekommt seine Rechnung und seine Verkaufsabrechnung per E-Mail.
              Ausgestellte Belege lassen sich danach nicht mehr ändern, nur stornieren.
              {drafts.length > ready.length &&
                ` ${drafts.length - ready.length} blockierte bleiben Entwurf, bis ihre Daten vollständig sind.`}
            </ConfirmBox>
          )}
          {(finalize.isPending || finalize.isSuccess) && (
            <FinalizeProgressNote month={month} running={finalize.isPending} />
          )}
          {finalize.isSuccess && (
            <Alert tone="success" focusOnShow>
              <p>
                Abgeschlossen: {finalize.data.documents.length}{' '}
                {finalize.data.documents.length === 1 ? 'Beleg' : 'Belege'} ausgestellt
                {finalize.data.blocked.length > 0 &&
                  `, ${finalize.data.blocked.length} Direktvermarkter blockiert`}
                .
              </p>
            </Alert>
          )}
          <InventoryRefunds data={data} />
          <ManualLines data={data} />
          {data.items.some((item) => item.status === 'final') && <FinalPart data={data} />}
        </>
      )}
    </section>
  );
}

/** Offene Posten: what producers owe from negative payouts. */
