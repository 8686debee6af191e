import { formatDateTime, formatEuro, formatIsoDay, isoDayInBerlin } from '@housnkuh/shared/format';
import type { AdminContract } from '@housnkuh/shared/schemas/admin-rental';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { AdminPageHeader } from '../../components/admin/admin-page-header';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { adminErrorMessage } from '../../lib/admin-api';
import { usePageMeta } from '../../lib/page-meta';
import {
  useEarliestEnd,
  useTerminate,
  useTerminateExtraordinarily,
  useVertrag,
} from './api/vertraege';
import { ChangeForm, Versions } from './change-form';
import { ContractDates, model } from './contract-parts';

const INPUT = 'w-full rounded-lg border border-gray-400 bg-white px-3 py-2.5';

/** An ordinary notice: who, when received; the earliest end is shown before confirming. */
function NoticeForm({ contract }: { contract: AdminContract }) {
  const [kind, setKind] = useState<'vendor' | 'shop'>('vendor');
  const [noticeDate, setNoticeDate] = useState(() => isoDayInBerlin());
  const [endDate, setEndDate] = useState('');
  const [reason, setReason] = useState('');
  const earliest = useEarliestEnd(contract.id, noticeDate);
  const terminate = useTerminate(contract.id);
  const end = endDate || earliest.data?.earliestEnd;
  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        terminate.mutate({
          kind,
          noticeDate,
          ...(endDate ? { endDate } : {}),
          ...(reason.trim() ? { reason } : {}),
        });
      }}
    >
      <fieldset>
        <legend className="mb-1 text-sm font-semibold">Wer kündigt?</legend>
        <div className="flex flex-wrap gap-4">
          {(
            [
              ['vendor', 'Der Direktvermarkter'],
              ['shop', 'Der Laden'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={`kind-${contract.id}`}
                className="h-5 w-5"
                checked={kind === value}
                onChange={() => setKind(value)}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="notice-date" className="mb-1 block text-sm font-semibold">
            Kündigung eingegangen am
          </label>
          <input
            id="notice-date"
            type="date"
            value={noticeDate}
            onChange={(event) => setNoticeDate(event.target.value)}
            className={INPUT}
          />
        </div>
        <div>
          <label htmlFor="notice-end" className="mb-1 block text-sm font-semibold">
            Späteres Ende (optional, ein Monatsende)
          </label>
          <input
            id="notice-end"
            type="date"
            value={endDate}
            onChange={(event) => setEndDate(event.target.value)}
            className={INPUT}
          />
        </div>
      </div>
      <div>
        <label htmlFor="notice-reason" className="mb-1 block text-sm font-semibold">
          Anmerkung (optional, geht mit der E-Mail an den Direktvermarkter)
        </label>
        <input
          id="notice-reason"
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
          className={INPUT}
        />
      </div>
      <p aria-live="polite" className="font-semibold">
        {earliest.data &&
          `Frühestes Ende bei Kündigung am ${formatIsoDay(noticeDate)}: ${formatIsoDay(earliest.data.earliestEnd)}.`}
        {earliest.isError && adminErrorMessage(earliest.error)}
      </p>
      <div aria-live="polite">
        {terminate.isError && (
          <Alert tone="error" focusOnShow>
            <p>{adminErrorMessage(terminate.error)}</p>
          </Alert>
        )}
      </div>
      <Button type="submit" disabled={terminate.isPending || !end}>
        {end ? `Kündigung zum ${formatIsoDay(end)} eintragen` : 'Kündigung eintragen'}
      </Button>
    </form>
  );
}

function ExtraordinaryForm({ contract }: { contract: AdminContract }) {
  const [endDate, setEndDate] = useState(() => isoDayInBerlin());
  const [reason, setReason] = useState('');
  const terminate = useTerminateExtraordinarily(contract.id);
  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        terminate.mutate({ endDate, reason });
      }}
    >
      <p className="text-sm text-gray-800">
        Etwa bei Zahlungsverzug über 30 Tage oder einem zu über 50 % leeren Mietfach über mehr als 7
        Tage.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="extra-end" className="mb-1 block text-sm font-semibold">
            Vertragsende
          </label>
          <input
            id="extra-end"
            type="date"
            value={endDate}
            onChange={(event) => setEndDate(event.target.value)}
            className={INPUT}
          />
        </div>
        <div>
          <label htmlFor="extra-reason" className="mb-1 block text-sm font-semibold">
            Grund
          </label>
          <input
            id="extra-reason"
            value={reason}
            maxLength={1000}
            onChange={(event) => setReason(event.target.value)}
            className={INPUT}
          />
        </div>
      </div>
      <div aria-live="polite">
        {terminate.isError && (
          <Alert tone="error" focusOnShow>
            <p>{adminErrorMessage(terminate.error)}</p>
          </Alert>
        )}
      </div>
      <Button type="submit" variant="secondary" disabled={terminate.isPending}>
        Außerordentlich kündigen
      </Button>
    </form>
  );
}

