import { PACKAGE_OPTIONS, findPackageOption } from '@housnkuh/shared/catalog';
import { formatEuro, formatIsoDay } from '@housnkuh/shared/format';
import { UNIT_STATE_LABELS, type Mietfach } from '@housnkuh/shared/schemas/admin-rental';
import type { WaitlistOffer } from '@housnkuh/shared/schemas/waitlist';
import { useState } from 'react';
import { Link } from 'react-router';
import { AdminCard } from '../../../components/admin/admin-card';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { ConfirmBox } from '../../../components/admin/confirm-box';
import { FilterSelect, useListParams } from '../../../components/admin/list-params';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/load-error';
import { adminErrorMessage } from '../../../lib/admin-api';
import { usePageMeta } from '../../../lib/page-meta';
import {
  useCreateMietfach,
  useDeleteMietfach,
  useMietfaecher,
  useReservedUnits,
  useUpdateMietfach,
} from './api/mietfaecher';
import { MietfachForm } from './mietfach-form';

const typeName = (optionId: string) => findPackageOption(optionId)?.displayName ?? optionId;

function StateLine({ unit }: { unit: Mietfach }) {
  if (!unit.isActive) return <span className="font-semibold text-gray-800">deaktiviert</span>;
  if (!unit.holder) return <span className="font-semibold text-green-900">frei</span>;
  const until = unit.occupiedUntil ? ` bis ${formatIsoDay(unit.occupiedUntil)}` : '';
  const from =
    unit.state === 'reserved' ? `reserviert ab ${formatIsoDay(unit.holder.fromDate)}` : 'belegt';
  return (
    <span>
      <span className="font-semibold text-amber-950">
        {from}
        {until}
      </span>{' '}
      · {unit.holder.vendorName} (Vertrag {unit.holder.number ?? 'ohne Nummer'})
    </span>
  );
}

/** An offer of the waiting list holds the unit: approvals of other requests onto it are refused. */
function ReservedLine({ offer }: { offer: WaitlistOffer }) {
  return (
    <p className="text-sm">
      <span className="font-semibold text-amber-950">
        Für ein Angebot der Warteliste reserviert
      </span>{' '}
      · {offer.vendor.unternehmen || offer.vendor.name} (Angebot {offer.stateLabel}
      {offer.state === 'open' && `, bis ${formatIsoDay(offer.validUntil)}`}) ·{' '}
      <Link
        to="/admin/warteliste"
        className="font-semibold text-coral-darker underline underline-offset-2"
      >
        Warteliste
      </Link>
    </p>
  );
}

function UnitRow({ unit, offer }: { unit: Mietfach; offer: WaitlistOffer | undefined }) {
  const [mode, setMode] = useState<'view' | 'edit' | 'delete'>('view');
  const update = useUpdateMietfach(unit.id);
  const remove = useDeleteMietfach(unit.id);
  const held = unit.holder !== null;
  const heldReasonId = `delete-reason-${unit.id}`;
  return (
    <li className="p-4">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-semibold">
            {unit.name} · {typeName(unit.optionId)} · {formatEuro(unit.priceCents)} im Monat
          </p>
          <p className="text-sm text-gray-800">
            {[unit.standort, unit.groesse].filter(Boolean).join(' · ') || 'Ohne Standortangabe'}
          </p>
          <p className="text-sm">
            <StateLine unit={unit} />
          </p>
          {offer && <ReservedLine offer={offer} />}
        </div>
        {mode === 'view' && (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setMode('edit')}>
              Bearbeiten<span className="sr-only"> {unit.name}</span>
            </Button>
            <Button
              variant="ghost"
              disabled={update.isPending}
              onClick={() => update.mutate({ isActive: !unit.isActive })}
            >
              {unit.isActive ? 'Deaktivieren' : 'Aktivieren'}
              <span className="sr-only"> {unit.name}</span>
            </Button>
            <Button
              variant="ghost"
              // a unit a contract holds (now or later) stays: the reason is said beside it
              disabled={held}
              aria-describedby={held ? heldReasonId : undefined}
              onClick={() => setMode('delete')}
            >
              Löschen<span className="sr-only"> {unit.name}</span>
            </Button>
            {held && (
              <p id={heldReasonId} className="w-full text-sm text-gray-800 sm:text-right">
                Löschen geht nicht, solange ein Vertrag das Fach hält.
              </p>
            )}
          </div>
        )}
      </div>
      {mode === 'view' && update.isError && (
        <div className="mt-2">
          <Alert tone="error" focusOnShow>
            <p>{adminErrorMessage(update.error)}</p>
          </Alert>
        </div>
      )}
      {mode === 'edit' && (
        <div className="mt-3 rounded-lg border border-gray-300 p-3">
          <MietfachForm
            initial={unit}
            submitLabel="Speichern"
            onCancel={() => {
              update.reset();
              setMode('view');
            }}
            send={async (input) => {
              await update.mutateAsync({
                ...input,
                priceCents: input.priceCents ?? findPackageOption(input.optionId ?? '')?.price,
              });
              setMode('view');
            }}
          />
        </div>
      )}
      {mode === 'delete' && (
        <ConfirmBox
          confirmLabel="Ja, löschen"
          busy={remove.isPending}
          error={remove.error}
          onCancel={() => {
            remove.reset();
            setMode('view');
          }}
          onConfirm={() => remove.mutate(undefined)}
        >
          Mietfach {unit.name} löschen?
        </ConfirmBox>
      )}
    </li>
  );
}

