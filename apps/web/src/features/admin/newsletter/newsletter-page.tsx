import { LoadError } from '../../../components/ui/load-error';
import {
  SUBSCRIBER_STATE_LABELS,
  SUBSCRIBER_STATES,
  SUBSCRIBER_TYPE_LABELS,
  SUBSCRIBER_TYPES,
  AUDIENCE_LABELS,
  type AdminSubscriber,
} from '@housnkuh/shared/schemas/admin-newsletter';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { ConfirmBox } from '../../../components/admin/confirm-box';
import {
  FilterSelect,
  ListFilters,
  ViewTabs,
  useListParams,
} from '../../../components/admin/list-params';
import { PagedList } from '../../../components/admin/paged-list';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { adminDownload, adminErrorMessage } from '../../../lib/admin-api';
import { usePageMeta } from '../../../lib/page-meta';
import { useIssues, useRemoveSubscriber, useSubscribers } from './api/newsletter';
import { Compose } from './compose';

const when = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Berlin',
});
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
        <ConfirmBox
          confirmLabel="Ja, entfernen"
          busy={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate()}
          onCancel={() => setConfirming(false)}
        >
          {subscriber.email} mit der gespeicherten Einwilligung löschen?
        </ConfirmBox>
      )}
    </li>
  );
}

function Subscribers() {
  const { filters, page, apply } = useListParams({
    search: 'suche',
    type: 'art',
    status: 'status',
  });
  const [exportError, setExportError] = useState<string | null>(null);
  const subscribers = useSubscribers({ ...filters, page });
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
      <ListFilters
        searchId="sub-search"
        searchLabel="Suche (E-Mail, Name)"
        search={filters.search}
        apply={apply}
        filters={2}
      >
        <FilterSelect
          id="sub-type"
          label="Art"
          value={filters.type}
          options={[
            ['', 'Alle'],
            ...SUBSCRIBER_TYPES.map((t) => [t, SUBSCRIBER_TYPE_LABELS[t]] as const),
          ]}
          onChange={(type) => apply({ type })}
        />
        <FilterSelect
          id="sub-status"
          label="Status"
          value={filters.status}
          options={[
            ['', 'Alle'],
            ...SUBSCRIBER_STATES.map((s) => [s, SUBSCRIBER_STATE_LABELS[s]] as const),
          ]}
          onChange={(status) => apply({ status })}
        />
      </ListFilters>
      <PagedList
        query={subscribers}
        items={(data) => data.subscribers}
        noun={['Abonnent', 'Abonnenten']}
        onPage={(next) => apply({ page: next })}
      >
        {(data) => (
          <ul className="divide-y divide-gray-200 rounded-xl bg-white">
            {data.subscribers.map((subscriber) => (
              <SubscriberRow key={subscriber.id} subscriber={subscriber} />
            ))}
          </ul>
        )}
      </PagedList>
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
      <ViewTabs base="/admin/newsletter" views={VIEWS} current={view} />
      {view === 'abonnenten' && <Subscribers />}
      {view === 'schreiben' && <Compose />}
      {view === 'gesendet' && <Sent />}
    </>
  );
}
