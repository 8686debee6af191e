import { formatOptionCount } from '@housnkuh/shared/catalog';
import { packageDataItems } from '@housnkuh/shared/package-data';
import { formatDate, formatEuro, formatIsoDay } from '@housnkuh/shared/format';
import { CANCEL_REASON_MAX } from '@housnkuh/shared/limits';
import { PRICE_ON_REQUEST_LABEL, priceWithRequestNote } from '@housnkuh/shared/pricing';
import type { ContractAnswer } from '@housnkuh/shared/schemas/admin-rental';
import type { Booking, BookingWaitlist } from '@housnkuh/shared/schemas/vendor';
import { OFFER_VALID_DAYS } from '@housnkuh/shared/schemas/waitlist';
import { useId, useState } from 'react';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { TextAreaField } from '../ui/field';
import { useCancelBooking } from '../../lib/vendor-area/cancel-booking';

const ORIGIN_LABELS: Record<Booking['origin'], string> = {
  registration: 'Registrierung',
  preregistration: 'Vor-Registrierung',
  additional: 'Zusätzliche Buchung',
};

const STATUS_STYLES: Record<Booking['status'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-green-100 text-green-900',
  rejected: 'bg-red-100 text-red-900',
  cancelled: 'bg-gray-200 text-gray-800',
};

