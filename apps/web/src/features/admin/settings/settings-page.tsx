import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { useEffect } from 'react';
import { Link, useBlocker } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { DemoDataSection } from '../../../components/admin/demo-data-section';
import { FormTextField } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { SubmitOutcome } from '../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Button, SubmitButton } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { QueryState } from '../../../components/ui/load-error';
import { adminErrorMessage } from '../../../lib/admin-api';
import { usePageMeta } from '../../../lib/page-meta';
import { useBillingSettings } from './api/billing-settings';
import { useAdminSettings, useSaveSettings } from './api/settings';
import { BillingSection } from './billing-section';
import { PosKeysSection } from './pos-keys-section';
import { Group } from './settings-group';
import {
  settingsResolver,
  toFormValues,
  toSettings,
  type SettingsFormValues,
} from './settings-form';

/**
 * The VAT id in the Impressum: entered once, in the billing data (Abrechnung), and shown here
 * read-only with a link there. The Steuernummer is never public.
 */
export function PublishedVatId() {
  const billing = useBillingSettings();
  const vatId = billing.data?.settings.ustIdNr ?? null;
  return (
    <div>
      <p className="mb-1 block font-semibold">USt-IdNr.</p>
      <p>
        {billing.isPending ? '…' : vatId ? vatId : 'keine'}
        {' · '}
        <a href="#abrechnung" className="font-semibold underline underline-offset-2">
          Ändern unter „Abrechnung“
        </a>
      </p>
      <p className="mt-1 text-sm text-gray-800">
        Das Impressum zeigt die USt-IdNr. aus den Abrechnungsdaten. Die Steuernummer ist nie
        öffentlich.
      </p>
    </div>
  );
}

