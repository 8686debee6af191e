import { findPackageOption, formatOptionCount } from '@housnkuh/shared/catalog';
import {
  daysBetween,
  formatDateTime,
  formatEuro,
  formatIsoDay,
  isoDayInBerlin,
} from '@housnkuh/shared/format';
import type {
  ApproveBookingInput,
  Mietfach,
  PendingBooking,
} from '@housnkuh/shared/schemas/admin-rental';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useWatch } from 'react-hook-form';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { Badge } from '../../../components/admin/badge';
import { ReasonForm } from '../../../components/admin/reason-form';
import { FormCheckboxList } from '../../../components/form/choice-fields';
import { FromDayForm } from '../../../components/form/from-day-form';
import { euroText, FormMoneyField } from '../../../components/form/money-field';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Alert } from '../../../components/ui/alert';
import { useAskFirst } from '../../../components/ui/ask-first';
import { Button } from '../../../components/ui/button';
import { LoadError, QueryState } from '../../../components/ui/load-error';
import { adminErrorMessage } from '../../../lib/admin-api';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { usePageMeta } from '../../../lib/page-meta';
import {
  useApproveBooking,
  useFreeUnits,
  usePendingBookings,
  useRejectBooking,
} from './api/pending-bookings';

/** Units reserved by offers of the waiting list: for which request, and for whom. */
type Reserved = ReadonlyMap<string, { bookingId: string; who: string }>;

const ORIGIN_LABELS: Record<string, string> = {
  registration: 'Registrierung',
  preregistration: 'Vor-Registrierung',
  additional: 'Zusätzliche Buchung',
};
const euros = (value: number) => formatEuro(Math.round(value * 100));
const typeName = (optionId: string) => findPackageOption(optionId)?.displayName ?? optionId;

