import {
  firstOfNextMonth,
  formatDateTime,
  formatIsoDay,
  isoDayInBerlin,
} from '@housnkuh/shared/format';
import type { AdminContract } from '@housnkuh/shared/schemas/admin-rental';
import { useState } from 'react';
import { Link } from 'react-router';
import { AdminPageHeader } from '../../components/admin/admin-page-header';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { adminErrorMessage } from '../../lib/admin-api';
import { usePageMeta } from '../../lib/page-meta';
import { useAddGoodsIn, useSwitchServices, useZusatzleistungen } from './api/zusatzleistungen';

const INPUT = 'w-full rounded-lg border border-gray-400 bg-white px-3 py-2.5';

const serviceText = (services: { lagerservice: boolean; versandservice: boolean }) =>
  [services.lagerservice && 'Lagerservice', services.versandservice && 'Versandservice']
    .filter(Boolean)
    .join(', ') || 'keine';

/** One contract: its services today, a planned change, and switching them from a day on. */
function ContractServices({ contract }: { contract: AdminContract }) {
  const planned = contract.nextChange;
  const premium = (planned?.provisionType ?? contract.provisionType) === 'premium';
  const start = planned?.zusatzleistungen ?? contract.zusatzleistungen;
  const [services, setServices] = useState(start);
  const [validFrom, setValidFrom] = useState(() => {
    const first = firstOfNextMonth(isoDayInBerlin());
    return contract.startDate > first ? contract.startDate : first;
  });
  const [reason, setReason] = useState('');
  const save = useSwitchServices(contract.id);
  const name = contract.vendor.unternehmen || contract.vendor.name;
  const id = `services-${contract.id}`;
  return (
    <li>
      <article aria-labelledby={id} className="rounded-xl bg-white p-4 shadow-sm">
        <h3 id={id} className="font-bold">
          <Link to={`/admin/vertraege/${contract.id}`} className="underline underline-offset-2">
            {contract.number} · {name}
          </Link>
        </h3>
        <p className="text-sm text-gray-800">
          {contract.provisionType === 'premium' ? 'Premium-Modell' : 'Basismodell'} ·{' '}
          {contract.statusLabel}
        </p>
        <p className="mt-1">Heute: {serviceText(contract.zusatzleistungen)}</p>
        {planned && (
          <p className="font-semibold">
            Ab {formatIsoDay(planned.validFrom)}: {serviceText(planned.zusatzleistungen)}
          </p>
        )}
        {premium ? (
          <form
            className="mt-3 grid gap-3 md:grid-cols-[auto_auto_1fr_2fr_auto] md:items-end"
            onSubmit={(event) => {
              event.preventDefault();
              save.mutate({ validFrom, zusatzleistungen: services, reason });
            }}
          >
            {(['lagerservice', 'versandservice'] as const).map((key) => (
              <label key={key} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="h-5 w-5 accent-navy"
                  checked={services[key]}
                  onChange={(event) =>
                    setServices((all) => ({ ...all, [key]: event.target.checked }))
                  }
                />
                {key === 'lagerservice' ? 'Lagerservice' : 'Versandservice'}
              </label>
            ))}
            <div>
              <label htmlFor={`${id}-from`} className="mb-1 block text-sm font-semibold">
                Ab
              </label>
              <input
                id={`${id}-from`}
                type="date"
                value={validFrom}
                onChange={(event) => setValidFrom(event.target.value)}
                className={INPUT}
              />
            </div>
            <div>
              <label htmlFor={`${id}-reason`} className="mb-1 block text-sm font-semibold">
                Grund
              </label>
              <input
                id={`${id}-reason`}
                value={reason}
                maxLength={500}
                onChange={(event) => setReason(event.target.value)}
                className={INPUT}
              />
            </div>
            <Button type="submit" variant="secondary" disabled={save.isPending}>
              Speichern
            </Button>
          </form>
        ) : (
          <p className="mt-2 text-sm text-gray-800">
            Zusatzleistungen gibt es nur im Premium-Modell.
          </p>
        )}
        <div aria-live="polite" className="mt-2">
          {save.isError && (
            <Alert tone="error" focusOnShow>
              <p>{adminErrorMessage(save.error)}</p>
            </Alert>
          )}
          {save.isSuccess && (
            <Alert tone="success" focusOnShow>
              <p>{save.data.message}</p>
            </Alert>
          )}
        </div>
      </article>
    </li>
  );
}

