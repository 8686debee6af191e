import {
  SUBSCRIBER_STATE_LABELS,
  SUBSCRIBER_STATES,
  SUBSCRIBER_TYPE_LABELS,
  SUBSCRIBER_TYPES,
  AUDIENCE_LABELS,
  type AdminSubscriber,
} from '@housnkuh/shared/schemas/admin-newsletter';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AdminPageHeader } from '../../components/admin/admin-page-header';
import { Pager } from '../../components/admin/pager';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { adminDownload, adminErrorMessage } from '../../lib/admin-api';
import { usePageMeta } from '../../lib/page-meta';
import { useIssues, useRemoveSubscriber, useSubscribers } from './api/newsletter';
import { Compose } from './compose';

const when = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Berlin',
});
const SELECT = 'w-full rounded-lg border border-gray-400 bg-white px-3 py-2.5';
const VIEWS = [
  ['abonnenten', 'Abonnenten'],
  ['schreiben', 'Newsletter schreiben'],
  ['gesendet', 'Gesendet'],
] as const;

function SubscriberRow({ subscriber }: { subscriber: AdminSubscriber }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveSubscriber(subscriber.id);
  return (
    <li className="p-4">
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-all">{subscriber.email}</p>
          <p className="text-sm text-gray-800">
            {subscriber.name ? `${subscriber.name} · ` : ''}
            {SUBSCRIBER_TYPE_LABELS[subscriber.type]} · {SUBSCRIBER_STATE_LABELS[subscriber.status]}
            {subscriber.confirmedAt &&
              ` · bestätigt am ${when.format(new Date(subscriber.confirmedAt))}`}
          </p>
        </div>
        <Button variant="ghost" onClick={() => setConfirming(true)}>
          Entfernen
          <span className="sr-only"> {subscriber.email}</span>
        </Button>
      </div>
      {confirming && (
        <div className="mt-3 space-y-2 rounded-lg border-2 border-coral-dark p-3">
          <p>{subscriber.email} mit der gespeicherten Einwilligung löschen?</p>
          {remove.isError && (
            <Alert tone="error" focusOnShow>
              <p>{adminErrorMessage(remove.error)}</p>
            </Alert>
          )}
          <div className="flex gap-2">
            <Button disabled={remove.isPending} onClick={() => remove.mutate()}>
              Ja, entfernen
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              Abbrechen
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}

function Subscribers() {
  const [params, setParams] = useSearchParams();
  const filters = {
    search: params.get('suche') ?? '',
    type: params.get('art') ?? '',
    status: params.get('status') ?? '',
    page: Math.max(1, Number(params.get('seite')) || 1),
  };
  const [search, setSearch] = useState(filters.search);
  const [exportError, setExportError] = useState<string | null>(null);
  const subscribers = useSubscribers(filters);
  const apply = (next: Partial<typeof filters>) => {
    const merged = { ...filters, page: 1, ...next };
    const query = new URLSearchParams();
    if (merged.search) query.set('suche', merged.search);
    if (merged.type) query.set('art', merged.type);
    if (merged.status) query.set('status', merged.status);
    if (merged.page > 1) query.set('seite', String(merged.page));
    setParams(query);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply({ search: search.trim() });
  };
  return (
    <section aria-label="Abonnenten">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <Button
          variant="secondary"
          onClick={() => {
            setExportError(null);
            adminDownload(
              '/admin/newsletter/subscribers/export.csv',
              'newsletter-abonnenten.csv',
            ).catch((error: unknown) => setExportError(adminErrorMessage(error)));
          }}
        >
          Bestätigte als CSV herunterladen
        </Button>
        {exportError && (
          <Alert tone="error" focusOnShow>
            <p>{exportError}</p>
          </Alert>
        )}
      </div>
      <form
        role="search"
        onSubmit={submit}
        className="mb-4 grid gap-3 rounded-xl bg-white p-4 md:grid-cols-[2fr_1fr_1fr]"
      >
        <div>
          <label htmlFor="sub-search" className="mb-1 block text-sm font-semibold">
            Suche (E-Mail, Name)
          </label>
          <div className="flex gap-2">
            <input
              id="sub-search"
              type="search"
              value={search}
              maxLength={100}
              onChange={(event) => setSearch(event.target.value)}
              className={`${SELECT} min-w-0`}
            />
            <Button type="submit" className="shrink-0">
              Suchen
            </Button>
          </div>
        </div>
        <div>
          <label htmlFor="sub-type" className="mb-1 block text-sm font-semibold">
            Art
          </label>
          <select
            id="sub-type"
            value={filters.type}
            onChange={(event) => apply({ type: event.target.value })}
            className={SELECT}
          >
            <option value="">Alle</option>
            {SUBSCRIBER_TYPES.map((type) => (
              <option key={type} value={type}>
                {SUBSCRIBER_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="sub-status" className="mb-1 block text-sm font-semibold">
            Status
          </label>
          <select
            id="sub-status"
            value={filters.status}
            onChange={(event) => apply({ status: event.target.value })}
            className={SELECT}
          >
            <option value="">Alle</option>
            {SUBSCRIBER_STATES.map((status) => (
              <option key={status} value={status}>
                {SUBSCRIBER_STATE_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
      </form>
      {subscribers.isPending && <p role="status">Wird geladen...</p>}
      {subscribers.isError && (
        <LoadError
          title="Die Abonnenten konnten nicht geladen werden."
          onRetry={() => void subscribers.refetch()}
        />
      )}
      {subscribers.data && (
        <>
          <p className="mb-2" aria-live="polite">
            {subscribers.data.pagination.totalCount === 1
              ? '1 Abonnent'
              : `${subscribers.data.pagination.totalCount.toLocaleString('de-DE')} Abonnenten`}
          </p>
          {subscribers.data.subscribers.length === 0 ? (
            <p className="rounded-xl bg-white p-4">Keine Abonnenten gefunden.</p>
          ) : (
            <ul className="divide-y divide-gray-200 rounded-xl bg-white">
              {subscribers.data.subscribers.map((subscriber) => (
                <SubscriberRow key={subscriber.id} subscriber={subscriber} />
              ))}
            </ul>
          )}
          <Pager
            page={subscribers.data.pagination.page}
            pageCount={subscribers.data.pagination.totalPages}
            onPage={(page) => apply({ page })}
            label="Seiten der Abonnenten"
          />
        </>
      )}
    </section>
  );
}

function Sent() {
  const issues = useIssues();
  if (issues.isPending) return <p role="status">Wird geladen...</p>;
  if (issues.isError) {
    return (
      <LoadError
        title="Die gesendeten Newsletter konnten nicht geladen werden."
        onRetry={() => void issues.refetch()}
      />
    );
  }
  if (issues.data.issues.length === 0) {
    return <p className="rounded-xl bg-white p-4">Noch kein Newsletter verschickt.</p>;
  }
  return (
    <ul className="divide-y divide-gray-200 rounded-xl bg-white">
      {issues.data.issues.map((issue) => (
        <li key={issue.id} className="p-4">
          <p className="font-semibold break-words">{issue.subject}</p>
          <p className="text-sm text-gray-800">
            {when.format(new Date(issue.createdAt))} · {AUDIENCE_LABELS[issue.audience]} ·{' '}
            {issue.recipientCount === 1 ? '1 Empfänger' : `${issue.recipientCount} Empfänger`} ·{' '}
            {issue.adminName}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** /admin/newsletter: subscribers, writing and sending, the sent newsletters. */
export function AdminNewsletterPage() {
  usePageMeta('Newsletter', 'Newsletter-Abonnenten und Versand.');
  const [params] = useSearchParams();
  const view = VIEWS.some(([value]) => value === params.get('ansicht'))
    ? (params.get('ansicht') as (typeof VIEWS)[number][0])
    : 'abonnenten';
  return (
    <>
      <AdminPageHeader
        title="Newsletter"
        description="Abonnenten mit ihrer Einwilligung, Newsletter schreiben und verschicken."
      />
      <nav aria-label="Ansicht" className="mb-4 flex flex-wrap gap-2">
        {VIEWS.map(([value, label]) => (
          <Link
            key={value}
            to={`/admin/newsletter?ansicht=${value}`}
            aria-current={view === value ? 'page' : undefined}
            className={`rounded-lg px-4 py-2 font-semibold ${
              view === value ? 'bg-navy text-white' : 'bg-white text-navy hover:bg-sand'
            }`}
          >
            {label}
          </Link>
        ))}
      </nav>
      {view === 'abonnenten' && <Subscribers />}
      {view === 'schreiben' && <Compose />}
      {view === 'gesendet' && <Sent />}
    </>
  );
}
