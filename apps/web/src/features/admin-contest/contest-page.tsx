import { formatIsoDay } from '@housnkuh/shared/format';
import { useState, type FormEvent } from 'react';
import { AdminPageHeader } from '../../components/admin/admin-page-header';
import { SearchField, useListParams } from '../../components/admin/list-params';
import { Pager } from '../../components/admin/pager';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { adminDownload, adminErrorMessage } from '../../lib/admin-api';
import { usePageMeta } from '../../lib/page-meta';
import {
  useContest,
  useDrawWinner,
  useEvaluateContest,
  useSaveContestSettings,
} from './api/contest';

const when = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Berlin',
});
const INPUT = 'w-full rounded-lg border border-gray-400 bg-white px-3 py-2.5';

function Card({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white p-4 sm:p-6">
      <h2 id={id} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function ContestSwitch({
  contest,
  open,
}: {
  contest: { active: boolean; closingDate: string | null };
  open: boolean;
}) {
  const save = useSaveContestSettings();
  const [active, setActive] = useState(contest.active);
  const [closingDate, setClosingDate] = useState(contest.closingDate ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ active, closingDate: closingDate || null });
  };
  return (
    <Card title="Teilnahme" id="contest-switch">
      <p className="mb-3">
        {open
          ? 'Der Wettbewerb läuft: Teilnahmen werden angenommen.'
          : 'Der Wettbewerb ist beendet oder ausgeschaltet: es werden keine Teilnahmen angenommen.'}
        {contest.closingDate && ` Einsendeschluss: ${formatIsoDay(contest.closingDate)}.`}
      </p>
      <form onSubmit={submit} className="space-y-3">
        <div className="flex items-center gap-3">
          <input
            id="contest-active"
            type="checkbox"
            checked={active}
            onChange={(event) => setActive(event.target.checked)}
            className="h-5 w-5 accent-navy"
          />
          <label htmlFor="contest-active" className="font-semibold">
            Wettbewerb eingeschaltet
          </label>
        </div>
        <div>
          <label htmlFor="contest-closing" className="mb-1 block text-sm font-semibold">
            Einsendeschluss
          </label>
          <input
            id="contest-closing"
            type="date"
            value={closingDate}
            onChange={(event) => setClosingDate(event.target.value)}
            className={INPUT}
            aria-describedby="contest-closing-hint"
          />
          <p id="contest-closing-hint" className="mt-1 text-sm text-gray-700">
            Leer lassen: bis zur Eröffnung des Ladens.
          </p>
        </div>
        <div aria-live="polite">
          {save.isSuccess && (
            <Alert tone="success">
              <p>Gespeichert.</p>
            </Alert>
          )}
          {save.isError && (
            <Alert tone="error" focusOnShow>
              <p>{adminErrorMessage(save.error)}</p>
            </Alert>
          )}
        </div>
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          Speichern
        </Button>
      </form>
    </Card>
  );
}

