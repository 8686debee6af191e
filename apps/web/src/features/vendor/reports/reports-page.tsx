import { formatQuantity } from '@housnkuh/shared/quantity';
import { addDays, formatEuro, formatIsoDay, isoDayInBerlin } from '@housnkuh/shared/format';
import {
  periodLabel,
  SALES_GROUPINGS,
  type SalesGrouping,
} from '@housnkuh/shared/schemas/sales-report';
import { Download } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { FormPeriodField } from '../../../components/form/period-field';
import { Form } from '../../../components/form/form';
import { SubmitOutcome } from '../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Alert } from '../../../components/ui/alert';
import { Button, SubmitButton } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { usePageMeta } from '../../../lib/page-meta';
import { useSiteSettings } from '../../../lib/site-settings';
import { vendorErrorMessage } from '../../../lib/vendor-area/profile';
import { useDownloadSalesCsv, useSalesReport, type SalesPeriod } from './api/sales';
import { BackToDashboard } from '../../../components/vendor-area/back-to-dashboard';
import { SalesChart } from './components/sales-chart';

type Range = 'monat' | 'vormonat' | 'eigener';
const RANGES: readonly (readonly [Range, string])[] = [
  ['monat', 'Dieser Monat'],
  ['vormonat', 'Letzter Monat'],
  ['eigener', 'Eigener Zeitraum'],
];
/** The groupings as the address and the buttons name them. */
const GROUPINGS: Record<SalesGrouping, { param: string; button: string; column: string }> = {
  day: { param: 'tag', button: 'Tag', column: 'Tag' },
  week: { param: 'woche', button: 'Woche', column: 'Woche' },
  month: { param: 'monat', button: 'Monat', column: 'Monat' },
  product: { param: 'produkt', button: 'Produkt', column: 'Produkt' },
};
const PER = { day: 'pro Tag', week: 'pro Woche', month: 'pro Monat', product: 'pro Produkt' };

const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;

/** The period the address names (?zeitraum=…&von=…&bis=…&nach=…); this month by default. */
function usePeriod(today: string) {
  const [params, setParams] = useSearchParams();
  const range = (RANGES.find(([key]) => key === params.get('zeitraum'))?.[0] ?? 'monat') as Range;
  const groupBy =
    SALES_GROUPINGS.find((grouping) => GROUPINGS[grouping].param === params.get('nach')) ?? 'day';
  const lastMonthEnd = addDays(firstOfMonth(today), -1);
  const day = /^\d{4}-\d{2}-\d{2}$/;
  const from =
    range === 'eigener' && day.test(params.get('von') ?? '')
      ? params.get('von')!
      : range === 'vormonat'
        ? firstOfMonth(lastMonthEnd)
        : firstOfMonth(today);
  const to =
    range === 'eigener' && day.test(params.get('bis') ?? '')
      ? params.get('bis')!
      : range === 'vormonat'
        ? lastMonthEnd
        : today;
  const set = (next: { range?: Range; groupBy?: SalesGrouping; from?: string; to?: string }) => {
    const query = new URLSearchParams();
    const nextRange = next.range ?? range;
    if (nextRange !== 'monat') query.set('zeitraum', nextRange);
    if (nextRange === 'eigener') {
      query.set('von', next.from ?? from);
      query.set('bis', next.to ?? to);
    }
    const nextGroup = next.groupBy ?? groupBy;
    if (nextGroup !== 'day') query.set('nach', GROUPINGS[nextGroup].param);
    setParams(query);
  };
  return { range, period: { from, to, groupBy } satisfies SalesPeriod, set };
}

/** Buttons of which one is chosen (aria-pressed), in a labelled group. */
function Choice<K extends string>({
  label,
  options,
  current,
  onChoose,
}: {
  label: string;
  options: readonly (readonly [K, string])[];
  current: K;
  onChoose: (key: K) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap items-center gap-2">
      <span aria-hidden="true" className="mr-1 font-semibold">
        {label}:
      </span>
      {options.map(([key, text]) => (
        <Button
          key={key}
          variant={key === current ? 'primary' : 'secondary'}
          aria-pressed={key === current}
          onClick={() => onChoose(key)}
        >
          {text}
        </Button>
      ))}
    </div>
  );
}

