import {
  BESTEUERUNG,
  BESTEUERUNG_LABELS,
  type BillingSettings,
  type BillingSettingsInput,
  type BillingSettingsResponse,
} from '@housnkuh/shared/schemas/billing';
import { FormRadioGroup } from '../../../components/form/choice-fields';
import { FormTextField } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { SubmitOutcome } from '../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { SubmitButton } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/load-error';
import { adminErrorMessage } from '../../../lib/admin-api';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { useBillingSettings, useSaveBillingSettings } from './api/billing-settings';
import { Group } from './settings-group';

/** The billing data as the form holds it: every field text. */
interface BillingFormValues {
  steuernummer: string;
  ustIdNr: string;
  iban: string;
  bic: string;
  kontoinhaber: string;
  zahlungszielTage: string;
  besteuerung: string;
  abrechnungAb: string;
  datev: {
    beraternummer: string;
    mandantennummer: string;
    sachkontenlaenge: string;
    erloeskontoMiete: string;
    erloeskontoProvision: string;
    erloeskontoErmaessigt: string;
    debitorenkontoStart: string;
    verrechnungskonto: string;
    aufwandskontoErstattung: string;
  };
}

function toFormValues(settings: BillingSettings): BillingFormValues {
  const text = (value: string | number | null) => (value === null ? '' : String(value));
  const { datev } = settings;
  return {
    steuernummer: text(settings.steuernummer),
    ustIdNr: text(settings.ustIdNr),
    iban: text(settings.iban?.replace(/(.{4})/g, '$1 ').trim() ?? null),
    bic: text(settings.bic),
    kontoinhaber: text(settings.kontoinhaber),
    zahlungszielTage: text(settings.zahlungszielTage),
    besteuerung: settings.besteuerung,
    abrechnungAb: text(settings.abrechnungAb),
    datev: {
      beraternummer: text(datev.beraternummer),
      mandantennummer: text(datev.mandantennummer),
      sachkontenlaenge: text(datev.sachkontenlaenge),
      erloeskontoMiete: text(datev.erloeskontoMiete),
      erloeskontoProvision: text(datev.erloeskontoProvision),
      erloeskontoErmaessigt: text(datev.erloeskontoErmaessigt),
      debitorenkontoStart: text(datev.debitorenkontoStart),
      verrechnungskonto: text(datev.verrechnungskonto),
      aufwandskontoErstattung: text(datev.aufwandskontoErstattung),
    },
  };
}

// the server's own schema: the same checks (IBAN check digits, BIC, tax numbers) and messages
const validation = lazyZodResolver<BillingFormValues, BillingSettingsInput>(async () => {
  const { billingSettingsInputSchema } = await import('@housnkuh/shared/schemas/billing');
  return billingSettingsInputSchema;
});

