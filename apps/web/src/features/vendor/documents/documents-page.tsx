import { formatEuro, formatIsoDay, isoDayInBerlin } from '@housnkuh/shared/format';
import { formatMonth } from '@housnkuh/shared/months';
import { formatQuantity } from '@housnkuh/shared/quantity';
import type { VendorDocument } from '@housnkuh/shared/schemas/documents';
import { formatVatRate } from '@housnkuh/shared/vat';
import { Download } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { usePageMeta } from '../../../lib/page-meta';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { useSiteSettings } from '../../../lib/site-settings';
import { payoutStateText, type VendorPayoutMonth } from '@housnkuh/shared/schemas/vendor-payouts';
import { useDownloadDocument, useVendorDocuments } from './api/documents';
import { useVendorPayouts } from '../../../lib/vendor-area/payouts';
import { vendorErrorMessage } from '../../../lib/vendor-area/profile';
import { BackToDashboard } from '../../../components/vendor-area/back-to-dashboard';
import { IbanNotice } from '../../../components/vendor-area/iban-notice';

const TYPE_LABEL: Record<VendorDocument['type'], string> = {
  rechnung: 'Rechnung',
  verkaufsabrechnung: 'Verkaufsabrechnung',
  storno: 'Storno',
};

function DownloadButtons({ document }: { document: VendorDocument }) {
  return (
    <div className="flex flex-wrap gap-2">
      <DownloadButton document={document} />
      {/* an invoice's e-invoice (XRechnung, the XML alone; docs/decisions/0075) */}
      {document.xmlUrl && <DownloadButton document={document} xml />}
    </div>
  );
}

function DownloadButton({ document, xml = false }: { document: VendorDocument; xml?: boolean }) {
  const download = useDownloadDocument(xml);
  return (
    <div>
      <Button
        variant="secondary"
        disabled={download.isPending}
        onClick={() => download.mutate(document)}
      >
        <Download aria-hidden="true" className="h-4 w-4" />
        {download.isPending ? 'Wird geladen …' : `${xml ? 'XRechnung' : 'PDF'} ${document.number}`}
      </Button>
      <div aria-live="polite">
        {download.isError && (
          <div className="mt-2">
            <Alert tone="error">
              <p>{vendorErrorMessage(download.error)}</p>
            </Alert>
          </div>
        )}
      </div>
    </div>
  );
}

function Heading({ document }: { document: VendorDocument }) {
  return (
    <div>
      <h2 className="text-lg font-bold">
        {TYPE_LABEL[document.type]} <span className="whitespace-nowrap">{document.number}</span>
      </h2>
      <p className="text-gray-800">
        {formatMonth(document.month)} · ausgestellt am {formatIsoDay(document.issuedOn)}
        {document.type === 'storno' && document.refersToNumber
          ? ` · storniert ${document.refersToNumber}`
          : ''}
        {document.cancelledBy ? ` · storniert durch ${document.cancelledBy}` : ''}
      </p>
    </div>
  );
}

/** A statement's money first: sales, deductions, payout and where the payout stands. */
function PayoutSummary({
  document,
  payout,
}: {
  document: VendorDocument;
  payout: VendorPayoutMonth | undefined;
}) {
  if (!payout || document.cancelledBy) {
    return (
      <>
        Auszahlung: <strong>{formatEuro(document.payoutCents ?? 0)}</strong>
      </>
    );
  }
  return (
    <>
      Verkäufe <strong className="whitespace-nowrap">{formatEuro(payout.salesGrossCents)}</strong> ·
      Abzüge <strong className="whitespace-nowrap">{formatEuro(payout.deductionsCents)}</strong> ·
      Auszahlung: <strong className="whitespace-nowrap">{formatEuro(payout.payoutCents)}</strong> ·{' '}
      <span className="font-semibold">{payoutStateText(payout)}</span>
    </>
  );
}

