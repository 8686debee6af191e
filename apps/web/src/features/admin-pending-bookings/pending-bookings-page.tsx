import { findPackageOption, formatOptionCount } from '@housnkuh/shared/catalog';
import { formatEuro, formatIsoDay, isoDayInBerlin, parseEuroAmount } from '@housnkuh/shared/format';
import type { Mietfach, PendingBooking } from '@housnkuh/shared/schemas/admin-rental';
import { useState } from 'react';
import { AdminPageHeader } from '../../components/admin/admin-page-header';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { adminErrorMessage } from '../../lib/admin-api';
import { usePageMeta } from '../../lib/page-meta';
import {
  useApproveBooking,
  useFreeUnits,
  usePendingBookings,
  useRejectBooking,
} from './api/pending-bookings';

const INPUT = 'w-full rounded-lg border border-gray-400 bg-white px-3 py-2.5';
const ORIGIN_LABELS: Record<string, string> = {
  registration: 'Registrierung',
  preregistration: 'Vor-Registrierung',
  additional: 'Zusätzliche Buchung',
};
const euros = (value: number) => formatEuro(Math.round(value * 100));
const typeName = (optionId: string) => findPackageOption(optionId)?.displayName ?? optionId;

function age(createdAt: string): string {
  const days = Math.floor((Date.now() - new Date(createdAt).getTime()) / 86_400_000);
  if (days <= 0) return 'heute';
  return days === 1 ? 'vor 1 Tag' : `vor ${days} Tagen`;
}

function PackageSummary({ booking }: { booking: PendingBooking }) {
  const pkg = booking.packageData;
  const services = [
    pkg.zusatzleistungen.lagerservice && 'Lagerservice',
    pkg.zusatzleistungen.versandservice && 'Versandservice',
  ].filter(Boolean);
  return (
    <ul className="mt-2 list-inside list-disc text-sm">
      {Object.entries(pkg.packageCounts)
        .filter(([, n]) => n > 0)
        .map(([id, n]) => (
          <li key={id}>{formatOptionCount(id, n)}</li>
        ))}
      {services.length > 0 && <li>{services.join(', ')}</li>}
      <li>
        {pkg.selectedProvisionType === 'premium' ? 'Premium-Modell (7 %)' : 'Basismodell (4 %)'},{' '}
        {pkg.rentalDuration} Monate, {euros(pkg.totalCost.monthly)} im Monat
        {pkg.discount > 0 && ` (nach ${Math.round(pkg.discount * 100)} % Rabatt)`}
      </li>
    </ul>
  );
}

