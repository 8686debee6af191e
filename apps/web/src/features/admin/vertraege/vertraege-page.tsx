import { formatDateTime, formatEuro } from '@housnkuh/shared/format';
import { Link } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { Pager } from '../../../components/admin/pager';
import { FilterSelect, ListFilters, useListParams } from '../../../components/admin/list-params';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/load-error';
import { adminErrorMessage } from '../../../lib/admin-api';
import { usePageMeta } from '../../../lib/page-meta';
import { useRunLifecycle, useVertraege } from './api/vertraege';
import { ContractDates, model, PHASE_FILTERS } from './contract-parts';

/** /admin/vertraege: every contract with its state and dates. */
export function AdminVertraegePage() {
  usePageMeta('Verträge', 'Die Mietverträge der Direktvermarkter.');
  const { filters, page, apply } = useListParams({ phase: 'status', search: 'suche' });
  const list = useVertraege({ ...filters, page });
  const runLifecycle = useRunLifecycle();
  return (
    <>
      <AdminPageHeader
        title="Verträge"
        description="Jeder Mietvertrag mit seinen Mietfächern, dem Probemonat, der Mindestlaufzeit und dem frühesten Ende bei einer Kündigung heute."
      />
      <ListFilters
        searchId="contract-search"
        searchLabel="Suche (Nummer, Name, Unternehmen)"
        search={filters.search}
        apply={apply}
      >
        <FilterSelect
          id="contract-phase"
          label="Status"
          value={filters.phase}
          options={PHASE_FILTERS}
          onChange={(phase) => apply({ phase })}
        />
      </ListFilters>
      {list.data && (
        <div className="mb-4 flex flex-wrap items-center gap-3 text-sm text-gray-800">
          <p>
            {list.data.lifecycle
              ? `Tägliche Vertragsprüfung zuletzt ${formatDateTime(list.data.lifecycle.finishedAt)}: ${list.data.lifecycle.result.activated} begonnen, ${list.data.lifecycle.result.ended} beendet, ${list.data.lifecycle.result.mails} E-Mails.`
              : 'Die tägliche Vertragsprüfung ist noch nicht gelaufen.'}
          </p>
          <Button
            variant="secondary"
            disabled={runLifecycle.isPending}
            onClick={() => runLifecycle.mutate()}
          >
            {runLifecycle.isPending ? 'Prüfung läuft …' : 'Jetzt prüfen'}
          </Button>
          <p aria-live="polite">
            {runLifecycle.isSuccess
              ? runLifecycle.data.message
              : runLifecycle.isError
                ? adminErrorMessage(runLifecycle.error)
                : ''}
          </p>
        </div>
      )}
      <QueryState query={list} error="Die Verträge konnten nicht geladen werden." />
      {list.data && (
        <>
          <p className="mb-2" aria-live="polite">
            {list.data.vertraege.length === 1
              ? '1 Vertrag'
              : `${list.data.vertraege.length} Verträge`}
          </p>
          {list.data.vertraege.length === 0 ? (
            <p className="rounded-xl bg-white p-4">Keine Verträge gefunden.</p>
          ) : (
            <ul className="divide-y divide-gray-200 rounded-xl bg-white">
              {list.data.vertraege.map((contract) => (
                <li key={contract.id} className="p-4">
                  <Link
                    to={`/admin/vertraege/${contract.id}`}
                    className="font-semibold break-words text-coral-darker underline underline-offset-2"
                  >
                    {contract.number ?? 'Ohne Nummer'} ·{' '}
                    {contract.vendor.unternehmen || contract.vendor.name}
                  </Link>
                  <p className="text-sm">
                    <span className="font-semibold">{contract.statusLabel}</span> ·{' '}
                    {contract.mietfaecher.map((unit) => unit.name).join(', ') || 'ohne Mietfächer'}{' '}
                    · {model(contract)} · {formatEuro(contract.monthlyPriceCents)} im Monat
                  </p>
                  <p className="text-sm text-gray-800">
                    <ContractDates contract={contract} />
                  </p>
                </li>
              ))}
            </ul>
          )}
          <Pager
            page={list.data.pagination.page}
            pageCount={list.data.pagination.totalPages}
            onPage={(next) => apply({ page: next })}
            label="Seiten der Verträge"
          />
        </>
      )}
    </>
  );
}
