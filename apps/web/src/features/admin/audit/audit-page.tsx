import { AUDIT_AREAS } from '@housnkuh/shared/audit-view';
import type { AuditEntry } from '@housnkuh/shared/schemas/admin';
import { useSearchParams } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { Pager } from '../../../components/admin/pager';
import { LabelledSelect } from '../../../components/ui/labelled-select';
import { QueryState } from '../../../components/ui/load-error';
import { usePageMeta } from '../../../lib/page-meta';
import { useAudit } from './api/audit';

/** The areas the log's filter offers. */
const AREAS: readonly [string, string][] = [
  ['', 'Alle Bereiche'],
  ...AUDIT_AREAS.map((area): [string, string] => [area.id, area.label]),
];

const when = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Berlin',
});

/** Before and after, field by field, in German (the server words them). */
function Changes({ entry }: { entry: AuditEntry }) {
  const withBefore = entry.changes.some((change) => change.before !== null);
  const withAfter = entry.changes.some((change) => change.after !== null);
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-gray-300">
            <th scope="col" className="py-1 pr-4">
              Feld
            </th>
            {withBefore && (
              <th scope="col" className="py-1 pr-4">
                Vorher
              </th>
            )}
            {withAfter && (
              <th scope="col" className="py-1">
                Nachher
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {entry.changes.map((change) => (
            <tr key={change.field} className="border-b border-gray-100 align-top">
              <th scope="row" className="py-1 pr-4 font-semibold">
                {change.label}
              </th>
              {withBefore && (
                <td className="py-1 pr-4 break-words whitespace-pre-wrap">
                  {change.before ?? '–'}
                </td>
              )}
              {withAfter && (
                <td className="py-1 break-words whitespace-pre-wrap">{change.after ?? '–'}</td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /admin/protokoll: every admin change, newest first: who, when, what, before and after. */
export function AdminAuditPage() {
  usePageMeta('Protokoll', 'Alle Änderungen in der Verwaltung.');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('seite')) || 1);
  const area = params.get('bereich') ?? '';
  const audit = useAudit(page, area);
  const go = (next: { seite?: number; bereich?: string }) => {
    const query = new URLSearchParams();
    const bereich = next.bereich ?? area;
    if (bereich) query.set('bereich', bereich);
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
        <LabelledSelect
          id="audit-entity"
          label="Bereich"
          value={area}
          onChange={(event) => go({ bereich: event.target.value })}
          className="rounded-lg border border-gray-400 bg-white px-3 py-2"
        >
          {AREAS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </LabelledSelect>
      </div>
      <QueryState query={audit} error="Das Protokoll konnte nicht geladen werden." />
      {audit.data && audit.data.entries.length === 0 && (
        <p className="rounded-xl bg-white p-4">
          {area ? 'In diesem Bereich gibt es noch keine Änderungen.' : 'Noch keine Änderungen.'}
        </p>
      )}
      {audit.data && audit.data.entries.length > 0 && (
        <>
          <ol className="space-y-3">
            {audit.data.entries.map((entry) => (
              <li key={entry.id} className="rounded-xl bg-white p-4">
                <p className="text-sm text-gray-800">
                  <time dateTime={entry.createdAt}>{when.format(new Date(entry.createdAt))}</time> ·{' '}
                  {entry.adminName} · {entry.area}
                </p>
                <p className="font-semibold">{entry.summary}</p>
                {entry.changes.length > 0 && (
                  <details className="mt-2">
                    <summary className="cursor-pointer font-semibold text-coral-darker">
                      Vorher und nachher
                    </summary>
                    <Changes entry={entry} />
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
