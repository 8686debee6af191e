import {
  CONTACT_STATUS_LABELS,
  CONTACT_STATUSES,
  type AdminContactDetail,
  type ContactReplyInput,
} from '@housnkuh/shared/schemas/admin-contacts';
import { useParams } from 'react-router';
import { AdminCard } from '../../../components/admin/admin-card';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { FormTextAreaField, FormTextField } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { SubmitOutcome } from '../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Alert } from '../../../components/ui/alert';
import { BackLink } from '../../../components/ui/back-link';
import { SubmitButton } from '../../../components/ui/button';
import { LabelledSelect } from '../../../components/ui/labelled-select';
import { QueryState } from '../../../components/ui/load-error';
import { adminErrorMessage } from '../../../lib/admin-api';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { usePageMeta } from '../../../lib/page-meta';
import { useContact, useReplyToContact, useSetContactStatus } from './api/contacts';
import { StatusBadge, when } from './contacts-page';

const validation = lazyZodResolver<ContactReplyInput>(
  async () => (await import('@housnkuh/shared/schemas/admin-contacts')).contactReplyInputSchema,
);

function ReplyForm({ contact }: { contact: AdminContactDetail }) {
  const reply = useReplyToContact(contact.id);
  const { form, outcome, busy, formProps } = useSchemaForm({
    validation,
    defaultValues: {
      subject: contact.subject.startsWith('Re:') ? contact.subject : `Re: ${contact.subject}`,
      // the template greets („Hallo Name,“): the text starts after it, so the mail greets once
      body: '',
    },
    submit: (values: ContactReplyInput) => reply.mutateAsync(values),
    pending: reply.isPending,
    errorMessage: adminErrorMessage,
    successMessage: () => `Die Antwort geht an ${contact.email}.`,
    onSuccess: (): void => form.reset({ subject: form.getValues('subject'), body: '' }),
  });
  return (
    <Form formProps={formProps} className="space-y-4">
      <FormTextField form={form} name="subject" label="Betreff" maxLength={200} required />
      <FormTextAreaField
        form={form}
        name="body"
        label="Antwort"
        max={10_000}
        rows={8}
        required
        hint={`Die Anrede „Hallo ${contact.name},“ und die ursprüngliche Nachricht als Zitat kommen von selbst dazu.`}
      />
      <SubmitOutcome outcome={outcome} successTitle="Gesendet" errorTitle="Nicht gesendet" />
      <SubmitButton busy={busy} busyLabel="Wird gesendet...">
        Antwort senden
      </SubmitButton>
    </Form>
  );
}

function StatusSwitch({ contact }: { contact: AdminContactDetail }) {
  const setStatus = useSetContactStatus(contact.id);
  return (
    <div>
      <LabelledSelect
        id="contact-status"
        label="Status"
        value={contact.status}
        disabled={setStatus.isPending}
        onChange={(event) => setStatus.mutate(event.target.value as AdminContactDetail['status'])}
        className="rounded-lg border border-gray-400 bg-white px-3 py-2.5"
      >
        {CONTACT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {CONTACT_STATUS_LABELS[status]}
          </option>
        ))}
      </LabelledSelect>
      {setStatus.isError && (
        <div className="mt-2">
          <Alert tone="error" focusOnShow>
            <p>{adminErrorMessage(setStatus.error)}</p>
          </Alert>
        </div>
      )}
    </div>
  );
}

/** /admin/contacts/:id: one message, its status, the replies and a new reply. */
export function AdminContactDetailPage() {
  const { id = '' } = useParams();
  const contact = useContact(id);
  const data = contact.data?.contact;
  usePageMeta(data?.subject ?? 'Kontaktanfrage', 'Kontaktanfrage');
  return (
    <>
      <BackLink to="/admin/contacts" look="plain">
        Alle Kontaktanfragen
      </BackLink>
      <QueryState query={contact} error="Die Nachricht konnte nicht geladen werden." />
      {data && (
        <>
          <AdminPageHeader
            title={data.subject}
            description={<StatusBadge status={data.status} />}
          />
          <div className="grid gap-6 xl:grid-cols-2">
            <section aria-labelledby="message" className="rounded-xl bg-white p-4 sm:p-6">
              <h2 id="message" className="mb-2 text-lg font-bold">
                Nachricht
              </h2>
              <p className="text-sm text-gray-800">
                {data.name} ·{' '}
                <a href={`mailto:${data.email}`} className="underline">
                  {data.email}
                </a>
                {data.phone && ` · ${data.phone}`} · {when.format(new Date(data.createdAt))}
              </p>
              <p className="mt-3 whitespace-pre-wrap">{data.message}</p>
              <div className="mt-4">
                <StatusSwitch contact={data} />
              </div>
            </section>
            <section aria-labelledby="reply" className="rounded-xl bg-white p-4 sm:p-6">
              <h2 id="reply" className="mb-4 text-lg font-bold">
                Antworten
              </h2>
              <ReplyForm contact={data} />
            </section>
          </div>
          {data.replies.length > 0 && (
            <AdminCard id="replies" title="Gesendete Antworten" className="mt-6">
              <ol className="space-y-4">
                {data.replies.map((reply) => (
                  <li key={reply.id} className="border-l-4 border-navy pl-3">
                    <p className="text-sm text-gray-800">
                      {reply.adminName} · {when.format(new Date(reply.createdAt))}
                    </p>
                    <p className="font-semibold">{reply.subject}</p>
                    <p className="whitespace-pre-wrap">{reply.body}</p>
                  </li>
                ))}
              </ol>
            </AdminCard>
          )}
        </>
      )}
    </>
  );
}
