import { formatDateTime, formatEuro, formatIsoDay, isoDayInBerlin } from '@housnkuh/shared/format';
import {
  EXTRAORDINARY_GROUNDS,
  type AdminContract,
  type ExtraordinaryGround,
  type TerminateContractInput,
} from '@housnkuh/shared/schemas/admin-rental';
import { useWatch } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { AdminCard } from '../../../components/admin/admin-card';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { FormRadioGroup } from '../../../components/form/choice-fields';
import { FormDateField } from '../../../components/form/date-field';
import { FromDayForm } from '../../../components/form/from-day-form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Alert } from '../../../components/ui/alert';
import { BackLink } from '../../../components/ui/back-link';
import { adminErrorMessage } from '../../../lib/admin-api';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { usePageMeta } from '../../../lib/page-meta';
import {
  useEarliestEnd,
  useTerminate,
  useTerminateExtraordinarily,
  useVertrag,
} from './api/vertraege';
import { ChangeForm, Versions } from './change-form';
import { terminationPreview, useConfirmFirst } from './confirm-first';
import { ContractDates, model } from './contract-parts';

interface NoticeValues {
  kind: 'vendor' | 'shop';
  noticeDate: string;
  endDate?: string | undefined;
  reason: string;
}

const noticeValidation = lazyZodResolver<NoticeValues>(
  async () => (await import('@housnkuh/shared/schemas/admin-rental')).terminateContractSchema,
);

interface ExtraordinaryValues {
  endDate: string;
  ground: ExtraordinaryGround;
  reason: string;
}

const GROUNDS = Object.entries(EXTRAORDINARY_GROUNDS).map(([value, label]) => ({ value, label }));

const extraordinaryValidation = lazyZodResolver<ExtraordinaryValues>(
  async () =>
    (await import('@housnkuh/shared/schemas/admin-rental')).extraordinaryTerminationSchema,
);

const WHO = [
  { value: 'vendor', label: 'Der Direktvermarkter' },
  { value: 'shop', label: 'Der Laden' },
];

/** An ordinary notice: who, when received; the earliest end is shown before confirming. */
function NoticeForm({ contract }: { contract: AdminContract }) {
  const terminate = useTerminate(contract.id);
  const confirmFirst = useConfirmFirst(
    (values: TerminateContractInput) =>
      terminationPreview(
        `/admin/vertraege/${encodeURIComponent(contract.id)}/terminate/preview`,
        values,
      ),
    (values: TerminateContractInput) => terminate.mutateAsync(values),
  );
  const schemaForm = useSchemaForm({
    validation: noticeValidation,
    defaultValues: { kind: 'vendor', noticeDate: isoDayInBerlin(), endDate: undefined, reason: '' },
    submit: (values: NoticeValues) => confirmFirst.submit(values as TerminateContractInput),
    errorMessage: adminErrorMessage,
  });
  const { form } = schemaForm;
  const [noticeDate, endDate] = useWatch({
    control: form.control,
    name: ['noticeDate', 'endDate'],
  });
  const [kind] = useWatch({ control: form.control, name: ['kind'] });
  const earliest = useEarliestEnd(contract.id, noticeDate ?? '', kind ?? 'shop');
  const end = endDate || earliest.data?.earliestEnd;
  return (
    <>
      {confirmFirst.dialog}
      <FromDayForm
        schemaForm={schemaForm}
        lead={<FormRadioGroup form={form} name="kind" legend="Wer kündigt?" choices={WHO} />}
        day={{ name: 'noticeDate', label: 'Kündigung eingegangen am' }}
        beside={
          <FormDateField
            form={form}
            name="endDate"
            label="Späteres Ende (optional, ein Monatsende)"
          />
        }
        text={{
          name: 'reason',
          label: 'Anmerkung (optional, geht mit der E-Mail an den Direktvermarkter)',
          max: 500,
        }}
        note={
          <p aria-live="polite" className="font-semibold">
            {earliest.data &&
              noticeDate &&
              `Frühestes Ende bei Kündigung am ${formatIsoDay(noticeDate)}: ${formatIsoDay(earliest.data.earliestEnd)}.`}
            {earliest.isError && adminErrorMessage(earliest.error)}
          </p>
        }
        show="error"
        disabled={!end}
        submitLabel={
          end ? `Kündigung zum ${formatIsoDay(end)} eintragen …` : 'Kündigung eintragen …'
        }
      />
    </>
  );
}

function ExtraordinaryForm({ contract }: { contract: AdminContract }) {
  const terminate = useTerminateExtraordinarily(contract.id);
  const confirmFirst = useConfirmFirst(
    (values: ExtraordinaryValues) =>
      terminationPreview(
        `/admin/vertraege/${encodeURIComponent(contract.id)}/extraordinary/preview`,
        values,
      ),
    (values: ExtraordinaryValues) => terminate.mutateAsync(values),
  );
  const schemaForm = useSchemaForm({
    validation: extraordinaryValidation,
    defaultValues: { endDate: isoDayInBerlin(), ground: 'payment-default', reason: '' },
    submit: (values: ExtraordinaryValues) => confirmFirst.submit(values),
    errorMessage: adminErrorMessage,
  });
  return (
    <>
      {confirmFirst.dialog}
      <FromDayForm
        schemaForm={schemaForm}
        lead={
          <FormRadioGroup
            form={schemaForm.form}
            name="ground"
            legend="Grund der außerordentlichen Kündigung"
            choices={GROUNDS}
          />
        }
        day={{ name: 'endDate', label: 'Vertragsende' }}
        text={{
          name: 'reason',
          label: 'Begründung (bei „Anderer wichtiger Grund“ nötig, geht mit der E-Mail)',
          max: 1000,
        }}
        show="error"
        variant="secondary"
        submitLabel="Außerordentlich kündigen …"
      />
    </>
  );
}