interface CustomValues {
  from: string;
  to: string;
  groupBy: SalesGrouping;
}

const validation = lazyZodResolver<CustomValues>(async () => {
  const { salesReportQuerySchema } = await import('@housnkuh/shared/schemas/sales-report');
  return salesReportQuerySchema;
});

/** Von/bis of an own period, checked by the report's schema (order, at most two years). */
function CustomPeriodForm({
  period,
  onShow,
}: {
  period: SalesPeriod;
  onShow: (from: string, to: string) => void;
}) {
  const { form, outcome, busy, formProps } = useSchemaForm<CustomValues, CustomValues>({
    validation,
    defaultValues: { from: period.from, to: period.to, groupBy: period.groupBy },
    submit: async (values) => {
      onShow(values.from, values.to);
      return values;
    },
    successMessage: (values) =>
      `Zeitraum vom ${formatIsoDay(values.from)} bis ${formatIsoDay(values.to)} angezeigt.`,
    errorMessage: vendorErrorMessage,
  });
  return (
    <Form formProps={formProps} aria-label="Eigener Zeitraum" className="mt-3 space-y-2">
      <div className="flex flex-wrap items-end gap-3">
        <FormPeriodField form={form} from="from" to="to" legend="Eigener Zeitraum" hideLegend />
        <SubmitButton busy={busy} busyLabel="Anzeigen">
          Anzeigen
        </SubmitButton>
      </div>
      <SubmitOutcome outcome={outcome} />
    </Form>
  );
}

/** "Dieser Monat bisher": the running month's sales up to today. */
function MonthSoFar({ today }: { today: string }) {
  const report = useSalesReport({ from: firstOfMonth(today), to: today, groupBy: 'month' });
  return (
    <p className="mt-3 text-lg">
      Dieser Monat bisher:{' '}
      <strong>{report.data ? formatEuro(report.data.totalGrossCents) : '…'}</strong>
    </p>
  );
}

