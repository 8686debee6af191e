import { PROFILE_LIMITS } from '@housnkuh/shared/limits';
import {
  TAX_STATUS_LABELS,
  TAX_STATUSES,
  type VendorBusiness,
} from '@housnkuh/shared/schemas/vendor-profile';
import { FormPasswordField, FormTextField } from '../form/field';
import { Form } from '../form/form';
import { SubmitOutcome } from '../form/submit-outcome';
import { useSchemaForm } from '../form/use-schema-form';
import { SubmitButton } from '../ui/button';
import { lazyZodResolver } from '../../lib/lazy-resolver';
import { useSaveBusiness, vendorErrorMessage } from '../../lib/vendor-area/profile';
import { IBAN_WHY } from './iban-notice';

interface Values {
  taxStatus: string;
  steuernummer: string;
  ustIdNr: string;
  iban: string;
  kontoinhaber: string;
  currentPassword: string;
}

const validation = lazyZodResolver<Values>(async () => {
  const { vendorBusinessUpdateSchema } = await import('@housnkuh/shared/schemas/vendor-profile');
  return vendorBusinessUpdateSchema;
});

function toValues(business: VendorBusiness): Values {
  return {
    taxStatus: business.taxStatus ?? '',
    steuernummer: business.steuernummer ?? '',
    ustIdNr: business.ustIdNr ?? '',
    iban: '',
    kontoinhaber: business.kontoinhaber ?? '',
    currentPassword: '',
  };
}

/**
 * The producer's business data for the monthly settlement (docs/product/money.md): tax status and
 * number, and the bank account for payouts (a new
 * one needs the current password and is confirmed by mail).
 */
export function BusinessForm({
  business,
  onSaved,
}: {
  business: VendorBusiness;
  /** After a successful save (the products page then reads its list afresh). */
  onSaved?: () => void;
}) {
  const save = useSaveBusiness();
  const { form, outcome, busy, formProps } = useSchemaForm<Values, { business: VendorBusiness }>({
    validation,
    defaultValues: toValues(business),
    submit: (values) => save.mutateAsync(values),
    pending: save.isPending,
    errorMessage: vendorErrorMessage,
    onSuccess: (result): void => {
      form.reset(toValues(result.business));
      onSaved?.();
    },
  });
  const taxError = form.formState.errors.taxStatus?.message;
  return (
    <section
      id="geschaeftsdaten"
      aria-labelledby="business-title"
      className="scroll-mt-4 rounded-xl bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="business-title" tabIndex={-1} className="text-lg font-bold">
        Geschäftsdaten
      </h2>
      <p className="mt-1 max-w-3xl text-gray-800">
        Für die monatliche Abrechnung und die Auszahlung deiner Verkäufe. Diese Angaben sind nicht
        öffentlich.
      </p>
      <Form formProps={formProps} className="mt-4 space-y-5" aria-label="Geschäftsdaten">
        <fieldset aria-describedby={taxError ? 'tax-error' : undefined}>
          <legend className="font-semibold">Umsatzsteuer</legend>
          <div className="mt-2 space-y-2">
            {TAX_STATUSES.map((status) => (
              <label key={status} className="flex items-center gap-3">
                <input
                  type="radio"
                  value={status}
                  className="h-5 w-5 accent-navy"
                  {...form.register('taxStatus')}
                />
                {TAX_STATUS_LABELS[status]}
              </label>
            ))}
          </div>
          {taxError && (
            <p id="tax-error" className="mt-1 text-sm font-medium text-red-800">
              {taxError}
            </p>
          )}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormTextField
            form={form}
            name="steuernummer"
            label="Steuernummer"
            optional
            maxLength={PROFILE_LIMITS.steuernummer}
            placeholder="z. B. 216/123/45678"
          />
          <FormTextField
            form={form}
            name="ustIdNr"
            label="USt-IdNr."
            optional
            maxLength={PROFILE_LIMITS.ustIdNr + 4}
            placeholder="z. B. DE123456789"
          />
        </div>
        <fieldset id="bankverbindung" tabIndex={-1} className="scroll-mt-4 space-y-4">
          <legend className="font-semibold">Bankverbindung für Auszahlungen</legend>
          <p className="text-gray-800">
            {business.ibanMasked
              ? `Hinterlegt: ${business.ibanMasked} (${business.kontoinhaber ?? ''}). Nur ausfüllen, wenn du sie ändern möchtest.`
              : `Noch keine Bankverbindung hinterlegt. ${IBAN_WHY}`}
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormTextField
              form={form}
              name="iban"
              label={business.ibanMasked ? 'Neue IBAN' : 'IBAN'}
              hint={business.ibanMasked ? undefined : IBAN_WHY}
              maxLength={42}
              autoComplete="off"
              spellCheck={false}
              placeholder="DE.. .... .... .... .... .."
            />
            <FormTextField
              form={form}
              name="kontoinhaber"
              label="Kontoinhaber"
              maxLength={PROFILE_LIMITS.kontoinhaber}
            />
            <FormPasswordField
              form={form}
              name="currentPassword"
              label="Aktuelles Passwort"
              autoComplete="current-password"
              hint="Nur nötig, wenn du die Bankverbindung einträgst oder änderst. Wir schicken dir dann zur Sicherheit eine E-Mail."
            />
          </div>
        </fieldset>
        <SubmitButton busy={busy} busyLabel="Wird gespeichert...">
          Geschäftsdaten speichern
        </SubmitButton>
        <SubmitOutcome
          outcome={outcome}
          successTitle="Gespeichert"
          errorTitle="Nicht gespeichert"
        />
      </Form>
    </section>
  );
}