function DocumentList({
  documents,
  empty,
  lines,
  payouts,
}: {
  documents: VendorDocument[];
  empty: string;
  lines: boolean;
  payouts: VendorPayoutMonth[];
}) {
  if (documents.length === 0) return <p className="mt-6 text-gray-800">{empty}</p>;
  return (
    <ul className="mt-6 space-y-4">
      {documents.map((document) => (
        <li key={document.id} className="rounded-xl bg-white p-4 shadow-sm sm:p-6">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <Heading document={document} />
            <DownloadButtons document={document} />
          </div>
          <p className="mt-2 text-lg">
            {document.type === 'verkaufsabrechnung' ? (
              <PayoutSummary
                document={document}
                payout={payouts.find(
                  (payout) =>
                    payout.month === document.month && payout.statementNumber === document.number,
                )}
              />
            ) : (
              <>
                Betrag: <strong>{formatEuro(document.totalGrossCents)}</strong>
              </>
            )}
          </p>
          {lines && document.lines.length > 0 && (
            <details className="mt-3">
              <summary className="cursor-pointer font-semibold">
                Kassenzeilen ({document.lines.length})
              </summary>
              <ScrollRegion label={`Kassenzeilen ${document.number}`} className="mt-2">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">
                    Kassenzeilen der Abrechnung {document.number}
                  </caption>
                  <thead>
                    <tr className="border-b border-gray-300">
                      <th scope="col" className="py-1.5 pr-3">
                        Datum
                      </th>
                      <th scope="col" className="py-1.5 pr-3">
                        Beleg
                      </th>
                      <th scope="col" className="py-1.5 pr-3">
                        Artikel
                      </th>
                      <th scope="col" className="py-1.5 pr-3 text-right">
                        Menge
                      </th>
                      <th scope="col" className="py-1.5 pr-3 text-right">
                        Einzelpreis
                      </th>
                      <th scope="col" className="py-1.5 pr-3 text-right">
                        USt
                      </th>
                      <th scope="col" className="py-1.5 text-right">
                        Brutto
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {document.lines.map((line) => (
                      <tr
                        key={`${line.receiptId}/${line.position}`}
                        className="border-b border-gray-200"
                      >
                        <td className="py-1 pr-3">
                          {formatIsoDay(isoDayInBerlin(line.soldAt))}
                          {isoDayInBerlin(line.soldAt) < `${document.month}-01` && ' (Nachtrag)'}
                        </td>
                        <td className="py-1 pr-3 whitespace-nowrap">
                          {line.receiptId}/{line.position}
                        </td>
                        <td className="py-1 pr-3">{line.articleText}</td>
                        <td className="py-1 pr-3 text-right tabular-nums">
                          {formatQuantity(line.quantityThousandths, line.unit)}
                        </td>
                        <td className="py-1 pr-3 text-right tabular-nums">
                          {formatEuro(line.unitPriceGrossCents)}
                        </td>
                        <td className="py-1 pr-3 text-right tabular-nums">
                          {formatVatRate(line.vatRateBp)}
                        </td>
                        <td className="py-1 text-right tabular-nums">
                          {formatEuro(line.grossCents)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
            </details>
          )}
        </li>
      ))}
    </ul>
  );
}

function DocumentsPage({
  title,
  intro,
  empty,
  pick,
  lines,
}: {
  title: string;
  intro: string;
  empty: string;
  pick: (document: VendorDocument, all: VendorDocument[]) => boolean;
  lines: boolean;
}) {
  const settings = useSiteSettings();
  usePageMeta(title, `${title} von ${settings.shopName}.`, settings.shopName);
  const query = useVendorDocuments();
  const payouts = useVendorPayouts();
  const all = query.data?.documents ?? [];
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <BackToDashboard />
      <h1 className="text-2xl font-extrabold break-words hyphens-auto sm:text-3xl">{title}</h1>
      <p className="mt-2 text-gray-800">{intro}</p>
      <IbanNotice />
      {query.isError ? (
        <div className="mt-6">
          <LoadError title={title} onRetry={() => void query.refetch()} />
        </div>
      ) : !query.data ? (
        <p className="mt-6 text-gray-800">Wird geladen …</p>
      ) : (
        <DocumentList
          documents={all.filter((document) => pick(document, all))}
          empty={empty}
          lines={lines}
          payouts={payouts.data?.months ?? []}
        />
      )}
    </div>
  );
}

/** The number → type of the producer's documents (a storno names its original's number). */
const typeOf = (all: VendorDocument[], number: string | null) =>
  all.find((document) => document.number === number)?.type;

/** /vendor/housnkuh-invoices: the shop's invoices to the producer and their cancellations. */
export function HousnkuhInvoicesPage() {
  return (
    <DocumentsPage
      title="Rechnungen"
      intro="Die Rechnungen des Ladens an dich (Miete, Zusatzleistungen und Provision) und ihre Stornorechnungen. Jede Rechnung wird mit der Auszahlung aus der Verkaufsabrechnung desselben Monats verrechnet."
      empty="Du hast noch keine Rechnungen. Die erste kommt Anfang des Monats nach dem ersten Monat, in dem du verkaufst oder Miete zahlst (im Probemonat zahlst du keine Miete); sie wird mit deiner Auszahlung verrechnet."
      pick={(document, all) =>
        document.type === 'rechnung' ||
        (document.type === 'storno' && typeOf(all, document.refersToNumber) === 'rechnung')
      }
      lines={false}
    />
  );
}

/** /vendor/customer-invoices: the sales statements, each with its receipt lines. */
export function CustomerInvoicesPage() {
  return (
    <DocumentsPage
      title="Verkaufsabrechnungen"
      intro="Was der Laden in deinem Namen verkauft hat, Monat für Monat, mit den Kassenzeilen, den Abzügen und der Auszahlung. Eine Verkaufsabrechnung ist keine Rechnung im Sinne des UStG."
      empty="Du hast noch keine Verkaufsabrechnungen. Die erste kommt nach dem Ende des ersten Monats, in dem du verkauft hast; die Auszahlung wird bis zum 15. des Folgemonats überwiesen."
      pick={(document, all) =>
        document.type === 'verkaufsabrechnung' ||
        (document.type === 'storno' &&
          typeOf(all, document.refersToNumber) === 'verkaufsabrechnung')
      }
      lines
    />
  );
}