/** /vendor/reports: the producer's sales per day, week, month or product (chart and table). */
export function ReportsPage() {
  const settings = useSiteSettings();
  usePageMeta('Verkäufe', `Deine Verkäufe bei ${settings.shopName}.`, settings.shopName);
  const today = isoDayInBerlin();
  const { range, period, set } = usePeriod(today);
  const report = useSalesReport(period);
  const download = useDownloadSalesCsv();
  const grouping = GROUPINGS[period.groupBy];
  const name = (key: string, label?: string) =>
    period.groupBy === 'product' ? (label ?? key) : periodLabel(key);
  const caption = `Umsatz ${PER[period.groupBy]} vom ${formatIsoDay(period.from)} bis ${formatIsoDay(period.to)}`;
  const rows = report.data?.rows ?? [];
  const best = rows.reduce<(typeof rows)[number] | undefined>(
    (top, row) => (!top || row.grossCents > top.grossCents ? row : top),
    undefined,
  );

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <BackToDashboard />
      <h1 className="text-3xl font-extrabold">Verkäufe</h1>
      <p className="mt-2 text-gray-800">
        Was die Kasse im Laden von deinen Produkten verkauft hat, brutto (Rückgaben abgezogen).
      </p>
      <MonthSoFar today={today} />

      <div className="mt-6 space-y-3 rounded-xl bg-white p-4 shadow-sm sm:p-6">
        <Choice
          label="Zeitraum"
          options={RANGES}
          current={range}
          onChoose={(key) => set({ range: key })}
        />
        {range === 'eigener' && (
          <CustomPeriodForm
            key={`${period.from}/${period.to}`}
            period={period}
            onShow={(from, to) => set({ range: 'eigener', from, to })}
          />
        )}
        <Choice
          label="Gruppieren nach"
          options={SALES_GROUPINGS.map((key) => [key, GROUPINGS[key].button] as const)}
          current={period.groupBy}
          onChoose={(key) => set({ groupBy: key })}
        />
      </div>

      <section
        aria-labelledby="sales-title"
        className="mt-6 rounded-xl bg-white p-4 shadow-sm sm:p-6"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="sales-title" className="text-lg font-bold">
            {formatIsoDay(period.from)} bis {formatIsoDay(period.to)}
          </h2>
          <Button
            variant="secondary"
            disabled={download.isPending}
            onClick={() => download.mutate(period)}
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            {download.isPending ? 'Wird erstellt …' : 'Als CSV herunterladen'}
          </Button>
        </div>
        <div aria-live="polite">
          {download.isError && (
            <div className="mt-3">
              <Alert tone="error">
                <p>{vendorErrorMessage(download.error)}</p>
              </Alert>
            </div>
          )}
        </div>
        {report.isError ? (
          <div className="mt-4">
            <LoadError title="Deine Verkäufe" onRetry={() => void report.refetch()} />
          </div>
        ) : !report.data ? (
          <p className="mt-4 text-gray-800">Deine Verkäufe werden geladen …</p>
        ) : (
          <>
            <p className="mt-3 text-lg">
              Summe: <strong>{formatEuro(report.data.totalGrossCents)}</strong>
            </p>
            {rows.length === 0 || report.data.totalGrossCents === 0 ? (
              <p className="mt-3 text-gray-800">In diesem Zeitraum hast du nichts verkauft.</p>
            ) : (
              <div className="mt-4">
                {/* a phone gets a narrow, taller drawing with larger text */}
                <SalesChart
                  size="phone"
                  className="sm:hidden"
                  bars={rows.map((row) => ({
                    key: row.key,
                    label:
                      period.groupBy === 'day'
                        ? `${row.key.slice(8, 10)}.${row.key.slice(5, 7)}.`
                        : name(row.key, row.label),
                    grossCents: row.grossCents,
                  }))}
                  summary={`Balkendiagramm: ${caption}, zusammen ${formatEuro(report.data.totalGrossCents)}${best ? `; am meisten ${name(best.key, best.label)} mit ${formatEuro(best.grossCents)}` : ''}. Alle Werte in der Tabelle darunter.`}
                />
                <SalesChart
                  className="hidden sm:block"
                  bars={rows.map((row) => ({
                    key: row.key,
                    label:
                      period.groupBy === 'day'
                        ? `${row.key.slice(8, 10)}.${row.key.slice(5, 7)}.`
                        : name(row.key, row.label),
                    grossCents: row.grossCents,
                  }))}
                  summary={`Balkendiagramm: ${caption}, zusammen ${formatEuro(report.data.totalGrossCents)}${best ? `; am meisten ${name(best.key, best.label)} mit ${formatEuro(best.grossCents)}` : ''}. Alle Werte in der Tabelle darunter.`}
                />
              </div>
            )}
            <div className="mt-4 overflow-x-auto">
              <table className="w-full text-left">
                <caption className="mb-2 text-left font-semibold">{caption}</caption>
                <thead>
                  <tr className="border-b border-gray-300">
                    <th scope="col" className="py-2 pr-4">
                      {grouping.column}
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right">
                      Menge
                    </th>
                    <th scope="col" className="py-2 text-right">
                      Umsatz brutto
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.key} className="border-b border-gray-200">
                      <th scope="row" className="py-1.5 pr-4 font-normal">
                        {name(row.key, row.label)}
                      </th>
                      <td className="py-1.5 pr-4 text-right tabular-nums">
                        {formatQuantity(Math.round(row.quantity * 1000), row.unit)}
                      </td>
                      <td className="py-1.5 text-right tabular-nums">
                        {formatEuro(row.grossCents)}
                      </td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" className="py-2 pr-4">
                      Summe
                    </th>
                    <td />
                    <td className="py-2 text-right font-bold tabular-nums">
                      {formatEuro(report.data.totalGrossCents)}
                    </td>
                  </tr>
                </tfoot>
              </table>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
