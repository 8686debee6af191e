import { passwordChecklist } from '@housnkuh/shared/schemas/registration';
import { Download, KeyRound } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { FormPasswordField } from '../../../../components/form/field';
import { Form } from '../../../../components/form/form';
import { SubmitOutcome } from '../../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../../components/form/use-schema-form';
import { PasswordRuleList } from '../../../../components/password-rules';
import { Alert } from '../../../../components/ui/alert';
import { Button, SubmitButton } from '../../../../components/ui/button';
import { lazyZodResolver } from '../../../../lib/lazy-resolver';
import {
  useChangePassword,
  useExportData,
  vendorErrorMessage,
} from '../../../../lib/vendor-area/profile';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const validation = lazyZodResolver<PasswordValues>(async () => {
  const { vendorPasswordChangeSchema } = await import('@housnkuh/shared/schemas/vendor-profile');
  return vendorPasswordChangeSchema;
});

const EMPTY: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Sets a new password with the current one; other devices are signed out. */
export function PasswordForm() {
  const change = useChangePassword();
  const { form, outcome, busy, formProps } = useSchemaForm<PasswordValues, { message: string }>({
    validation,
    defaultValues: EMPTY,
    submit: (values) => change.mutateAsync(values),
    pending: change.isPending,
    errorMessage: vendorErrorMessage,
    resetOnSuccess: true,
  });
  const password = useWatch({ control: form.control, name: 'newPassword' }) ?? '';
  return (
    <section aria-labelledby="password-title" className="rounded-xl bg-white p-5 shadow-sm">
      <h2 id="password-title" className="flex items-center gap-2 text-lg font-bold">
        <KeyRound aria-hidden="true" className="h-5 w-5 text-coral-dark" />
        Passwort ändern
      </h2>
      <Form formProps={formProps} className="mt-4 space-y-4">
        <FormPasswordField
          form={form}
          name="currentPassword"
          label="Aktuelles Passwort"
          autoComplete="current-password"
          required
        />
        <div>
          <FormPasswordField
            form={form}
            name="newPassword"
            label="Neues Passwort"
            autoComplete="new-password"
            required
          />
          <div className="mt-2">
            <PasswordRuleList rules={passwordChecklist(password)} label="Regeln für das Passwort" />
          </div>
        </div>
        <FormPasswordField
          form={form}
          name="confirmPassword"
          label="Neues Passwort wiederholen"
          autoComplete="new-password"
          required
        />
        <SubmitButton busy={busy} busyLabel="Wird gespeichert...">
          Passwort ändern
        </SubmitButton>
        <SubmitOutcome
          outcome={outcome}
          successTitle="Passwort geändert"
          errorTitle="Das Passwort wurde nicht geändert"
        />
      </Form>
    </section>
  );
}

/** Art. 20 GDPR: every stored datum of the producer as one JSON file. */
export function ExportBox() {
  const download = useExportData();
  return (
    <section aria-labelledby="export-title" className="rounded-xl bg-white p-5 shadow-sm">
      <h2 id="export-title" className="flex items-center gap-2 text-lg font-bold">
        <Download aria-hidden="true" className="h-5 w-5 text-coral-dark" />
        Meine Daten herunterladen
      </h2>
      <p className="mt-2 text-gray-800">
        Alles, was wir zu deinem Konto gespeichert haben (Konto, Profil, Geschäftsdaten, Buchungen,
        Verträge mit ihrem Verlauf, Newsletter und Anfragen), als eine JSON-Datei (Art. 15 und 20
        DSGVO).
      </p>
      <Button
        variant="secondary"
        className="mt-3"
        disabled={download.isPending}
        onClick={() => download.mutate()}
      >
        {download.isPending ? 'Wird vorbereitet …' : 'Daten herunterladen (JSON)'}
      </Button>
      <div aria-live="polite" className="mt-3">
        {download.isSuccess && (
          <Alert tone="success">
            <p>Die Datei {download.data} ist heruntergeladen.</p>
          </Alert>
        )}
        {download.isError && (
          <Alert tone="error">
            <p>{vendorErrorMessage(download.error)}</p>
          </Alert>
        )}
      </div>
    </section>
  );
}
