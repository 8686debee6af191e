import { formatDateTime, formatIsoDay } from '@housnkuh/shared/format';
import type { WaitlistEntry, WaitlistResponse } from '@housnkuh/shared/schemas/waitlist';
import { useState } from 'react';
import { Link } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { ReasonForm } from '../../../components/admin/reason-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/load-error';
import { adminErrorMessage } from '../../../lib/admin-api';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { usePageMeta } from '../../../lib/page-meta';
import { useMoveEntry, useRemoveEntry, useWaitlist } from './api/warteliste';

type WaitlistType = WaitlistResponse['types'][number];

const removeValidation = lazyZodResolver<{ reason: string }>(
  async () => (await import('@housnkuh/shared/schemas/waitlist')).removeWaitlistEntrySchema,
);

const ENTRY_STATE_LABELS: Record<WaitlistEntry['state'], string> = {
  waiting: 'wartet',
  offered: 'Angebot offen',
  accepted: 'Angebot angenommen',
};

function whoOf(entry: { vendor: { name: string; unternehmen: string | null } }) {
  return entry.vendor.unternehmen || entry.vendor.name;
}

function RemoveForm({
  entry,
  onDone,
  onRemoved,
}: {
  entry: WaitlistEntry;
  onDone: () => void;
  onRemoved: (message: string) => void;
}) {
  const remove = useRemoveEntry(entry.id);
  return (
    <ReasonForm
      validation={removeValidation}
      send={(reason) => remove.mutateAsync(reason)}
      label={`Grund, ${whoOf(entry)} von der Warteliste zu nehmen (steht im Protokoll)`}
      rows={2}
      note={
        <p className="text-sm text-gray-800">
          Die Anfrage bleibt unter „Offene Buchungen“; ein Angebot wird zurückgezogen und geht an
          die nächste Anfrage.
        </p>
      }
      busyLabel="Wird entfernt..."
      submitLabel="Von der Warteliste nehmen"
      onSuccess={(result) => onRemoved(`${whoOf(entry)}: ${result.message}`)}
      onCancel={onDone}
    />
  );
}

function EntryItem({
  type,
  entry,
  last,
  onChanged,
  onError,
}: {
  type: WaitlistType;
  entry: WaitlistEntry;
  last: boolean;
  onChanged: (message: string) => void;
  onError: (message: string) => void;
}) {
  const move = useMoveEntry();
  const [removing, setRemoving] = useState(false);
  const who = whoOf(entry);
  const moveTo = (direction: 'up' | 'down') =>
    move.mutate(
      { id: entry.id, optionId: type.optionId, direction },
      {
        onSuccess: () =>
          onChanged(
            `${who} steht jetzt auf Platz ${direction === 'up' ? entry.place - 1 : entry.place + 1} (${type.name}).`,
          ),
        onError: (error) => onError(adminErrorMessage(error)),
      },
    );
  return (
    <li className="p-4">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words">
            Platz {entry.place}:{' '}
            <Link
              to={`/admin/users/vendors/${entry.vendor.id}`}
              className="text-coral-darker underline hover:no-underline"
            >
              {who}
            </Link>
          </h3>
          <p className="text-sm break-all text-gray-800">{entry.vendor.email}</p>
          <p className="text-sm text-gray-800">
            {entry.count} × {type.name} · {entry.summary} · auf der Liste seit{' '}
            {formatDateTime(entry.since)}
          </p>
          <p className="text-sm font-semibold">
            {ENTRY_STATE_LABELS[entry.state]}
            {entry.offer &&
              `: ${entry.offer.units.map((unit) => unit.name).join(', ')} reserviert${
                entry.offer.state === 'open'
                  ? `, gültig bis ${formatIsoDay(entry.offer.validUntil)}`
                  : ', wartet auf die Bestätigung unter „Offene Buchungen“'
              }`}
          </p>
        </div>
        {!removing && (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="ghost"
              disabled={entry.place === 1 || move.isPending}
              onClick={() => moveTo('up')}
            >
              Nach oben<span className="sr-only"> ({who})</span>
            </Button>
            <Button
              variant="ghost"
              disabled={last || move.isPending}
              onClick={() => moveTo('down')}
            >
              Nach unten<span className="sr-only"> ({who})</span>
            </Button>
            <Button variant="ghost" onClick={() => setRemoving(true)}>
              Entfernen …<span className="sr-only"> ({who})</span>
            </Button>
          </div>
        )}
      </div>
      {removing && (
        <RemoveForm
          entry={entry}
          onDone={() => setRemoving(false)}
          onRemoved={(message) => {
            setRemoving(false);
            onChanged(message);
          }}
        />
      )}
    </li>
  );
}