/** /admin/mietfaecher: the shop's rental units, their state and occupancy. */
export function AdminMietfaecherPage() {
  usePageMeta('Mietfächer', 'Die Mietfächer des Ladens verwalten.');
  const { filters, apply } = useListParams({ optionId: 'typ', state: 'status' });
  const list = useMietfaecher(filters);
  const reserved = useReservedUnits();
  const [adding, setAdding] = useState(false);
  const create = useCreateMietfach();

  return (
    <>
      <AdminPageHeader
        title="Mietfächer"
        description="Die Regalflächen, Kühl- und Tiefkühlfächer, Tische und Schaufenster des Ladens. Belegt ist ein Mietfach, solange ein Vertrag es hält."
        actions={
          !adding && (
            <Button
              onClick={() => {
                create.reset();
                setAdding(true);
              }}
            >
              Neues Mietfach
            </Button>
          )
        }
      />
      {adding && (
        <AdminCard id="new-unit" title="Neues Mietfach" className="mb-6">
          <MietfachForm
            submitLabel="Anlegen"
            onCancel={() => setAdding(false)}
            send={async (input) => {
              await create.mutateAsync(input);
              setAdding(false);
            }}
          />
        </AdminCard>
      )}
      {create.isSuccess && !adding && (
        <div className="mb-4" aria-live="polite">
          <Alert tone="success">
            <p>Mietfach {create.data.mietfach.name} ist angelegt.</p>
          </Alert>
        </div>
      )}
      {list.data && (
        <section aria-labelledby="occupancy" className="mb-6">
          <h2 id="occupancy" className="mb-2 text-lg font-bold">
            Belegung heute
          </h2>
          <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-4">
            {list.data.occupancy.map((entry) => (
              <li key={entry.optionId} className="rounded-xl bg-white p-3">
                <p className="font-semibold">{typeName(entry.optionId)}</p>
                <p className="text-sm text-gray-800">
                  {entry.occupied} von {entry.total} belegt ({entry.percent} %)
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="mb-4 grid gap-3 rounded-xl bg-white p-4 md:grid-cols-2">
        <FilterSelect
          id="unit-type"
          label="Typ"
          value={filters.optionId}
          options={[
            ['', 'Alle Typen'],
            ...PACKAGE_OPTIONS.map((option) => [option.id, option.displayName] as const),
          ]}
          onChange={(optionId) => apply({ optionId })}
        />
        <FilterSelect
          id="unit-state"
          label="Status"
          value={filters.state}
          options={[
            ['', 'Alle'],
            ['free', UNIT_STATE_LABELS.free],
            ['occupied', UNIT_STATE_LABELS.occupied],
            ['reserved', UNIT_STATE_LABELS.reserved],
            ['inactive', 'deaktiviert'],
          ]}
          onChange={(state) => apply({ state })}
        />
      </div>
      <QueryState query={list} error="Die Mietfächer konnten nicht geladen werden." />
      {list.data && (
        <>
          <p className="mb-2" aria-live="polite">
            {list.data.mietfaecher.length === 1
              ? '1 Mietfach'
              : `${list.data.mietfaecher.length} Mietfächer`}
          </p>
          {list.data.mietfaecher.length === 0 ? (
            <p className="rounded-xl bg-white p-4">
              Keine Mietfächer gefunden.{' '}
              <Link
                to="/admin/mietfaecher"
                className="font-semibold text-coral-darker underline underline-offset-2"
              >
                Alle anzeigen
              </Link>
            </p>
          ) : (
            <ul className="divide-y divide-gray-200 rounded-xl bg-white">
              {list.data.mietfaecher.map((unit) => (
                <UnitRow key={unit.id} unit={unit} offer={reserved.data?.get(unit.id)} />
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
}