/** Choose units (proposed: free ones of the requested types), a start date and, if need be, other prices. */
function ApproveForm({
  booking,
  onDone,
  onApproved,
}: {
  booking: PendingBooking;
  onDone: () => void;
  onApproved: (message: string) => void;
}) {
  const free = useFreeUnits(true);
  const approve = useApproveBooking(booking.id);
  const requested = Object.entries(booking.packageData.packageCounts).filter(([, n]) => n > 0);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [prices, setPrices] = useState<Record<string, string>>({});
  const [startDate, setStartDate] = useState(() => isoDayInBerlin());
  const [reason, setReason] = useState('');
  const [priceError, setPriceError] = useState('');

  if (free.isPending) return <p role="status">Freie Mietfächer werden geladen...</p>;
  if (free.isError) {
    return (
      <LoadError
        title="Die freien Mietfächer konnten nicht geladen werden."
        onRetry={() => void free.refetch()}
      />
    );
  }
  const units = free.data.mietfaecher;
  const proposal = requested.flatMap(([id, n]) =>
    units
      .filter((unit) => unit.optionId === id)
      .slice(0, n)
      .map((unit) => unit.id),
  );
  const selected = chosen ?? proposal;
  const short = requested
    .map(([id, n]) => ({ id, n, available: units.filter((unit) => unit.optionId === id).length }))
    .filter((entry) => entry.available < entry.n);
  const groups = [
    ...requested.map(([id]) => id),
    ...[...new Set(units.map((unit) => unit.optionId))].filter(
      (id) => !requested.some(([r]) => r === id),
    ),
  ];
  const toggle = (unit: Mietfach) =>
    setChosen(
      selected.includes(unit.id) ? selected.filter((id) => id !== unit.id) : [...selected, unit.id],
    );

  return (
    <form
      className="mt-3 space-y-4 rounded-lg border-2 border-navy p-3"
      onSubmit={(event) => {
        event.preventDefault();
        const priceCents: Record<string, number> = {};
        for (const id of selected) {
          const text = prices[id];
          if (text === undefined || text.trim() === '') continue;
          const cents = parseEuroAmount(text);
          if (cents === null) {
            setPriceError('Bitte gib die Preise in Euro ein, z. B. 35 oder 35,00.');
            return;
          }
          priceCents[id] = cents;
        }
        setPriceError('');
        approve.mutate(
          {
            mietfachIds: selected,
            startDate,
            ...(Object.keys(priceCents).length ? { priceCents } : {}),
            ...(reason.trim() ? { priceReason: reason } : {}),
          },
          { onSuccess: (data) => onApproved(data.message) },
        );
      }}
    >
      {short.length > 0 && (
        <div className="rounded-lg border-2 border-amber-700 bg-amber-50 p-3 text-amber-950">
          <p className="font-semibold">Nicht genug frei</p>
          <p>
            {short
              .map(
                (entry) => `${typeName(entry.id)}: ${entry.n} angefragt, ${entry.available} frei`,
              )
              .join('; ')}
            . Wähle andere Mietfächer oder sprich mit dem Direktvermarkter.
          </p>
        </div>
      )}
      {groups.map((optionId) => {
        const ofType = units.filter((unit) => unit.optionId === optionId);
        if (ofType.length === 0) return null;
        return (
          <fieldset key={optionId}>
            <legend className="font-semibold">
              {typeName(optionId)}
              {booking.packageData.packageCounts[optionId]
                ? ` (${booking.packageData.packageCounts[optionId]} angefragt)`
                : ''}
            </legend>
            <ul className="mt-1 grid gap-2 sm:grid-cols-2">
              {ofType.map((unit) => (
                <li key={unit.id} className="flex flex-wrap items-center gap-2">
                  <label className="flex min-h-11 items-center gap-2">
                    <input
                      type="checkbox"
                      className="h-5 w-5"
                      checked={selected.includes(unit.id)}
                      onChange={() => toggle(unit)}
                    />
                    <span>
                      {unit.name}
                      {unit.standort ? ` · ${unit.standort}` : ''}
                    </span>
                  </label>
                  {selected.includes(unit.id) && (
                    <span className="flex items-center gap-1">
                      <label htmlFor={`price-${booking.id}-${unit.id}`} className="text-sm">
                        Preis {unit.name} (€)
                      </label>
                      <input
                        id={`price-${booking.id}-${unit.id}`}
                        inputMode="decimal"
                        maxLength={12}
                        className="w-24 rounded-lg border border-gray-400 bg-white px-2 py-1"
                        placeholder={formatEuro(unit.priceCents).replace(/\s?€$/, '')}
                        value={prices[unit.id] ?? ''}
                        onChange={(event) =>
                          setPrices({ ...prices, [unit.id]: event.target.value })
                        }
                      />
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </fieldset>
        );
      })}
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`start-${booking.id}`} className="mb-1 block text-sm font-semibold">
            Vertragsbeginn
          </label>
          <input
            id={`start-${booking.id}`}
            type="date"
            required
            value={startDate}
            onChange={(event) => setStartDate(event.target.value)}
            className={INPUT}
          />
        </div>
        <div>
          <label htmlFor={`reason-${booking.id}`} className="mb-1 block text-sm font-semibold">
            Grund für geänderte Preise
          </label>
          <input
            id={`reason-${booking.id}`}
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
            className={INPUT}
          />
        </div>
      </div>
      <div aria-live="polite">
        {(priceError || approve.isError) && (
          <Alert tone="error" focusOnShow>
            <p>{priceError || adminErrorMessage(approve.error)}</p>
          </Alert>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={approve.isPending}>
          {approve.isPending
            ? 'Wird bestätigt...'
            : `Mit ${selected.length === 1 ? '1 Mietfach' : `${selected.length} Mietfächern`} bestätigen`}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Abbrechen
        </Button>
      </div>
    </form>
  );
}

function RejectForm({ booking, onDone }: { booking: PendingBooking; onDone: () => void }) {
  const reject = useRejectBooking(booking.id);
  const [reason, setReason] = useState('');
  return (
    <form
      className="mt-3 space-y-3 rounded-lg border-2 border-coral-dark p-3"
      onSubmit={(event) => {
        event.preventDefault();
        reject.mutate(reason, { onSuccess: onDone });
      }}
    >
      <div>
        <label htmlFor={`reject-${booking.id}`} className="mb-1 block text-sm font-semibold">
          Grund der Ablehnung (geht per E-Mail an {booking.vendor.name})
        </label>
        <textarea
          id={`reject-${booking.id}`}
          rows={3}
          maxLength={1000}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          className={INPUT}
        />
      </div>
      <div aria-live="polite">
        {reject.isError && (
          <Alert tone="error" focusOnShow>
            <p>{adminErrorMessage(reject.error)}</p>
          </Alert>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={reject.isPending}>
          Ablehnen und E-Mail senden
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Abbrechen
        </Button>
      </div>
    </form>
  );
}

function BookingItem({
  booking,
  onDecided,
}: {
  booking: PendingBooking;
  onDecided: (message: string) => void;
}) {
  const [mode, setMode] = useState<'view' | 'approve' | 'reject'>('view');
  const who = booking.vendor.unternehmen || booking.vendor.name;
  return (
    <li className="p-4">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold break-words">{who}</h2>
          <p className="text-sm break-all text-gray-800">
            {booking.vendor.unternehmen ? `${booking.vendor.name} · ` : ''}
            {booking.vendor.email}
          </p>
          <p className="text-sm text-gray-800">
            {ORIGIN_LABELS[booking.origin] ?? booking.origin}, {age(booking.createdAt)} (
            {formatIsoDay(isoDayInBerlin(booking.createdAt))})
          </p>
          <PackageSummary booking={booking} />
          {booking.comments && (
            <p className="mt-2 text-sm">
              <span className="font-semibold">Anmerkungen:</span> {booking.comments}
            </p>
          )}
        </div>
        {mode === 'view' && (
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setMode('approve')}>
              Bestätigen …<span className="sr-only"> ({who})</span>
            </Button>
            <Button variant="ghost" onClick={() => setMode('reject')}>
              Ablehnen …<span className="sr-only"> ({who})</span>
            </Button>
          </div>
        )}
      </div>
      {mode === 'approve' && (
        <ApproveForm
          booking={booking}
          onDone={() => setMode('view')}
          onApproved={(message) => {
            setMode('view');
            onDecided(message);
          }}
        />
      )}
      {mode === 'reject' && (
        <RejectForm
          booking={booking}
          onDone={() => {
            setMode('view');
            onDecided(
              `Die Buchung von ${who} ist abgelehnt; ${booking.vendor.name} bekommt eine E-Mail.`,
            );
          }}
        />
      )}
    </li>
  );
}

/** /admin/pending-bookings: the booking requests waiting for units. */
export function AdminPendingBookingsPage() {
  usePageMeta('Offene Buchungen', 'Buchungsanfragen bestätigen oder ablehnen.');
  const bookings = usePendingBookings();
  const [notice, setNotice] = useState('');
  return (
    <>
      <AdminPageHeader
        title="Offene Buchungen"
        description="Buchungsanfragen, die älteste zuerst. Mit „Bestätigen“ weist du freie Mietfächer zu; daraus wird der Vertrag, und der Direktvermarkter bekommt eine E-Mail."
      />
      <div aria-live="polite" className="mb-4">
        {notice && (
          <Alert tone="success">
            <p>{notice}</p>
          </Alert>
        )}
      </div>
      {bookings.isPending && <p role="status">Wird geladen...</p>}
      {bookings.isError && (
        <LoadError
          title="Die Buchungsanfragen konnten nicht geladen werden."
          onRetry={() => void bookings.refetch()}
        />
      )}
      {bookings.data &&
        (bookings.data.bookings.length === 0 ? (
          <p className="rounded-xl bg-white p-4">Keine offenen Buchungen. Alles erledigt!</p>
        ) : (
          <ul className="divide-y divide-gray-200 rounded-xl bg-white">
            {bookings.data.bookings.map((booking) => (
              <BookingItem key={booking.id} booking={booking} onDecided={setNotice} />
            ))}
          </ul>
        ))}
    </>
  );
}