function TypeSection({
  type,
  onChanged,
  onError,
}: {
  type: WaitlistType;
  onChanged: (message: string) => void;
  onError: (message: string) => void;
}) {
  const headingId = `warteliste-${type.optionId}`;
  return (
    <section aria-labelledby={headingId} className="mb-6 rounded-xl bg-white">
      <div className="border-b p-4">
        <h2 id={headingId} className="text-lg font-semibold">
          {type.name}
        </h2>
        <p className="text-sm text-gray-800">
          {type.total} {type.total === 1 ? 'Mietfach' : 'Mietfächer'}, {type.free} frei
          {type.reserved > 0 && `, ${type.reserved} für Angebote reserviert`}
        </p>
      </div>
      <ol className="divide-y">
        {type.entries.map((entry, index) => (
          <EntryItem
            key={entry.id}
            type={type}
            entry={entry}
            last={index === type.entries.length - 1}
            onChanged={onChanged}
            onError={onError}
          />
        ))}
      </ol>
    </section>
  );
}

/** /admin/warteliste: the waiting list per unit type, the offers and the units they reserve. */
export function AdminWartelistePage() {
  usePageMeta('Warteliste', 'Die Warteliste je Mietfach-Art und die offenen Angebote.');
  const waitlist = useWaitlist();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const withEntries = waitlist.data?.types.filter((type) => type.entries.length > 0) ?? [];
  return (
    <>
      <AdminPageHeader
        title="Warteliste"
        description="Anfragen für Mietfach-Arten, die gerade belegt sind, in ihrer Reihenfolge. Wird ein Mietfach frei, bekommt die erste Anfrage ein Angebot per E-Mail, 7 Tage gültig; das Mietfach ist so lange für sie reserviert."
      />
      <div aria-live="polite" className="mb-4">
        {notice && (
          <Alert tone={notice.tone}>
            <p>{notice.text}</p>
          </Alert>
        )}
      </div>
      <QueryState query={waitlist} error="Die Warteliste konnte nicht geladen werden." />
      {waitlist.data && (
        <>
          {withEntries.length === 0 ? (
            <p className="mb-6 rounded-xl bg-white p-4">Niemand steht auf der Warteliste.</p>
          ) : (
            withEntries.map((type) => (
              <TypeSection
                key={type.optionId}
                type={type}
                onChanged={(text) => setNotice({ tone: 'success', text })}
                onError={(text) => setNotice({ tone: 'error', text })}
              />
            ))
          )}
          <section aria-labelledby="angebote" className="rounded-xl bg-white p-4">
            <h2 id="angebote" className="text-lg font-semibold">
              Angebote mit reservierten Mietfächern
            </h2>
            {waitlist.data.offers.length === 0 ? (
              <p className="mt-2">Kein Angebot reserviert gerade ein Mietfach.</p>
            ) : (
              <ul className="mt-2 list-inside list-disc">
                {waitlist.data.offers.map((offer) => (
                  <li key={offer.id}>
                    {offer.units.map((unit) => unit.name).join(', ')}: {whoOf(offer)},{' '}
                    {offer.stateLabel}
                    {offer.state === 'open' &&
                      ` (angeboten am ${formatIsoDay(offer.offeredOn)}, gültig bis ${formatIsoDay(offer.validUntil)})`}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </>
  );
}