function age(createdAt: string): string {
  const days = daysBetween(isoDayInBerlin(createdAt), isoDayInBerlin());
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

interface ApproveValues {
  mietfachIds: string[];
  startDate: string;
  /** Prices typed by unit; an empty one keeps the unit's own price. */
  priceCents: Record<string, number | undefined>;
  priceReason: string;
}

/** The request body: the prices typed for chosen units only (none: the units' own). */
function toApproveBody(values: ApproveValues): ApproveBookingInput {
  const prices = Object.fromEntries(
    values.mietfachIds.flatMap((id) => {
      const cents = values.priceCents[id];
      return cents === undefined ? [] : [[id, cents]];
    }),
  );
  return {
    mietfachIds: values.mietfachIds,
    startDate: values.startDate,
    ...(Object.keys(prices).length ? { priceCents: prices } : {}),
    priceReason: values.priceReason,
  };
}

const rental = () => import('@housnkuh/shared/schemas/admin-rental');
const approveValidation = lazyZodResolver<ApproveValues, ApproveBookingInput>(
  async () => (await rental()).approveBookingSchema,
  toApproveBody,
);
const rejectValidation = lazyZodResolver<{ reason: string }>(
  async () => (await rental()).rejectBookingSchema,
);

/** Choose units (proposed: free ones of the requested types), a start date and, if need be, other prices. */
function ApproveForm(props: {
  booking: PendingBooking;
  reserved: Reserved;
  onDone: () => void;
  onApproved: (message: string) => void;
}) {
  const free = useFreeUnits(true, isoDayInBerlin());
  if (free.isPending) return <p role="status">Freie Mietfächer werden geladen...</p>;
  if (free.isError) {
    return (
      <LoadError
        title="Die freien Mietfächer konnten nicht geladen werden."
        onRetry={() => void free.refetch()}
      />
    );
  }
  return <ApproveFields {...props} units={free.data.mietfaecher} />;
}

function ApproveFields({
  booking,
  reserved,
  units: unitsToday,
  onDone,
  onApproved,
}: {
  booking: PendingBooking;
  reserved: Reserved;
  units: readonly Mietfach[];
  onDone: () => void;
  onApproved: (message: string) => void;
}) {
  const approve = useApproveBooking(booking.id);
  // a start in the past (a producer taken over, an approval entered late) is asked once
  const pastStart = useAskFirst({
    question: 'Der Beginn liegt in der Vergangenheit – trotzdem anlegen?',
    text: 'Der Vertrag gilt dann rückwirkend ab diesem Tag. Erinnerungen für Tage, die schon vorbei sind, werden nicht mehr verschickt.',
    yesLabel: 'Ja, rückwirkend anlegen',
    cancelled: 'Abgebrochen: Es wurde kein Vertrag angelegt.',
  });
  const requested = Object.entries(booking.packageData.packageCounts).filter(([, n]) => n > 0);
  // the units an offer reserves for this request, else free ones no offer reserves for another
  const reservedHere = booking.waitlist?.offer?.units.map((unit) => unit.id) ?? [];
  const proposal =
    reservedHere.length > 0
      ? reservedHere
      : requested.flatMap(([id, n]) =>
          unitsToday
            .filter((unit) => unit.optionId === id && !reserved.has(unit.id))
            .slice(0, n)
            .map((unit) => unit.id),
        );
  const schemaForm = useSchemaForm({
    validation: approveValidation,
    defaultValues: {
      mietfachIds: proposal,
      startDate: isoDayInBerlin(),
      priceCents: {},
      priceReason: '',
    },
    submit: async (body: ApproveBookingInput) => {
      if (body.startDate < isoDayInBerlin()) await pastStart.ask();
      return approve.mutateAsync(body);
    },
    errorMessage: adminErrorMessage,
    onSuccess: (result) => onApproved(result.message),
  });
  const { form } = schemaForm;
  const chosen = useWatch({ control: form.control, name: 'mietfachIds' });
  // the units free from the chosen start on: one freed before it appears, one held then does not
  const startDate = useWatch({ control: form.control, name: 'startDate' });
  const validDay = /^\d{4}-\d{2}-\d{2}$/.test(startDate ?? '');
  const fromStart = useFreeUnits(validDay, validDay ? startDate : isoDayInBerlin());
  const units = validDay && fromStart.data ? fromStart.data.mietfaecher : unitsToday;
  useEffect(() => {
    const offered = new Set(units.map((unit) => unit.id));
    const kept = chosen.filter((id) => offered.has(id));
    if (kept.length !== chosen.length) form.setValue('mietfachIds', kept);
  }, [units, chosen, form]);
  // a unit an offer of the waiting list reserves for another request is not free for this one
  const freeHere = (unit: Mietfach) => !reserved.has(unit.id) || reservedHere.includes(unit.id);
  const short = requested
    .map(([id, n]) => ({
      id,
      n,
      available: units.filter((unit) => unit.optionId === id && freeHere(unit)).length,
    }))
    .filter((entry) => entry.available < entry.n);
  const groups = [
    ...requested.map(([id]) => id),
    ...[...new Set(units.map((unit) => unit.optionId))].filter(
      (id) => !requested.some(([r]) => r === id),
    ),
  ].filter((optionId) => units.some((unit) => unit.optionId === optionId));
  const byId = new Map(units.map((unit) => [unit.id, unit]));

  return (
    <FromDayForm
      schemaForm={schemaForm}
      className="mt-3 space-y-4 rounded-lg border-2 border-navy p-3"
      lead={
        <>
          {pastStart.dialog}
          {short.length > 0 && (
            <div className="rounded-lg border-2 border-amber-700 bg-amber-50 p-3 text-amber-950">
              <p className="font-semibold">Nicht genug frei</p>
              <p>
                {short
                  .map(
                    (entry) =>
                      `${typeName(entry.id)}: ${entry.n} angefragt, ${entry.available} frei`,
                  )
                  .join('; ')}
                . Wähle andere Mietfächer oder sprich mit dem Direktvermarkter.
              </p>
            </div>
          )}
          {groups.map((optionId, index) => (
            <FormCheckboxList
              key={optionId}
              form={form}
              name="mietfachIds"
              showError={index === groups.length - 1}
              legend={`${typeName(optionId)}${
                booking.packageData.packageCounts[optionId]
                  ? ` (${booking.packageData.packageCounts[optionId]} angefragt)`
                  : ''
              }`}
              listClassName="mt-1 grid gap-2 sm:grid-cols-2"
              choices={units
                .filter((unit) => unit.optionId === optionId)
                .map((unit) => {
                  const holder = reserved.get(unit.id);
                  return {
                    value: unit.id,
                    label: `${unit.name}${unit.standort ? ` · ${unit.standort}` : ''}${
                      holder
                        ? holder.bookingId === booking.id
                          ? ' · für diese Anfrage reserviert'
                          : ` · reserviert für ${holder.who} (Warteliste)`
                        : ''
                    }`,
                  };
                })}
              extra={(id) => (
                <FormMoneyField
                  form={form}
                  name={`priceCents.${id}`}
                  label={`Preis ${byId.get(id)?.name ?? ''} (€)`}
                  placeholder={euroText(byId.get(id)?.priceCents)}
                  invalidMessage="Bitte gib die Preise in Euro ein, z. B. 35 oder 35,00."
                  className="w-36"
                />
              )}
            />
          ))}
        </>
      }
      day={{ name: 'startDate', label: 'Vertragsbeginn' }}
      text={{ name: 'priceReason', label: 'Grund für geänderte Preise', max: 500 }}
      busyLabel="Wird bestätigt..."
      submitLabel={`Mit ${chosen.length === 1 ? '1 Mietfach' : `${chosen.length} Mietfächern`} bestätigen`}
      actions={
        <Button variant="ghost" onClick={onDone}>
          Abbrechen
        </Button>
      }
    />
  );
}

function RejectForm({ booking, onDone }: { booking: PendingBooking; onDone: () => void }) {
  const reject = useRejectBooking(booking.id);
  return (
    <ReasonForm
      validation={rejectValidation}
      send={(reason) => reject.mutateAsync(reason)}
      label={`Grund der Ablehnung (geht per E-Mail an ${booking.vendor.name})`}
      rows={3}
      busyLabel="Ablehnen und E-Mail senden"
      submitLabel="Ablehnen und E-Mail senden"
      onSuccess={onDone}
      onCancel={onDone}
    />
  );
}

/** The units offers of the waiting list reserve, by unit: for which request, and for whom. */
function reservedUnits(all: readonly PendingBooking[]): Reserved {
  const reserved = new Map<string, { bookingId: string; who: string }>();
  for (const booking of all) {
    for (const unit of booking.waitlist?.offer?.units ?? []) {
      reserved.set(unit.id, {
        bookingId: booking.id,
        who: booking.vendor.unternehmen || booking.vendor.name,
      });
    }
  }
  return reserved;
}

/** What a pending request shows of its place on the waiting list (docs/decisions/0074). */
function waitlistLine(booking: PendingBooking): string | null {
  const place = booking.waitlist;
  if (!place) return null;
  const units = place.offer?.units.map((unit) => unit.name).join(', ') ?? '';
  if (place.state === 'waiting') return 'Auf der Warteliste: wartet auf ein freies Mietfach.';
  if (place.state === 'offered' && place.offer) {
    return `Auf der Warteliste: Angebot offen bis ${formatIsoDay(place.offer.validUntil)}, ${units} reserviert.`;
  }
  return `Angebot der Warteliste angenommen: ${units} für diese Anfrage reserviert.`;
}

function BookingItem({
  booking,
  reserved,
  ofSameVendor,
  onDecided,
}: {
  booking: PendingBooking;
  reserved: Reserved;
  /** The ids of this producer's open requests, oldest first. */
  ofSameVendor: readonly string[];
  onDecided: (message: string) => void;
}) {
  const [mode, setMode] = useState<'view' | 'approve' | 'reject'>('view');
  const who = booking.vendor.unternehmen || booking.vendor.name;
  return (
    <li className="p-4">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold break-words">
            <Link
              to={`/admin/users/vendors/${booking.vendor.id}`}
              className="text-coral-darker underline hover:no-underline"
            >
              {who}
            </Link>
          </h2>
          <p className="text-sm break-all text-gray-800">
            {booking.vendor.unternehmen ? `${booking.vendor.name} · ` : ''}
            {booking.vendor.email}{' '}
            <Badge tone={booking.vendor.emailConfirmed ? 'good' : 'warn'} className="break-normal">
              {booking.vendor.emailConfirmed ? 'E-Mail bestätigt' : 'E-Mail nicht bestätigt'}
            </Badge>
          </p>
          <p className="text-sm text-gray-800">
            {ORIGIN_LABELS[booking.origin] ?? booking.origin} vom{' '}
            {formatDateTime(booking.createdAt)} ({age(booking.createdAt)})
            {ofSameVendor.length > 1 &&
              ` · Anfrage ${ofSameVendor.indexOf(booking.id) + 1} von ${ofSameVendor.length} dieses Direktvermarkters`}
          </p>
          <p className="mt-1 text-sm font-semibold">{booking.summary}</p>
          <PackageSummary booking={booking} />
          {booking.waitlist && (
            <p className="mt-2 text-sm font-semibold text-navy">{waitlistLine(booking)}</p>
          )}
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
          reserved={reserved}
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
      <QueryState query={bookings} error="Die Buchungsanfragen konnten nicht geladen werden." />
      {bookings.data &&
        (bookings.data.bookings.length === 0 ? (
          <p className="rounded-xl bg-white p-4">Keine offenen Buchungen. Alles erledigt!</p>
        ) : (
          <ul className="divide-y divide-gray-200 rounded-xl bg-white">
            {bookings.data.bookings.map((booking, _, all) => (
              <BookingItem
                key={booking.id}
                booking={booking}
                reserved={reservedUnits(all)}
                ofSameVendor={all
                  .filter((other) => other.vendor.id === booking.vendor.id)
                  .map((other) => other.id)}
                onDecided={setNotice}
              />
            ))}
          </ul>
        ))}
    </>
  );
}
