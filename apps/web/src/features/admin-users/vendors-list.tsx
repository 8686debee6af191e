import {
  ACCOUNT_STATE_LABELS,
  ACCOUNT_STATES,
  VERIFY_STATUS_LABELS,
  VERIFY_STATUSES,
} from '@housnkuh/shared/schemas/admin-users';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Pager } from '../../components/admin/pager';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { useVendors, type VendorFilters } from './api/users';
import { VendorBadges } from './badges';

const date = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'Europe/Berlin' });

const SELECT = 'w-full rounded-lg border border-gray-400 bg-white px-3 py-2.5';

function Select({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly (readonly [string, string])[];
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={SELECT}
      >
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The producers' accounts: search, filters, a page of 25 at a time (in the address, so it can be shared). */
export function VendorsList() {
  const [params, setParams] = useSearchParams();
  const filters: VendorFilters = {
    search: params.get('suche') ?? '',
    account: params.get('konto') ?? '',
    verifyStatus: params.get('verifizierung') ?? '',
    isPublic: params.get('freigabe') ?? '',
    page: Math.max(1, Number(params.get('seite')) || 1),
  };
  const [search, setSearch] = useState(filters.search);
  const vendors = useVendors(filters);

  const apply = (next: Partial<VendorFilters>) => {
    const merged = { ...filters, page: 1, ...next };
    const query = new URLSearchParams({ ansicht: 'direktvermarkter' });
    if (merged.search) query.set('suche', merged.search);
    if (merged.account) query.set('konto', merged.account);
    if (merged.verifyStatus) query.set('verifizierung', merged.verifyStatus);
    if (merged.isPublic) query.set('freigabe', merged.isPublic);
    if (merged.page > 1) query.set('seite', String(merged.page));
    setParams(query);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('suche');
    apply({ search: typeof value === 'string' ? value.trim() : '' });
  };

  return (
    <section aria-labelledby="vendors-heading">
      <h2 id="vendors-heading" className="sr-only">
        Direktvermarkter
      </h2>
      <form
        role="search"
        onSubmit={submit}
        className="mb-4 grid gap-3 rounded-xl bg-white p-4 md:grid-cols-[2fr_1fr_1fr_1fr]"
      >
        <div>
          <label htmlFor="vendor-search" className="mb-1 block text-sm font-semibold">
            Suche (Name, Firma, E-Mail, Ort)
          </label>
          <div className="flex gap-2">
            <input
              id="vendor-search"
              name="suche"
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              maxLength={100}
              className="w-full min-w-0 rounded-lg border border-gray-400 bg-white px-3 py-2.5"
            />
            <Button type="submit" className="shrink-0">
              Suchen
            </Button>
          </div>
        </div>
        <Select
          id="vendor-account"
          label="Konto"
          value={filters.account}
          options={[
            ['', 'Alle'],
            ...ACCOUNT_STATES.map((s) => [s, ACCOUNT_STATE_LABELS[s]] as const),
          ]}
          onChange={(account) => apply({ account })}
        />
        <Select
          id="vendor-verify"
          label="Verifizierung"
          value={filters.verifyStatus}
          options={[
            ['', 'Alle'],
            ...VERIFY_STATUSES.map((s) => [s, VERIFY_STATUS_LABELS[s]] as const),
          ]}
          onChange={(verifyStatus) => apply({ verifyStatus })}
        />
        <Select
          id="vendor-public"
          label="Öffentliches Profil"
          value={filters.isPublic}
          options={[
            ['', 'Alle'],
            ['true', 'Freigegeben'],
            ['false', 'Nicht freigegeben'],
          ]}
          onChange={(isPublic) => apply({ isPublic })}
        />
      </form>
      {vendors.isPending && <p role="status">Wird geladen...</p>}
      {vendors.isError && (
        <LoadError
          title="Die Direktvermarkter konnten nicht geladen werden."
          onRetry={() => void vendors.refetch()}
        />
      )}
      {vendors.data && (
        <>
          <p className="mb-2" aria-live="polite">
            {vendors.data.pagination.totalCount === 1
              ? '1 Direktvermarkter'
              : `${vendors.data.pagination.totalCount.toLocaleString('de-DE')} Direktvermarkter`}
          </p>
          {vendors.data.vendors.length === 0 ? (
            <p className="rounded-xl bg-white p-4">Keine Direktvermarkter gefunden.</p>
          ) : (
            <ul className="divide-y divide-gray-200 rounded-xl bg-white">
              {vendors.data.vendors.map((vendor) => (
                <li key={vendor.id} className="flex flex-wrap items-start gap-x-4 gap-y-2 p-4">
                  <div className="min-w-0 flex-1">
                    <Link
                      to={`/admin/users/vendors/${vendor.id}`}
                      className="font-semibold break-words text-coral-darker underline underline-offset-2"
                    >
                      {vendor.unternehmen ? `${vendor.unternehmen} (${vendor.name})` : vendor.name}
                    </Link>
                    <p className="text-sm break-all text-gray-800">{vendor.email}</p>
                    <p className="text-sm text-gray-800">
                      Registriert am {date.format(new Date(vendor.createdAt))}
                    </p>
                  </div>
                  <VendorBadges vendor={vendor} />
                </li>
              ))}
            </ul>
          )}
          <Pager
            page={vendors.data.pagination.page}
            pageCount={vendors.data.pagination.totalPages}
            onPage={(page) => apply({ page })}
            label="Seiten der Direktvermarkter"
          />
        </>
      )}
    </section>
  );
}
