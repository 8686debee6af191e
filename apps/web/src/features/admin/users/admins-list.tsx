import type { AdminAccount, CreateAdminFormInput } from '@housnkuh/shared/schemas/admin-users';
import { useState } from 'react';
import { Badge } from '../../../components/admin/badge';
import { FormPasswordField, FormTextField } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { PASSWORD_HINT } from '../../../components/password-rules';
import { SubmitOutcome } from '../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Alert } from '../../../components/ui/alert';
import { Button, SubmitButton } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/load-error';
import { adminErrorMessage } from '../../../lib/admin-api';
import { useAdminSession } from '../../../lib/admin-session';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { useAdmins, useCreateAdmin, useUpdateAdmin } from './api/users';

const createValidation = lazyZodResolver<CreateAdminFormInput>(
  async () => (await import('@housnkuh/shared/schemas/admin-users')).createAdminFormSchema,
);
const renameValidation = lazyZodResolver<{ name: string }>(
  async () => (await import('@housnkuh/shared/schemas/admin-users')).renameAdminFormSchema,
);
type PasswordFormValues = { password: string; confirmPassword: string; currentPassword: string };

const passwordValidation = lazyZodResolver<PasswordFormValues>(
  async () => (await import('@housnkuh/shared/schemas/admin-users')).adminPasswordFormSchema,
);

function CreateAdminForm() {
  const create = useCreateAdmin();
  const { form, outcome, busy, formProps } = useSchemaForm({
    validation: createValidation,
    defaultValues: { username: '', name: '', password: '', confirmPassword: '' },
    submit: ({ confirmPassword: _, ...input }: CreateAdminFormInput) => create.mutateAsync(input),
    pending: create.isPending,
    errorMessage: adminErrorMessage,
    successMessage: (result) => `Administrator „${result.admin.username}“ ist angelegt.`,
    resetOnSuccess: true,
  });
  return (
    <Form
      formProps={formProps}
      className="grid gap-4 rounded-xl bg-white p-4 sm:grid-cols-2 sm:p-6"
    >
      <h3 className="text-lg font-bold sm:col-span-2">Administrator anlegen</h3>
      <FormTextField
        form={form}
        name="username"
        label="Benutzername"
        hint="3 bis 40 Zeichen: Kleinbuchstaben, Ziffern, Punkt, Binde- oder Unterstrich."
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={40}
        required
      />
      <FormTextField form={form} name="name" label="Name" maxLength={100} required />
      <FormPasswordField
        form={form}
        name="password"
        label="Passwort"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        required
      />
      <FormPasswordField
        form={form}
        name="confirmPassword"
        label="Passwort wiederholen"
        autoComplete="new-password"
        required
      />
      <div className="sm:col-span-2">
        <SubmitOutcome outcome={outcome} successTitle="Angelegt" errorTitle="Nicht angelegt" />
        <SubmitButton busy={busy} busyLabel="Wird angelegt..." className="mt-3">
          Administrator anlegen
        </SubmitButton>
      </div>
    </Form>
  );
}

function RenameForm({ admin }: { admin: AdminAccount }) {
  const update = useUpdateAdmin(admin.id);
  const { form, outcome, busy, formProps } = useSchemaForm({
    validation: renameValidation,
    defaultValues: { name: admin.name },
    submit: (values: { name: string }) => update.mutateAsync({ name: values.name }),
    pending: update.isPending,
    errorMessage: adminErrorMessage,
    successMessage: () => 'Der Name ist geändert.',
  });
  return (
    <Form formProps={formProps} className="space-y-3">
      <FormTextField form={form} name="name" label="Name" maxLength={100} required />
      <SubmitOutcome outcome={outcome} />
      <SubmitButton busy={busy} busyLabel="Wird gespeichert..." variant="secondary">
        Umbenennen
      </SubmitButton>
    </Form>
  );
}

function PasswordForm({ admin, self }: { admin: AdminAccount; self: boolean }) {
  const update = useUpdateAdmin(admin.id);
  const { form, outcome, busy, formProps } = useSchemaForm({
    validation: passwordValidation,
    defaultValues: { password: '', confirmPassword: '', currentPassword: '' },
    submit: (values: PasswordFormValues) =>
      update.mutateAsync({ password: values.password, currentPassword: values.currentPassword }),
    pending: update.isPending,
    errorMessage: adminErrorMessage,
    successMessage: () => 'Das neue Passwort gilt ab sofort; andere Anmeldungen sind beendet.',
    resetOnSuccess: true,
  });
  return (
    <Form formProps={formProps} className="space-y-3">
      <FormPasswordField
        form={form}
        name="password"
        label="Neues Passwort"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        required
      />
      <FormPasswordField
        form={form}
        name="confirmPassword"
        label="Neues Passwort wiederholen"
        autoComplete="new-password"
        required
      />
      <FormPasswordField
        form={form}
        name="currentPassword"
        label={self ? 'Dein bisheriges Passwort' : 'Dein Passwort'}
        autoComplete="current-password"
        hint={
          self
            ? 'Zur Sicherheit fragen wir dein bisheriges Passwort ab.'
            : 'Zur Sicherheit fragen wir dein eigenes Passwort ab, nicht das des anderen Administrators.'
        }
        required
      />
      <SubmitOutcome outcome={outcome} />
      <SubmitButton busy={busy} busyLabel="Wird gespeichert..." variant="secondary">
        Passwort setzen
      </SubmitButton>
    </Form>
  );
}

function ActiveSwitch({ admin }: { admin: AdminAccount }) {
  const update = useUpdateAdmin(admin.id);
  return (
    <div className="space-y-2">
      {update.isError && (
        <Alert tone="error" focusOnShow>
          <p>{adminErrorMessage(update.error)}</p>
        </Alert>
      )}
      <Button
        variant="secondary"
        disabled={update.isPending}
        onClick={() => update.mutate({ active: !admin.active })}
      >
        {admin.active ? 'Deaktivieren' : 'Wieder aktivieren'}
      </Button>
    </div>
  );
}

function AdminRow({ admin, self }: { admin: AdminAccount; self: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="p-4">
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-semibold">
            {admin.name}
            {self && <span className="font-normal text-gray-800"> (du)</span>}
          </p>
          <p className="text-sm text-gray-800">{admin.username}</p>
        </div>
        <Badge tone={admin.active ? 'good' : 'bad'}>{admin.active ? 'Aktiv' : 'Deaktiviert'}</Badge>
        <Button variant="ghost" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
          {open ? 'Schließen' : 'Bearbeiten'}
          <span className="sr-only"> {admin.name}</span>
        </Button>
      </div>
      {open && (
        <div className="mt-4 grid gap-6 border-t border-gray-200 pt-4 md:grid-cols-3">
          <RenameForm admin={admin} />
          <PasswordForm admin={admin} self={self} />
          <ActiveSwitch admin={admin} />
        </div>
      )}
    </li>
  );
}

/** The admins: list, create, rename, new password, (de)activate. */
export function AdminsList() {
  const admins = useAdmins();
  const selfId = useAdminSession()?.user.id;
  return (
    <section aria-labelledby="admins-heading" className="space-y-6">
      <h2 id="admins-heading" className="sr-only">
        Administratoren
      </h2>
      <QueryState query={admins} error="Die Administratoren konnten nicht geladen werden." />
      {admins.data && (
        <ul className="divide-y divide-gray-200 rounded-xl bg-white">
          {admins.data.admins.map((admin) => (
            <AdminRow key={admin.id} admin={admin} self={admin.id === selfId} />
          ))}
        </ul>
      )}
      <CreateAdminForm />
    </section>
  );
}