function Draw({ open }: { open: boolean }) {
  const [answers, setAnswers] = useState(['', '', '']);
  const evaluate = useEvaluateContest();
  const draw = useDrawWinner();
  const filled = answers.map((a) => a.trim());
  const result = draw.data ?? evaluate.data;
  const failed = draw.error ?? evaluate.error;
  return (
    <Card title="Auswertung und Auslosung" id="contest-draw">
      <p className="mb-3">
        Nach der Eröffnung: die drei Direktvermarkter eintragen, die wirklich im Laden sind. Die
        Liste zeigt, wer am meisten richtig geraten hat; unter ihnen wird gelost.
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          evaluate.mutate(filled);
        }}
        className="space-y-3"
      >
        {answers.map((value, index) => (
          <div key={index}>
            <label htmlFor={`answer-${index}`} className="mb-1 block text-sm font-semibold">
              Richtiger Direktvermarkter {index + 1}
            </label>
            <input
              id={`answer-${index}`}
              value={value}
              maxLength={100}
              onChange={(event) =>
                setAnswers(answers.map((a, i) => (i === index ? event.target.value : a)))
              }
              className={INPUT}
            />
          </div>
        ))}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="secondary" disabled={evaluate.isPending}>
            Auswerten
          </Button>
          <Button
            disabled={open || draw.isPending}
            onClick={() => draw.mutate(filled)}
            aria-describedby={open ? 'draw-hint' : undefined}
          >
            Gewinner auslosen
          </Button>
        </div>
        {open && (
          <p id="draw-hint" className="text-sm text-gray-800">
            Ausgelost wird, wenn der Wettbewerb beendet ist.
          </p>
        )}
      </form>
      <div aria-live="polite" className="mt-4 space-y-3">
        {failed && (
          <Alert tone="error" focusOnShow>
            <p>{adminErrorMessage(failed)}</p>
          </Alert>
        )}
        {draw.data && (
          <Alert tone="success" focusOnShow title="Ausgelost">
            <p>
              Gewonnen hat {draw.data.draw.winnerName}
              {draw.data.draw.winnerEmail && ` (${draw.data.draw.winnerEmail})`} – unter{' '}
              {draw.data.draw.candidateCount} mit {draw.data.draw.bestScore} richtigen Tipps.
            </p>
          </Alert>
        )}
        {result && !failed && (
          <div>
            <p className="font-semibold">
              {'score' in result
                ? result.score === 0
                  ? 'Niemand hat einen der drei richtig geraten.'
                  : `${result.best.length} mit ${result.score} richtigen Tipps:`
                : `${result.best.length} mit ${result.draw.bestScore} richtigen Tipps:`}
            </p>
            <ul className="list-disc pl-6">
              {result.best.map((entry) => (
                <li key={entry.id}>
                  {entry.name} ({entry.email})
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </Card>
  );
}

/** /admin/vendor-contest: the contest's entries, ranking, export, switch and draw. */
export function AdminContestPage() {
  usePageMeta('Wettbewerb', 'Der Direktvermarkter-Wettbewerb.');
  const { filters, page, apply } = useListParams({ search: 'suche' });
  const contest = useContest({ ...filters, page });
  const [exportError, setExportError] = useState<string | null>(null);
  const download = () => {
    setExportError(null);
    adminDownload('/admin/vendor-contest/export.csv', 'wettbewerb-teilnahmen.csv').catch(
      (error: unknown) => setExportError(adminErrorMessage(error)),
    );
  };
  const data = contest.data;
  return (
    <>
      <AdminPageHeader
        title="Wettbewerb"
        description="„Errate unsere Direktvermarkter!“: Teilnahmen, die meistgenannten Tipps und die Auslosung."
        actions={
          <Button variant="secondary" onClick={download}>
            Als CSV herunterladen
          </Button>
        }
      />
      {exportError && (
        <div className="mb-4">
          <Alert tone="error" focusOnShow>
            <p>{exportError}</p>
          </Alert>
        </div>
      )}
      {contest.isPending && <p role="status">Wird geladen...</p>}
      {contest.isError && (
        <LoadError
          title="Der Wettbewerb konnte nicht geladen werden."
          onRetry={() => void contest.refetch()}
        />
      )}
      {data && (
        <div className="grid gap-6 xl:grid-cols-2">
          <ContestSwitch
            key={JSON.stringify(data.contest)}
            contest={data.contest}
            open={data.open}
          />
          <Draw open={data.open} />
          <Card title="Meistgenannte Direktvermarkter" id="contest-ranking">
            {data.ranking.length === 0 ? (
              <p>Noch keine Tipps.</p>
            ) : (
              <ol className="list-decimal space-y-1 pl-6">
                {data.ranking.slice(0, 20).map((item) => (
                  <li key={item.name}>
                    {item.name}: {item.count === 1 ? '1 Tipp' : `${item.count} Tipps`}
                  </li>
                ))}
              </ol>
            )}
          </Card>
          <Card title="Frühere Auslosungen" id="contest-draws">
            {data.draws.length === 0 ? (
              <p>Noch keine Auslosung.</p>
            ) : (
              <ul className="space-y-2">
                {data.draws.map((d) => (
                  <li key={d.id}>
                    {when.format(new Date(d.createdAt))}: <strong>{d.winnerName}</strong> (
                    {d.answers.join(', ')}; {d.candidateCount} mit {d.bestScore} richtigen Tipps;
                    von {d.adminName})
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <section aria-labelledby="contest-entries" className="xl:col-span-2">
            <h2 id="contest-entries" className="mb-3 text-lg font-bold">
              Teilnahmen ({data.pagination.totalCount.toLocaleString('de-DE')})
            </h2>
            <div className="mb-3">
              <SearchField
                id="entry-search"
                label="Teilnahmen durchsuchen (Name, E-Mail)"
                initial={filters.search}
                onSearch={(search) => apply({ search })}
              />
            </div>
            {data.entries.length === 0 ? (
              <p className="rounded-xl bg-white p-4">Keine Teilnahmen gefunden.</p>
            ) : (
              <ul className="divide-y divide-gray-200 rounded-xl bg-white">
                {data.entries.map((entry) => (
                  <li key={entry.id} className="p-4">
                    <p className="font-semibold break-words">
                      {entry.name} · <span className="font-normal break-all">{entry.email}</span>
                    </p>
                    <p className="text-sm text-gray-800">
                      {when.format(new Date(entry.createdAt))}: {entry.guesses.join(', ')}
                    </p>
                  </li>
                ))}
              </ul>
            )}
            <Pager
              page={data.pagination.page}
              pageCount={data.pagination.totalPages}
              onPage={(next) => apply({ page: next })}
              label="Seiten der Teilnahmen"
            />
          </section>
        </div>
      )}
    </>
  );
}