/** The Lagerservice's goods-in: a new entry, and the log. */
function GoodsInSection({ contracts }: { contracts: readonly AdminContract[] }) {
  const storing = contracts.filter(
    (contract) =>
      contract.zusatzleistungen.lagerservice || contract.nextChange?.zusatzleistungen.lagerservice,
  );
  const vendors = [...new Map(storing.map((c) => [c.vendor.id, c.vendor])).values()];
  const add = useAddGoodsIn();
  const [vendorId, setVendorId] = useState('');
  const [day, setDay] = useState(() => isoDayInBerlin());
  const [what, setWhat] = useState('');
  const [quantity, setQuantity] = useState('');
  const [storedAt, setStoredAt] = useState('');
  return (
    <form
      className="grid gap-3 rounded-xl bg-white p-4 shadow-sm md:grid-cols-2"
      aria-label="Neuer Wareneingang"
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate(
          { vendorId, day, what, quantity, storedAt },
          {
            onSuccess: () => {
              setWhat('');
              setQuantity('');
            },
          },
        );
      }}
    >
      <div>
        <label htmlFor="goods-vendor" className="mb-1 block text-sm font-semibold">
          Direktvermarkter (mit Lagerservice)
        </label>
        <select
          id="goods-vendor"
          value={vendorId}
          onChange={(event) => setVendorId(event.target.value)}
          className={INPUT}
        >
          <option value="">Bitte wählen</option>
          {vendors.map((vendor) => (
            <option key={vendor.id} value={vendor.id}>
              {vendor.unternehmen || vendor.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="goods-day" className="mb-1 block text-sm font-semibold">
          Datum
        </label>
        <input
          id="goods-day"
          type="date"
          value={day}
          max={isoDayInBerlin()}
          onChange={(event) => setDay(event.target.value)}
          className={INPUT}
        />
      </div>
      <div>
        <label htmlFor="goods-what" className="mb-1 block text-sm font-semibold">
          Was
        </label>
        <input
          id="goods-what"
          value={what}
          maxLength={200}
          placeholder="z. B. Blütenhonig 500 g"
          onChange={(event) => setWhat(event.target.value)}
          className={INPUT}
        />
      </div>
      <div>
        <label htmlFor="goods-quantity" className="mb-1 block text-sm font-semibold">
          Menge
        </label>
        <input
          id="goods-quantity"
          value={quantity}
          maxLength={100}
          placeholder="z. B. 24 Gläser"
          onChange={(event) => setQuantity(event.target.value)}
          className={INPUT}
        />
      </div>
      <div>
        <label htmlFor="goods-where" className="mb-1 block text-sm font-semibold">
          Lagerort <span className="font-normal text-gray-600">(optional)</span>
        </label>
        <input
          id="goods-where"
          value={storedAt}
          maxLength={100}
          placeholder="z. B. Lager, Regal 3"
          onChange={(event) => setStoredAt(event.target.value)}
          className={INPUT}
        />
      </div>
      <div className="flex items-end">
        <Button type="submit" disabled={add.isPending}>
          Wareneingang eintragen
        </Button>
      </div>
      <div aria-live="polite" className="md:col-span-2">
        {add.isError && (
          <Alert tone="error" focusOnShow>
            <p>{adminErrorMessage(add.error)}</p>
          </Alert>
        )}
        {add.isSuccess && (
          <Alert tone="success" focusOnShow>
            <p>{add.data.message}</p>
          </Alert>
        )}
      </div>
    </form>
  );
}

/** /admin/zusatzleistungen: Lager- and Versandservice of the contracts, and the goods-in log. */
export function AdminZusatzleistungenPage() {
  usePageMeta('Zusatzleistungen', 'Lagerservice und Versandservice der Verträge.');
  const data = useZusatzleistungen();
  const list = data.data;
  return (
    <>
      <AdminPageHeader
        title="Zusatzleistungen"
        description="Lagerservice (20 € im Monat) und Versandservice (5 € im Monat) der Premium-Verträge: ab einem Tag ein- oder ausschalten, und was für den Lagerservice eingelagert wird."
      />
      {data.isPending && <p role="status">Wird geladen...</p>}
      {data.isError && (
        <LoadError
          title="Die Zusatzleistungen konnten nicht geladen werden."
          onRetry={() => void data.refetch()}
        />
      )}
      {list && (
        <div className="space-y-8">
          <section aria-labelledby="service-contracts">
            <h2 id="service-contracts" className="mb-3 text-xl font-bold">
              Verträge
            </h2>
            {list.vertraege.length === 0 ? (
              <p className="rounded-xl bg-white p-4">
                Keine laufenden Premium-Verträge und keine gebuchten Zusatzleistungen.
              </p>
            ) : (
              <ul className="space-y-3">
                {list.vertraege.map((contract) => (
                  <ContractServices key={contract.id} contract={contract} />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="goods-in" className="space-y-3">
            <h2 id="goods-in" className="text-xl font-bold">
              Wareneingang (Lagerservice)
            </h2>
            <GoodsInSection contracts={list.vertraege} />
            {list.wareneingang.length === 0 ? (
              <p className="rounded-xl bg-white p-4">Noch kein Wareneingang eingetragen.</p>
            ) : (
              <ul className="divide-y divide-sand rounded-xl bg-white">
                {list.wareneingang.map((entry) => (
                  <li key={entry.id} className="p-3">
                    <p className="font-semibold">
                      {formatIsoDay(entry.day)} · {entry.vendorName}: {entry.quantity} {entry.what}
                    </p>
                    <p className="text-sm text-gray-800">
                      {entry.storedAt ? `${entry.storedAt} · ` : ''}eingetragen von{' '}
                      {entry.actorName}, {formatDateTime(entry.createdAt)}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </>
  );
}
