import {
  CONTACT_STATUS_LABELS,
  CONTACT_STATUSES,
  type AdminContact,
} from '@housnkuh/shared/schemas/admin-contacts';
import { Link } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { FilterSelect, ListFilters, useListParams } from '../../../components/admin/list-params';
import { PagedList } from '../../../components/admin/paged-list';
import { usePageMeta } from '../../../lib/page-meta';
import { useContacts } from './api/contacts';

export const when = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Berlin',
});

export function StatusBadge({ status }: { status: AdminContact['status'] }) {
  const tone =
    status === 'new'
      ? 'bg-red-100 text-red-900'
      : status === 'in_progress'
        ? 'bg-amber-100 text-amber-950'
        : 'bg-green-100 text-green-900';
  return (
    <span className={`rounded-full px-2 py-0.5 text-sm font-semibold ${tone}`}>
      {CONTACT_STATUS_LABELS[status]}
    </span>
  );
}

/** /admin/contacts: the inbox of contact messages, newest first. */
export function AdminContactsPage() {
  usePageMeta('Kontaktanfragen', 'Nachrichten aus dem Kontaktformular.');
  const { filters, page, apply } = useListParams({ search: 'suche', status: 'status' });
  const contacts = useContacts({ ...filters, page });
  const counts = contacts.data?.counts;

  return (
    <>
      <AdminPageHeader
        title="Kontaktanfragen"
        description="Nachrichten aus dem Kontaktformular, die neuesten zuerst. Antworten gehen per E-Mail an die Absender."
      />
      <ListFilters
        searchId="contact-search"
        searchLabel="Suche (Name, E-Mail, Betreff, Text)"
        search={filters.search}
        apply={apply}
      >
        <FilterSelect
          id="contact-status"
          label="Status"
          value={filters.status}
          options={[
            ['', 'Alle'],
            ...CONTACT_STATUSES.map(
              (status) =>
                [
                  status,
                  `${CONTACT_STATUS_LABELS[status]}${counts ? ` (${counts[status]})` : ''}`,
                ] as const,
            ),
          ]}
          onChange={(status) => apply({ status })}
        />
      </ListFilters>
      <PagedList
        query={contacts}
        items={(data) => data.contacts}
        noun={['Nachricht', 'Nachrichten']}
        onPage={(next) => apply({ page: next })}
      >
        {(data) => (
          <ul className="divide-y divide-gray-200 rounded-xl bg-white">
            {data.contacts.map((contact) => (
              <li key={contact.id} className="flex flex-wrap items-start gap-3 p-4">
                <div className="min-w-0 flex-1">
                  <Link
                    to={`/admin/contacts/${contact.id}`}
                    className="font-semibold break-words text-coral-darker underline underline-offset-2"
                  >
                    {contact.subject}
                  </Link>
                  <p className="text-sm break-all text-gray-800">
                    {contact.name} · {contact.email}
                  </p>
                  <p className="text-sm text-gray-800">
                    {when.format(new Date(contact.createdAt))}
                    {contact.replyCount > 0 &&
                      ` · ${contact.replyCount === 1 ? '1 Antwort' : `${contact.replyCount} Antworten`}`}
                  </p>
                </div>
                <StatusBadge status={contact.status} />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}