/** /admin/vertraege/:id: a contract's facts, its history, and terminations. */
export function AdminVertragPage() {
  const { id = '' } = useParams();
  const detail = useVertrag(id);
  const contract = detail.data?.vertrag;
  usePageMeta(contract ? `Vertrag ${contract.number ?? ''}` : 'Vertrag', 'Ein Mietvertrag.');
  return (
    <>
      <BackLink to="/admin/vertraege">Alle Verträge</BackLink>
      {detail.isPending && <p role="status">Wird geladen...</p>}
      {detail.isError && (
        <Alert tone="error" title="Der Vertrag konnte nicht geladen werden.">
          <p>{adminErrorMessage(detail.error)}</p>
        </Alert>
      )}
      {contract && (
        <>
          <AdminPageHeader
            title={`Vertrag ${contract.number ?? 'ohne Nummer'}`}
            description={`${contract.vendor.unternehmen || contract.vendor.name}: ${contract.statusLabel}`}
          />
          <div className="grid gap-6 xl:grid-cols-2">
            <AdminCard id="facts" title="Vertrag">
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                <dt className="font-semibold">Direktvermarkter</dt>
                <dd>
                  <Link
                    to={`/admin/users/vendors/${contract.vendor.id}`}
                    className="text-coral-darker underline underline-offset-2"
                  >
                    {contract.vendor.unternehmen || contract.vendor.name}
                  </Link>
                </dd>
                <dt className="font-semibold">Status</dt>
                <dd>{contract.statusLabel}</dd>
                <dt className="font-semibold">Mietfächer</dt>
                <dd>
                  {contract.mietfaecher
                    .map((unit) => `${unit.name} (${formatEuro(unit.priceCents)})`)
                    .join(', ') || '–'}
                </dd>
                <dt className="font-semibold">Zusatzleistungen</dt>
                <dd>
                  {[
                    contract.zusatzleistungen.lagerservice && 'Lagerservice',
                    contract.zusatzleistungen.versandservice && 'Versandservice',
                  ]
                    .filter(Boolean)
                    .join(', ') || 'keine'}
                </dd>
                <dt className="font-semibold">Modell</dt>
                <dd>{model(contract)}</dd>
                <dt className="font-semibold">Monatlich</dt>
                <dd>{formatEuro(contract.monthlyPriceCents)}</dd>
                <dt className="font-semibold">Termine</dt>
                <dd>
                  <ContractDates contract={contract} />
                </dd>
                {contract.termination && (
                  <>
                    <dt className="font-semibold">Kündigung</dt>
                    <dd>
                      {contract.termination.noticeGivenOn &&
                        `am ${formatIsoDay(contract.termination.noticeGivenOn)}`}
                      {contract.endDate && ` zum ${formatIsoDay(contract.endDate)}`}
                      {contract.termination.reason && ` – ${contract.termination.reason}`}
                    </dd>
                  </>
                )}
              </dl>
            </AdminCard>
            <AdminCard id="history" title="Verlauf">
              <ol className="space-y-2">
                {contract.history.map((event) => (
                  <li key={event.id}>
                    <p className="text-sm text-gray-800">
                      {formatDateTime(event.createdAt)} · {event.actorName}
                    </p>
                    <p>{event.summary}</p>
                  </li>
                ))}
              </ol>
            </AdminCard>
          </div>
          <div aria-live="polite" className="mt-6">
            {contract.termination && contract.endDate && (
              <Alert tone="success" title="Kündigung eingetragen">
                <p>
                  Der Vertrag endet am {formatIsoDay(contract.endDate)}; die Mietfächer sind ab dem
                  Tag danach frei.
                </p>
              </Alert>
            )}
          </div>
          <div className="mt-6 grid gap-6 xl:grid-cols-2">
            <AdminCard id="versions" title="Versionen">
              <Versions contract={contract} />
            </AdminCard>
            {contract.phase !== 'ended' && contract.phase !== 'cancelled' && (
              <AdminCard id="change" title="Ändern ab einem Tag">
                <ChangeForm contract={contract} />
              </AdminCard>
            )}
          </div>
          {!contract.endDate && contract.phase !== 'cancelled' && (
            <div className="mt-6 grid gap-6 xl:grid-cols-2">
              <AdminCard id="notice" title="Kündigung eintragen">
                <NoticeForm contract={contract} />
              </AdminCard>
              <AdminCard id="extraordinary" title="Außerordentliche Kündigung">
                <ExtraordinaryForm contract={contract} />
              </AdminCard>
            </div>
          )}
        </>
      )}
    </>
  );
}