function BillingForm({ data }: { data: BillingSettingsResponse }) {
  const save = useSaveBillingSettings();
  const { form, outcome, busy, formProps } = useSchemaForm<
    BillingFormValues,
    BillingSettingsResponse,
    unknown,
    BillingSettingsInput
  >({
    validation,
    defaultValues: toFormValues(data.settings),
    submit: (input) => save.mutateAsync(input),
    pending: save.isPending,
    errorMessage: adminErrorMessage,
    successMessage: () => 'Die Abrechnungsdaten sind gespeichert.',
    onSuccess: (result: BillingSettingsResponse): void => form.reset(toFormValues(result.settings)),
  });
  const field = (
    name: Parameters<typeof FormTextField<BillingFormValues>>[0]['name'],
    label: string,
    extra: Record<string, unknown> = {},
  ) => <FormTextField form={form} name={name} label={label} {...extra} />;
  const number = { inputMode: 'numeric', autoComplete: 'off' };
  const blockers = save.data?.blockers ?? data.blockers;
  const saved = save.data?.settings ?? data.settings;
  // marked before the owner tries the export (the export refuses without them)
  const datevMissing = !saved.datev.beraternummer || !saved.datev.mandantennummer;

  return (
    <Form formProps={formProps} className="mt-4 space-y-6">
      {blockers.length > 0 && (
        <div className="rounded-lg border-2 border-amber-700 bg-amber-50 p-3 text-amber-950">
          <p className="font-semibold">Ohne diese Angaben kann kein Monat abgerechnet werden:</p>
          <ul className="mt-1 list-disc pl-5">
            {blockers.map((blocker) => (
              <li key={blocker}>{blocker}</li>
            ))}
          </ul>
        </div>
      )}
      <Group title="Steuer">
        {field('steuernummer', 'Steuernummer', {
          maxLength: 20,
          hint: 'z. B. 218/123/45678 – Steuernummer oder USt-IdNr. steht auf jeder Rechnung.',
        })}
        {field('ustIdNr', 'USt-IdNr.', { maxLength: 18, hint: 'z. B. DE123456789' })}
        <FormRadioGroup
          form={form}
          name="besteuerung"
          legend="Besteuerung"
          className="sm:col-span-2"
          choices={BESTEUERUNG.map((value) => ({ value, label: BESTEUERUNG_LABELS[value] }))}
        />
        {field('abrechnungAb', 'Abrechnung ab (Monat)', {
          maxLength: 7,
          placeholder: 'JJJJ-MM',
          autoComplete: 'off',
          hint: 'Der erste Monat, den dieses System abrechnet, z. B. 2026-07. Leer: der Eröffnungsmonat. Frühere Monate gelten als anderswo abgerechnet.',
        })}
      </Group>
      <Group title="Bankverbindung für die Auszahlungen">
        {field('iban', 'IBAN', { maxLength: 42, autoComplete: 'off', spellCheck: false })}
        {field('bic', 'BIC', {
          maxLength: 14,
          autoComplete: 'off',
          spellCheck: false,
          hint: 'Kann leer bleiben.',
        })}
        {field('kontoinhaber', 'Kontoinhaber', { maxLength: 100 })}
        {field('zahlungszielTage', 'Zahlungsziel in Tagen', {
          ...number,
          maxLength: 2,
          required: true,
          hint: 'Bis wann Direktvermarkter einen offenen Betrag zahlen (0 bis 90 Tage).',
        })}
      </Group>
      <Group title="DATEV">
        {datevMissing && (
          <p
            id="datev-noetig"
            className="rounded-lg border-2 border-amber-700 bg-amber-50 p-3 text-amber-950 sm:col-span-2"
          >
            Für den DATEV-Export nötig: die Beraternummer und die Mandantennummer (von der
            Steuerberatung). Ohne sie lässt sich der DATEV-Export nicht herunterladen.
          </p>
        )}
        {field('datev.beraternummer', 'Beraternummer', {
          ...number,
          maxLength: 7,
          hint: 'Nötig für den DATEV-Export.',
        })}
        {field('datev.mandantennummer', 'Mandantennummer', {
          ...number,
          maxLength: 5,
          hint: 'Nötig für den DATEV-Export.',
        })}
        {field('datev.sachkontenlaenge', 'Sachkontenlänge', {
          ...number,
          maxLength: 1,
          required: true,
        })}
        {field('datev.erloeskontoMiete', 'Erlöskonto Miete und Zusatzleistungen', {
          ...number,
          maxLength: 8,
          required: true,
          hint: 'SKR03: 8400 Erlöse 19 % USt',
        })}
        {field('datev.erloeskontoProvision', 'Erlöskonto Provision', {
          ...number,
          maxLength: 8,
          required: true,
          hint: 'SKR03: 8519 Provisionsumsätze 19 % USt',
        })}
        {field('datev.erloeskontoErmaessigt', 'Erlöskonto Belastungen zu 7 %', {
          ...number,
          maxLength: 8,
          required: true,
          hint: 'SKR03: 8300 Erlöse 7 % USt',
        })}
        {field('datev.debitorenkontoStart', 'Erstes Debitorenkonto', {
          ...number,
          maxLength: 9,
          required: true,
          hint: 'Jeder Direktvermarkter bekommt beim ersten Export das nächste freie Konto ab hier.',
        })}
        {field('datev.verrechnungskonto', 'Verrechnungskonto', {
          ...number,
          maxLength: 8,
          required: true,
          hint: 'SKR03: 1590 Durchlaufende Posten (die für die Direktvermarkter kassierten Verkäufe)',
        })}
        {field('datev.aufwandskontoErstattung', 'Aufwandskonto Erstattungen', {
          ...number,
          maxLength: 8,
          required: true,
          hint: 'SKR03: 4900 Sonstige betriebliche Aufwendungen (Erstattungen ohne Leistung, AGB § 8)',
        })}
      </Group>
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton busy={busy} busyLabel="Wird gespeichert...">
          Abrechnungsdaten speichern
        </SubmitButton>
      </div>
      <SubmitOutcome outcome={outcome} successTitle="Gespeichert" errorTitle="Nicht gespeichert" />
    </Form>
  );
}

/** Einstellungen → Abrechnung: the shop's tax numbers, bank account and DATEV data (never public). */
export function BillingSection() {
  const settings = useBillingSettings();
  return (
    <section aria-labelledby="abrechnung" className="mt-8 rounded-lg border border-sand p-4">
      <h2 id="abrechnung" className="text-xl font-bold">
        Abrechnung
      </h2>
      <p className="mt-2">
        Die Daten der Ladenbetreiberin für Rechnungen, Auszahlungen (SEPA) und den Export an die
        Steuerberatung (DATEV). Sie sind nur hier sichtbar, nie auf der Website.
      </p>
      <QueryState query={settings} error="Die Abrechnungsdaten konnten nicht geladen werden." />
      {settings.data && <BillingForm data={settings.data} />}
    </section>
  );
}
