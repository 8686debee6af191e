// Für die Steuerberatung: the document list (CSV) and the DATEV file of a period, by service
// month or document date.
import { EXPORT_MESSAGES, type ExportPeriodQuery } from '@housnkuh/shared/schemas/billing';
import { monthEnd } from '@housnkuh/shared/rental-terms';
import { adminFormError, ReasonList } from '../../../components/admin/admin-error-text';
import { Form } from '../../../components/form/form';
import { FormFailure } from '../../../components/form/form-failure';
import { FormPeriodField } from '../../../components/form/period-field';
import { FormSelectField } from '../../../components/form/select-field';
import { SubmitOutcome } from '../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { SubmitButton } from '../../../components/ui/button';
import { adminDownload } from '../../../lib/admin-api';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { lastFullMonth } from './revenue-shared';

type PeriodValues = { from?: string | undefined; to?: string | undefined; nach: string };

// the document list's period (order, at most two years); the DATEV file asks one year more
const validation = lazyZodResolver<PeriodValues, ExportPeriodQuery>(async () => {
  const { exportPeriodQuerySchema } = await import('@housnkuh/shared/schemas/billing');
  return exportPeriodQuerySchema;
});

const NACH = [
  { value: 'leistungsmonat', label: 'Leistungsmonat' },
  { value: 'belegdatum', label: 'Belegdatum' },
];

const periodQuery = ({ from, to }: ExportPeriodQuery) =>
  `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

export function ExportsSection() {
  const lastMonth = lastFullMonth();
  const { form, outcome, busy, action, actionProps, formProps } = useSchemaForm({
    validation,
    defaultValues: {
      from: `${lastMonth}-01`,
      to: monthEnd(`${lastMonth}-01`),
      nach: 'leistungsmonat',
    },
    // Belegliste (CSV), also Enter in a field
    submit: (period: ExportPeriodQuery) =>
      adminDownload(
        `/admin/exports/documents.csv?${periodQuery(period)}&nach=${period.nach}`,
        `belege-${period.nach}-${period.from}-${period.to}.csv`,
      ),
    actions: {
      datev: async (period: ExportPeriodQuery) => {
        // a DATEV batch is one fiscal year (the server says so too)
        if (period.from.slice(0, 4) !== period.to.slice(0, 4))
          throw new FormFailure(EXPORT_MESSAGES.oneYear, {
            fieldErrors: [{ field: 'to', message: EXPORT_MESSAGES.oneYear }],
          });
        await adminDownload(
          `/admin/exports/datev?${periodQuery(period)}`,
          `EXTF_Buchungsstapel_${period.from}_${period.to}.csv`,
        );
      },
    },
    errorMessage: adminFormError,
  });
  return (
    <section aria-labelledby="steuerberatung" className="rounded-xl bg-white p-4">
      <h2 id="steuerberatung" className="text-xl font-bold">
        Für die Steuerberatung
      </h2>
      <p className="mt-1 text-sm text-gray-800">
        Alle Rechnungszeilen der Leistungsmonate (oder Belegdaten) eines Zeitraums (Datum, Nummer,
        Leistungsmonat, Direktvermarkter, Text, netto, Satz, Steuer, brutto) und der
        DATEV-Buchungsstapel nach Belegdatum: Rechnungen, Verrechnungen mit den Verkäufen und
        Erstattungen, mit den Konten aus Einstellungen → Abrechnung.
      </p>
      <Form formProps={formProps} className="mt-3 flex flex-wrap items-end gap-3">
        <FormPeriodField form={form} from="from" to="to" legend="Zeitraum der Exporte" hideLegend />
        <FormSelectField form={form} name="nach" label="Belegliste nach" options={NACH} />
        <SubmitButton
          busy={busy && action === undefined}
          variant="secondary"
          busyLabel="Belegliste (CSV)"
        >
          Belegliste (CSV)
        </SubmitButton>
        <SubmitButton
          busy={busy && action === 'datev'}
          variant="secondary"
          busyLabel="DATEV-Export"
          {...actionProps('datev')}
        >
          DATEV-Export
        </SubmitButton>
      </Form>
      <SubmitOutcome
        outcome={outcome}
        show="error"
        error={(failed) => <ReasonList error={failed.error} />}
      />
    </section>
  );
}