/** The contract an approved booking became: number, units, state and dates. */
export function ContractFacts({ contract }: { contract: ContractAnswer }) {
  return (
    <div className="mt-3 rounded-lg bg-sand p-3">
      <p className="font-semibold">
        Vertrag {contract.number ?? ''}: {contract.statusLabel}
      </p>
      <p>
        Mietfächer:{' '}
        {contract.mietfaecher
          .map((unit) => `${unit.name} (${formatEuro(unit.priceCents)})`)
          .join(', ') || 'noch keine'}{' '}
        · monatlich {formatEuro(contract.monthlyPriceCents)}
      </p>
      <p className="text-sm text-gray-800">
        {[
          `Beginn ${formatIsoDay(contract.startDate)}`,
          contract.trialEndsOn && `Probemonat bis ${formatIsoDay(contract.trialEndsOn)}`,
          contract.termEndsOn && `Mindestlaufzeit bis ${formatIsoDay(contract.termEndsOn)}`,
          contract.phase === 'cancelled'
            ? 'vor dem Beginn storniert'
            : contract.endDate
              ? `Ende ${formatIsoDay(contract.endDate)}`
              : contract.earliestEnd
                ? `bei Kündigung heute Ende am ${formatIsoDay(contract.earliestEnd)}`
                : contract.endsAtOnce && 'bis zum Beginn kostenlos stornierbar',
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {contract.nextChange && (
        <p className="mt-1 text-sm font-semibold">
          Ab {formatIsoDay(contract.nextChange.validFrom)}:{' '}
          {contract.nextChange.provisionType === 'premium' ? 'Premium-Modell' : 'Basismodell'},{' '}
          {contract.nextChange.mietfaecher.map((unit) => unit.name).join(', ')}, monatlich{' '}
          {formatEuro(contract.nextChange.monthlyPriceCents)}
        </p>
      )}
    </div>
  );
}

/** A request on the waiting list: its place on each type's list, and an offer holding units for it. */
function WaitlistFacts({ waitlist }: { waitlist: BookingWaitlist }) {
  const offer = waitlist.offer;
  return (
    <div className="mt-3 rounded-lg bg-sand p-3">
      <p className="font-semibold">Auf der Warteliste</p>
      <ul>
        {waitlist.places.map((entry) => (
          <li key={entry.name}>
            {entry.name}: Platz {entry.place} von {entry.of}
          </li>
        ))}
      </ul>
      {offer?.state === 'open' ? (
        <p className="mt-1 font-semibold">
          Für dich reserviert: {offer.units.join(', ')}, bis einschließlich{' '}
          {formatIsoDay(offer.validUntil)}. Annehmen oder ablehnen kannst du über den Link in
          unserer E-Mail.
        </p>
      ) : offer?.state === 'accepted' ? (
        <p className="mt-1 font-semibold">
          Angebot angenommen: {offer.units.join(', ')} bleibt für dich reserviert, bis wir deine
          Anfrage bestätigen.
        </p>
      ) : (
        <p className="mt-1 text-sm text-gray-800">
          Wird ein passendes Mietfach frei, bekommst du ein Angebot per E-Mail; es gilt{' '}
          {OFFER_VALID_DAYS} Tage.
        </p>
      )}
    </div>
  );
}

/** One booking request: its package, monthly price and state; pending or trial bookings can be cancelled. */
export function BookingCard({ booking }: { booking: Booking }) {
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const cancelBooking = useCancelBooking();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ success: boolean; message: string } | null>(null);
  const titleId = useId();
  const pkg = booking.packageData;
  const items = packageDataItems(pkg);

  const cancel = async () => {
    setBusy(true);
    try {
      setResult(
        await cancelBooking.mutateAsync({
          bookingId: booking.id,
          reason: reason.trim() || undefined,
        }),
      );
    } catch (error) {
      setResult({
        success: false,
        message: error instanceof Error ? error.message : String(error),
      });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <article aria-labelledby={titleId} className="rounded-xl bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={titleId} className="text-lg font-bold">
            {ORIGIN_LABELS[booking.origin]} vom {formatDate(booking.createdAt)}
          </h3>
          <p className="text-gray-700">
            {pkg.selectedProvisionType === 'premium' ? 'Premium-Modell' : 'Basismodell'} (
            {pkg.totalCost.provision} % Provision) · {pkg.rentalDuration} Monate
          </p>
        </div>
        <span
          className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_STYLES[booking.status]}`}
        >
          {booking.statusLabel}
        </span>
      </div>
      <ul className="mt-3 space-y-1">
        {items.map((item) => (
          <li key={item.id} className="flex justify-between gap-3">
            <span>{formatOptionCount(item.id, item.count, item.name)}</span>
            <span className="whitespace-nowrap tabular-nums">
              {item.priceDisplay ? PRICE_ON_REQUEST_LABEL : formatEuro(item.price * item.count)}
            </span>
          </li>
        ))}
        {pkg.zusatzleistungen.lagerservice && <li>Lagerservice</li>}
        {pkg.zusatzleistungen.versandservice && <li>Versandservice</li>}
      </ul>
      <p className="mt-3 flex justify-between border-t border-sand pt-3 text-lg font-bold">
        <span>Monatlich</span>
        <span className="text-right tabular-nums">
          {priceWithRequestNote(items, booking.monthlyPrice)}
        </span>
      </p>
      {booking.waitlist && <WaitlistFacts waitlist={booking.waitlist} />}
      {booking.contract && <ContractFacts contract={booking.contract} />}
      {booking.cancelReason && (
        <p className="mt-2 text-sm text-gray-700">Grund der Stornierung: {booking.cancelReason}</p>
      )}
      {booking.rejectionReason && (
        <p className="mt-2 text-sm text-gray-700">Grund der Ablehnung: {booking.rejectionReason}</p>
      )}
      {result && (
        <div className="mt-3">
          <Alert tone={result.success ? 'success' : 'error'} focusOnShow>
            <p>{result.message}</p>
          </Alert>
        </div>
      )}
      {booking.cancellable && !confirming && (
        <Button variant="secondary" className="mt-4" onClick={() => setConfirming(true)}>
          Buchung stornieren
        </Button>
      )}
      {booking.cancellable && confirming && (
        <div className="mt-4 space-y-3 rounded-lg bg-sand p-4">
          <p className="font-semibold">Möchtest du diese Buchung wirklich stornieren?</p>
          <TextAreaField
            label="Grund"
            optional
            rows={2}
            maxLength={CANCEL_REASON_MAX}
            counter={{ length: reason.length, max: CANCEL_REASON_MAX }}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => void cancel()} disabled={busy}>
              {busy ? 'Wird storniert...' : 'Stornierung bestätigen'}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>
              Nicht stornieren
            </Button>
          </div>
        </div>
      )}
    </article>
  );
}
