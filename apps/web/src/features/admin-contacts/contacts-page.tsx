import {
  CONTACT_STATUS_LABELS,
  CONTACT_STATUSES,
  type AdminContact,
} from '@housnkuh/shared/schemas/admin-contacts';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AdminPageHeader } from '../../components/admin/admin-page-header';
import { Pager } from '../../components/admin/pager';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { usePageMeta } from '../../lib/page-meta';
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
  const [params, setParams] = useSearchParams();
  const filters = {
    search: params.get('suche') ?? '',
    status: params.get('status') ?? '',
    page: Math.max(1, Number(params.get('seite')) || 1),
  };
  const [search, setSearch] = useState(filters.search);
  const contacts = useContacts(filters);
  const apply = (next: Partial<typeof filters>) => {
    const merged = { ...filters, page: 1, ...next };
    const query = new URLSearchParams();
    if (merged.search) query.set('suche', merged.search);
    if (merged.status) query.set('status', merged.status);
    if (merged.page > 1) query.set('seite', String(merged.page));
    setParams(query);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('suche');
    apply({ search: typeof value === 'string' ? value.trim() : '' });
  };
  const counts = contacts.data?.counts;

  return (
    <>
      <AdminPageHeader
        title="Kontaktanfragen"
        description="Nachrichten aus dem Kontaktformular, die neuesten zuerst. Antworten gehen per E-Mail an die Absender."
      />
      <form
        role="search"
        onSubmit={submit}
        className="mb-4 grid gap-3 rounded-xl bg-white p-4 md:grid-cols-[2fr_1fr]"
      >
        <div>
          <label htmlFor="contact-search" className="mb-1 block text-sm font-semibold">
            Suche (Name, E-Mail, Betreff, Text)
          </label>
          <div className="flex gap-2">
            <input
              id="contact-search"
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
        <div>
          <label htmlFor="contact-status" className="mb-1 block text-sm font-semibold">
            Status
          </label>
          <select
            id="contact-status"
            value={filters.status}
            onChange={(event) => apply({ status: event.target.value })}
            className="w-full rounded-lg border border-gray-400 bg-white px-3 py-2.5"
          >
            <option value="">Alle</option>
            {CONTACT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {CONTACT_STATUS_LABELS[status]}
                {counts ? ` (${counts[status]})` : ''}
              </option>
            ))}
          </select>
        </div>
      </form>
      {contacts.isPending && <p role="status">Wird geladen...</p>}
      {contacts.isError && (
        <LoadError
          title="Die Nachrichten konnten nicht geladen werden."
          onRetry={() => void contacts.refetch()}
        />
      )}
      {contacts.data && (
        <>
          <p className="mb-2" aria-live="polite">
            {contacts.data.pagination.totalCount === 1
              ? '1 Nachricht'
              : `${contacts.data.pagination.totalCount.toLocaleString('de-DE')} Nachrichten`}
          </p>
          {contacts.data.contacts.length === 0 ? (
            <p className="rounded-xl bg-white p-4">Keine Nachrichten gefunden.</p>
          ) : (
            <ul className="divide-y divide-gray-200 rounded-xl bg-white">
              {contacts.data.contacts.map((contact) => (
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
          <Pager
            page={contacts.data.pagination.page}
            pageCount={contacts.data.pagination.totalPages}
            onPage={(page) => apply({ page })}
            label="Seiten der Nachrichten"
          />
        </>
      )}
    </>
  );
}
