import { formatIsoDay } from '@housnkuh/shared/format';
import type {
  ContestAnswersInput,
  contestDrawResponseSchema,
  contestEvaluationResponseSchema,
} from '@housnkuh/shared/schemas/admin-contest';
import { useState } from 'react';
import type { z } from 'zod';
import { AdminCard } from '../../../components/admin/admin-card';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { SearchField, useListParams } from '../../../components/admin/list-params';
import { Pager } from '../../../components/admin/pager';
import { FormCheckboxField } from '../../../components/form/choice-fields';
import { FormDateField } from '../../../components/form/date-field';
import { FormTextField } from '../../../components/form/field';
import { GroupError } from '../../../components/form/field-notes';
import { Form } from '../../../components/form/form';
import { SubmitOutcome } from '../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Alert } from '../../../components/ui/alert';
import { Button, SubmitButton } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/load-error';
import { adminDownload, adminErrorMessage } from '../../../lib/admin-api';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { usePageMeta } from '../../../lib/page-meta';
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

interface SwitchValues {
  contest: { active: boolean; closingDate: string | null };
}

/** The switch is a change of the settings: checked by the settings' own schema. */
const switchValidation = lazyZodResolver<SwitchValues>(
  async () => (await import('@housnkuh/shared/schemas/admin')).adminSettingsPatchSchema,
);
const answersValidation = lazyZodResolver<ContestAnswersInput>(
  async () => (await import('@housnkuh/shared/schemas/admin-contest')).contestAnswersSchema,
);

function ContestSwitch({
  contest,
  open,
}: {
  contest: { active: boolean; closingDate: string | null };
  open: boolean;
}) {
  const save = useSaveContestSettings();
  const { form, outcome, busy, formProps } = useSchemaForm({
    validation: switchValidation,
    defaultValues: { contest },
    submit: (values: SwitchValues) => save.mutateAsync(values.contest),
    errorMessage: adminErrorMessage,
    successMessage: () => 'Gespeichert.',
  });
  return (
    <AdminCard title="Teilnahme" id="contest-switch">
      <p className="mb-3">
        {open
          ? 'Der Wettbewerb läuft: Teilnahmen werden angenommen.'
          : 'Der Wettbewerb ist beendet oder ausgeschaltet: es werden keine Teilnahmen angenommen.'}
        {contest.closingDate && ` Einsendeschluss: ${formatIsoDay(contest.closingDate)}.`}
      </p>
      <Form formProps={formProps} className="space-y-3">
        <FormCheckboxField
          form={form}
          name="contest.active"
          label={<span className="font-semibold">Wettbewerb eingeschaltet</span>}
        />
        <FormDateField
          form={form}
          name="contest.closingDate"
          label="Einsendeschluss"
          nullable
          hint="Leer lassen: bis zur Eröffnung des Ladens."
        />
        <SubmitOutcome outcome={outcome} />
        <SubmitButton busy={busy} busyLabel="Speichern" variant="secondary">
          Speichern
        </SubmitButton>
      </Form>
    </AdminCard>
  );
}

type ContestResult =
  z.infer<typeof contestEvaluationResponseSchema> | z.infer<typeof contestDrawResponseSchema>;

function Draw({ open }: { open: boolean }) {
  const evaluate = useEvaluateContest();
  const draw = useDrawWinner();
  // both buttons send the same three answers
  const { form, outcome, busy, formProps, action, actionProps } = useSchemaForm({
    validation: answersValidation,
    defaultValues: { answers: ['', '', ''] },
    submit: ({ answers }: ContestAnswersInput): Promise<ContestResult> =>
      evaluate.mutateAsync(answers),
    actions: { draw: ({ answers }) => draw.mutateAsync(answers) },
    errorMessage: adminErrorMessage,
  });
  const result = outcome.state === 'success' ? outcome.result : undefined;
  return (
    <AdminCard title="Auswertung und Auslosung" id="contest-draw">
      <p className="mb-3">
        Nach der Eröffnung: die drei Direktvermarkter eintragen, die wirklich im Laden sind. Die
        Liste zeigt, wer am meisten richtig geraten hat; unter ihnen wird gelost.
      </p>
      <Form formProps={formProps} className="space-y-3">
        {[0, 1, 2].map((index) => (
          <FormTextField
            key={index}
            form={form}
            name={`answers.${index}`}
            label={`Richtiger Direktvermarkter ${index + 1}`}
            maxLength={100}
          />
        ))}
        {/* 'three different ones' is about the answers together */}
        <GroupError form={form} name="answers" />
        <div className="flex flex-wrap gap-2">
          <SubmitButton
            busy={busy && action !== 'draw'}
            busyLabel="Auswerten"
            variant="secondary"
            disabled={busy}
          >
            Auswerten
          </SubmitButton>
          <SubmitButton
            busy={busy && action === 'draw'}
            busyLabel="Gewinner auslosen"
            disabled={open || busy}
            {...actionProps('draw')}
            aria-describedby={open ? 'draw-hint' : undefined}
          >
            Gewinner auslosen
          </SubmitButton>
        </div>
        {open && (
          <p id="draw-hint" className="text-sm text-gray-800">
            Ausgelost wird, wenn der Wettbewerb beendet ist.
          </p>
        )}
      </Form>
      <div className="mt-4 space-y-3">
        <SubmitOutcome
          outcome={outcome}
          successTitle="Ausgelost"
          show={result && 'draw' in result ? 'both' : 'error'}
          success={() =>
            result &&
            'draw' in result && (
              <p>
                Gewonnen hat {result.draw.winnerName}
                {result.draw.winnerEmail && ` (${result.draw.winnerEmail})`} – unter{' '}
                {result.draw.candidateCount} mit {result.draw.bestScore} richtigen Tipps.
              </p>
            )
          }
        />
        {result && (
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
    </AdminCard>
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
      <QueryState query={contest} error="Der Wettbewerb konnte nicht geladen werden." />
      {data && (
        <div className="grid gap-6 xl:grid-cols-2">
          <ContestSwitch
            key={JSON.stringify(data.contest)}
            contest={data.contest}
            open={data.open}
          />
          <Draw open={data.open} />
          <AdminCard title="Meistgenannte Direktvermarkter" id="contest-ranking">
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
          </AdminCard>
          <AdminCard title="Frühere Auslosungen" id="contest-draws">
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
          </AdminCard>
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