/** /admin/vertraege/:id: a contract's facts, its history, and terminations. */
export function AdminVertragPage() {
  const { id = '' } = useParams();
  const detail = useVertrag(id);
  const contract = detail.data?.vertrag;
  usePageMeta(contract ? `Vertrag ${contract.number ?? ''}` : 'Vertrag', 'Ein Mietvertrag.');
  return (
    <>
      <Link
        to="/admin/vertraege"
        className="mb-4 inline-flex items-center gap-1 font-semibold text-coral-darker underline underline-offset-2"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Alle Verträge
      </Link>
      {detail.isPending && <p role="status">Wird geladen...</p>}
      {detail.isError && (
        <Alert tone="error" title="Der Vertrag konnte nicht geladen werden.">
          <p>{adminErrorMessage(detail.error)}</p>
        </Alert>
      )}
      {contract && (
        <>
          <AdminPageHeader
            title={`Vertrag ${contract.number ?? 'ohne Nummer'}`}
            description={`${contract.vendor.unternehmen || contract.vendor.name}: ${contract.statusLabel}`}
          />
          <div className="grid gap-6 xl:grid-cols-2">
            <section aria-labelledby="facts" className="rounded-xl bg-white p-4 sm:p-6">
              <h2 id="facts" className="mb-3 text-lg font-bold">
                Vertrag
              </h2>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                <dt className="font-semibold">Direktvermarkter</dt>
                <dd>
                  <Link
                    to={`/admin/users/vendors/${contract.vendor.id}`}
                    className="text-coral-darker underline underline-offset-2"
                  >
                    {contract.vendor.unternehmen || contract.vendor.name}
                  </Link>
                </dd>
                <dt className="font-semibold">Status</dt>
                <dd>{contract.statusLabel}</dd>
                <dt className="font-semibold">Mietfächer</dt>
                <dd>
                  {contract.mietfaecher
                    .map((unit) => `${unit.name} (${formatEuro(unit.priceCents)})`)
                    .join(', ') || '–'}
                </dd>
                <dt className="font-semibold">Zusatzleistungen</dt>
                <dd>
                  {[
                    contract.zusatzleistungen.lagerservice && 'Lagerservice',
                    contract.zusatzleistungen.versandservice && 'Versandservice',
                  ]
                    .filter(Boolean)
                    .join(', ') || 'keine'}
                </dd>
                <dt className="font-semibold">Modell</dt>
                <dd>{model(contract)}</dd>
                <dt className="font-semibold">Monatlich</dt>
                <dd>{formatEuro(contract.monthlyPriceCents)}</dd>
                <dt className="font-semibold">Termine</dt>
                <dd>
                  <ContractDates contract={contract} />
                </dd>
                {contract.termination && (
                  <>
                    <dt className="font-semibold">Kündigung</dt>
                    <dd>
                      {contract.termination.noticeGivenOn &&
                        `am ${formatIsoDay(contract.termination.noticeGivenOn)}`}
                      {contract.endDate && ` zum ${formatIsoDay(contract.endDate)}`}
                      {contract.termination.reason && ` – ${contract.termination.reason}`}
                    </dd>
                  </>
                )}
              </dl>
            </section>
            <section aria-labelledby="history" className="rounded-xl bg-white p-4 sm:p-6">
              <h2 id="history" className="mb-3 text-lg font-bold">
                Verlauf
              </h2>
              <ol className="space-y-2">
                {contract.history.map((event) => (
                  <li key={event.id}>
                    <p className="text-sm text-gray-800">
                      {formatDateTime(event.createdAt)} · {event.actorName}
                    </p>
                    <p>{event.summary}</p>
                  </li>
                ))}
              </ol>
            </section>
          </div>
          <div aria-live="polite" className="mt-6">
            {contract.termination && contract.endDate && (
              <Alert tone="success" title="Kündigung eingetragen">
                <p>
                  Der Vertrag endet am {formatIsoDay(contract.endDate)}; die Mietfächer sind ab dem
                  Tag danach frei.
                </p>
              </Alert>
            )}
          </div>
          <div className="mt-6 grid gap-6 xl:grid-cols-2">
            <section aria-labelledby="versions" className="rounded-xl bg-white p-4 sm:p-6">
              <h2 id="versions" className="mb-3 text-lg font-bold">
                Versionen
              </h2>
              <Versions contract={contract} />
            </section>
            {contract.phase !== 'ended' && (
              <section aria-labelledby="change" className="rounded-xl bg-white p-4 sm:p-6">
                <h2 id="change" className="mb-3 text-lg font-bold">
                  Ändern ab einem Tag
                </h2>
                <ChangeForm contract={contract} />
              </section>
            )}
          </div>
          {!contract.endDate && (
            <div className="mt-6 grid gap-6 xl:grid-cols-2">
              <section aria-labelledby="notice" className="rounded-xl bg-white p-4 sm:p-6">
                <h2 id="notice" className="mb-3 text-lg font-bold">
                  Kündigung eintragen
                </h2>
                <NoticeForm contract={contract} />
              </section>
              <section aria-labelledby="extraordinary" className="rounded-xl bg-white p-4 sm:p-6">
                <h2 id="extraordinary" className="mb-3 text-lg font-bold">
                  Außerordentliche Kündigung
                </h2>
                <ExtraordinaryForm contract={contract} />
              </section>
            </div>
          )}
        </>
      )}
    </>
  );
}