function SettingsForm({ settings }: { settings: SiteSettings }) {
  const save = useSaveSettings();
  const { form, outcome, busy, formProps } = useSchemaForm<
    SettingsFormValues,
    { settings: SiteSettings }
  >({
    validation: { resolver: settingsResolver },
    defaultValues: toFormValues(settings),
    submit: (values) => save.mutateAsync(toSettings(values) as SiteSettings),
    pending: save.isPending,
    errorMessage: adminErrorMessage,
    successMessage: () =>
      'Die Einstellungen sind gespeichert und gelten ab sofort auf der Website.',
    onSuccess: (result: { settings: SiteSettings }): void =>
      form.reset(toFormValues(result.settings)),
  });
  // unsaved edits: leaving the page asks first (links in the app, and reload or close)
  const unsaved = form.formState.isDirty && !busy;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  const field = (
    name: Parameters<typeof FormTextField<SettingsFormValues>>[0]['name'],
    label: string,
    extra: Record<string, unknown> = {},
  ) => <FormTextField form={form} name={name} label={label} {...extra} />;

  return (
    <Form formProps={formProps} className="space-y-6">
      <Group title="Laden und Kontakt">
        {field('shopName', 'Name des Ladens', { maxLength: 60, required: true })}
        {field('phone', 'Telefon', { type: 'tel', maxLength: 40, required: true })}
        {field('email', 'E-Mail-Adresse', { type: 'email', maxLength: 254, required: true })}
        {field('openingHours', 'Öffnungszeiten', { maxLength: 200, required: true })}
        {field('openingDate', 'Eröffnungsdatum', {
          type: 'date',
          hint: 'Leer lassen, solange es nicht feststeht („Die Eröffnung steht bald bevor“).',
        })}
      </Group>
      <Group title="Adresse">
        {field('address.strasse', 'Straße', { maxLength: 120, required: true })}
        {field('address.hausnummer', 'Hausnummer', { maxLength: 10, required: true })}
        {field('address.plz', 'Postleitzahl', {
          inputMode: 'numeric',
          maxLength: 5,
          required: true,
        })}
        {field('address.ort', 'Ort', { maxLength: 100, required: true })}
        {field('coordinates.lat', 'Breitengrad (Karte)', { inputMode: 'decimal', required: true })}
        {field('coordinates.lng', 'Längengrad (Karte)', { inputMode: 'decimal', required: true })}
      </Group>
      <Group title="Soziale Medien">
        {field('social.instagram', 'Instagram', { type: 'url', required: true })}
        {field('social.facebook', 'Facebook', { type: 'url', required: true })}
        {field('social.tiktok', 'TikTok', { type: 'url', required: true })}
        {field('instagramWidgetUrl', 'Adresse des Instagram-Widgets', {
          type: 'url',
          hint: 'Leer lassen: auf der Startseite steht nur der Link zum Profil.',
        })}
      </Group>
      <Group title="Karte">
        {field('mapTileUrl', 'Adresse der Kartenkacheln', {
          type: 'url',
          required: true,
          hint: (
            <>
              Mit {'{z}'}, {'{x}'} und {'{y}'}, z. B.{' '}
              {/* a long address breaks anywhere, so the hint fits a phone */}
              <span className="break-all">https://tile.openstreetmap.org/{'{z}/{x}/{y}'}.png</span>
            </>
          ),
        })}
        {field('mapAttribution', 'Quellenangabe der Karte', { maxLength: 300 })}
      </Group>
      <Group title="Wettbewerb">
        <div className="flex items-center gap-3 sm:col-span-2">
          <input
            id="contest-active"
            type="checkbox"
            className="h-5 w-5 accent-navy"
            {...form.register('contest.active')}
          />
          <label htmlFor="contest-active" className="font-semibold">
            Wettbewerb läuft (bis zum Einsendeschluss und längstens bis zur Eröffnung)
          </label>
        </div>
        {field('contest.closingDate', 'Einsendeschluss', {
          type: 'date',
          hint: 'Leer lassen: bis zur Eröffnung.',
        })}
      </Group>
      <Group title="Impressum">
        {field('legal.operatorName', 'Betreiber (Firma)', { maxLength: 120, required: true })}
        {field('legal.ownerName', 'Inhaber oder Geschäftsführung', {
          maxLength: 200,
          hint: 'Vor- und Nachname. Rechnungen und Abrechnungen nennen ihn (z. B. „housnkuh – Inh. Eva Beispiel“, bei einer GmbH „housnkuh GmbH“); ohne ihn lässt sich kein Monat abschließen.',
        })}
        {field('legal.legalForm', 'Rechtsform', { maxLength: 60 })}
        <PublishedVatId />
        {field('legal.registerEntry', 'Registereintrag', { maxLength: 120 })}
        {field('legal.contentResponsible', 'Verantwortlich für den Inhalt', { maxLength: 200 })}
      </Group>
      <div className="sticky bottom-0 flex flex-wrap items-center gap-4 rounded-xl bg-white p-4 shadow-md">
        <SubmitButton busy={busy} busyLabel="Wird gespeichert...">
          Einstellungen speichern
        </SubmitButton>
        <Link to="/admin/protokoll" className="font-semibold underline underline-offset-2">
          Änderungen im Protokoll ansehen
        </Link>
      </div>
      <SubmitOutcome outcome={outcome} successTitle="Gespeichert" errorTitle="Nicht gespeichert" />
      {blocker.state === 'blocked' && (
        <Modal
          title="Änderungen verwerfen?"
          description="Du hast Einstellungen geändert, aber noch nicht gespeichert."
          onClose={() => blocker.reset()}
          closeLabel="Weiter bearbeiten"
        >
          <div className="flex flex-wrap justify-end gap-3 p-5">
            <Button variant="secondary" onClick={() => blocker.reset()}>
              Weiter bearbeiten
            </Button>
            <Button onClick={() => blocker.proceed()}>Verwerfen und verlassen</Button>
          </div>
        </Modal>
      )}
    </Form>
  );
}

/** /admin/settings: every site setting, validated like every form, in effect at once. */
export function AdminSettingsPage() {
  usePageMeta('Einstellungen', 'Einstellungen der Website.');
  const settings = useAdminSettings();
  return (
    <>
      <AdminPageHeader
        title="Einstellungen"
        description="Name, Kontakt, Adresse, Eröffnung, Wettbewerb und Impressum der Website. Änderungen gelten nach dem Speichern sofort."
      />
      <QueryState query={settings} error="Die Einstellungen konnten nicht geladen werden." />
      {settings.data && <SettingsForm settings={settings.data.settings} />}
      <BillingSection />
      <PosKeysSection />
      <DemoDataSection />
    </>
  );
}
