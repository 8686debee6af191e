import {
  ACCOUNT_STATE_LABELS,
  ACCOUNT_STATES,
  VERIFY_STATUS_LABELS,
  VERIFY_STATUSES,
} from '@housnkuh/shared/schemas/admin-users';
import { Link } from 'react-router';
import { FilterSelect, ListFilters, useListParams } from '../../../components/admin/list-params';
import { PagedList } from '../../../components/admin/paged-list';
import { useVendors } from './api/users';
import { VendorBadges } from './badges';

const date = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'Europe/Berlin' });

/** The producers' accounts: search, filters, a page of 25 at a time (in the address, so it can be shared). */
export function VendorsList() {
  const { filters, page, apply } = useListParams({
    search: 'suche',
    account: 'konto',
    verifyStatus: 'verifizierung',
    isPublic: 'freigabe',
  });
  const vendors = useVendors({ ...filters, page });

  return (
    <section aria-labelledby="vendors-heading">
      <h2 id="vendors-heading" className="sr-only">
        Direktvermarkter
      </h2>
      <ListFilters
        searchId="vendor-search"
        searchLabel="Suche (Name, Firma, E-Mail, Ort)"
        search={filters.search}
        apply={apply}
        filters={3}
      >
        <FilterSelect
          id="vendor-account"
          label="Konto"
          value={filters.account}
          options={[
            ['', 'Alle'],
            ...ACCOUNT_STATES.map((s) => [s, ACCOUNT_STATE_LABELS[s]] as const),
          ]}
          onChange={(account) => apply({ account })}
        />
        <FilterSelect
          id="vendor-verify"
          label="Verifizierung"
          value={filters.verifyStatus}
          options={[
            ['', 'Alle'],
            ...VERIFY_STATUSES.map((s) => [s, VERIFY_STATUS_LABELS[s]] as const),
          ]}
          onChange={(verifyStatus) => apply({ verifyStatus })}
        />
        <FilterSelect
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
      </ListFilters>
      <PagedList
        query={vendors}
        items={(data) => data.vendors}
        noun={['Direktvermarkter', 'Direktvermarkter']}
        onPage={(next) => apply({ page: next })}
      >
        {(data) => (
          <ul className="divide-y divide-gray-200 rounded-xl bg-white">
            {data.vendors.map((vendor) => (
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
      </PagedList>
    </section>
  );
}
