import { useSearchParams } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { Pager } from '../../../components/admin/pager';
import { LoadError } from '../../../components/ui/load-error';
import { usePageMeta } from '../../../lib/page-meta';
import { useAudit } from './api/audit';

/** The kinds of things admins change, as the log's filter offers them. */
const ENTITIES: readonly [string, string][] = [
  ['', 'Alle Änderungen'],
  ['settings', 'Einstellungen'],
  ['admin', 'Administratoren'],
  ['vendor', 'Direktvermarkter'],
  ['faq', 'FAQ'],
  ['tag', 'Tags'],
  ['contact', 'Kontaktanfragen'],
  ['contest', 'Wettbewerb'],
  ['newsletter', 'Newsletter'],
  ['email-template', 'E-Mail-Vorlagen'],
];

const when = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Berlin',
});

function Json({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  return (
    <div className="min-w-0">
      <p className="font-semibold">{label}</p>
      <pre className="overflow-x-auto rounded bg-sand p-2 text-sm whitespace-pre-wrap">
        {JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}

/** /admin/protokoll: every admin change, newest first: who, when, what, before and after. */
export function AdminAuditPage() {
  usePageMeta('Protokoll', 'Alle Änderungen in der Verwaltung.');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('seite')) || 1);
  const entity = params.get('art') ?? '';
  const audit = useAudit(page, entity);
  const go = (next: { seite?: number; art?: string }) => {
    const query = new URLSearchParams();
    const art = next.art ?? entity;
    if (art) query.set('art', art);
    if ((next.seite ?? 1) > 1) query.set('seite', String(next.seite));
    setParams(query);
  };

  return (
    <>
      <AdminPageHeader
        title="Protokoll"
        description="Jede Änderung in der Verwaltung: wer, wann, was, vorher und nachher."
      />
      <div className="mb-4">
        <label htmlFor="audit-entity" className="mb-1 block text-sm font-semibold">
          Bereich
        </label>
        <select
          id="audit-entity"
          value={entity}
          onChange={(event) => go({ art: event.target.value })}
          className="rounded-lg border border-gray-400 bg-white px-3 py-2"
        >
          {ENTITIES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {audit.isPending && <p role="status">Wird geladen...</p>}
      {audit.isError && (
        <LoadError
          title="Das Protokoll konnte nicht geladen werden."
          onRetry={() => void audit.refetch()}
        />
      )}
      {audit.data && audit.data.entries.length === 0 && (
        <p className="rounded-xl bg-white p-4">Noch keine Änderungen.</p>
      )}
      {audit.data && audit.data.entries.length > 0 && (
        <>
          <ol className="space-y-3">
            {audit.data.entries.map((entry) => (
              <li key={entry.id} className="rounded-xl bg-white p-4">
                <p className="text-sm text-gray-800">
                  <time dateTime={entry.createdAt}>{when.format(new Date(entry.createdAt))}</time> ·{' '}
                  {entry.adminName}
                </p>
                <p className="font-semibold">{entry.summary}</p>
                {(entry.before != null || entry.after != null) && (
                  <details className="mt-2">
                    <summary className="cursor-pointer font-semibold text-coral-darker">
                      Vorher und nachher
                    </summary>
                    <div className="mt-2 grid gap-3 md:grid-cols-2">
                      <Json label="Vorher" value={entry.before} />
                      <Json label="Nachher" value={entry.after} />
                    </div>
                  </details>
                )}
              </li>
            ))}
          </ol>
          <Pager
            page={audit.data.pagination.page}
            pageCount={audit.data.pagination.totalPages}
            onPage={(next) => go({ seite: next })}
            label="Seiten des Protokolls"
          />
        </>
      )}
    </>
  );
}
