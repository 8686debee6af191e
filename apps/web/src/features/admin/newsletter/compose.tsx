import {
  AUDIENCE_LABELS,
  AUDIENCES,
  NEWSLETTER_ADMIN_MESSAGES,
  type NewsletterDraft,
} from '@housnkuh/shared/schemas/admin-newsletter';
import { useEffect, useState } from 'react';
import { AdminCard } from '../../../components/admin/admin-card';
import { TestMailForm } from '../../../components/admin/test-mail-form';
import { FormTextAreaField, FormTextField } from '../../../components/form/field';
import { FormFailure } from '../../../components/form/form-failure';
import { Form } from '../../../components/form/form';
import { FormSelectField } from '../../../components/form/select-field';
import { SubmitOutcome } from '../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Alert } from '../../../components/ui/alert';
import { Button, SubmitButton } from '../../../components/ui/button';
import { adminErrorMessage } from '../../../lib/admin-api';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { usePreview, useSendNewsletter, useSendTest } from './api/newsletter';

const schemas = () => import('@housnkuh/shared/schemas/admin-newsletter');
const validation = lazyZodResolver<NewsletterDraft>(
  async () => (await schemas()).newsletterDraftSchema,
);
const testSchema = async () => (await schemas()).newsletterTestSchema;
const EMPTY: NewsletterDraft = { subject: '', body: '', audience: 'all' };
const RECIPIENTS = AUDIENCES.map((audience) => ({
  value: audience,
  label: AUDIENCE_LABELS[audience],
}));
/** The address the last test went to (admins have no address of their own in the product). */
const TEST_ADDRESS_KEY = 'adminNewsletterTestAddress';

/** What the draft's buttons do: show it, show it and ask, or send it after the question. */
type Action = 'preview' | 'ask' | 'send';

/** Write a newsletter: preview, a test to oneself, then the real sending after a confirmation. */
export function Compose() {
  const [confirming, setConfirming] = useState(false);
  const preview = usePreview();
  const test = useSendTest();
  const send = useSendNewsletter();
  const { form, outcome, busy, formProps, clearOutcome, action, actionProps } = useSchemaForm({
    validation,
    defaultValues: EMPTY,
    submit: (draft: NewsletterDraft): Promise<unknown> => preview.mutateAsync(draft),
    actions: {
      ask: async (draft) => {
        const answer = await preview.mutateAsync(draft);
        // nobody to send to: say so instead of asking (the server refuses it too)
        if (answer.recipients === 0) throw new FormFailure(NEWSLETTER_ADMIN_MESSAGES.noRecipients);
        setConfirming(true);
        return answer;
      },
      send: (draft) => send.mutateAsync(draft),
    },
    errorMessage: adminErrorMessage,
  });
  // a changed draft is asked about again before it goes out
  const resetSend = send.reset;
  useEffect(() => {
    const watching = form.watch(() => {
      setConfirming(false);
      resetSend();
    });
    return () => watching.unsubscribe();
  }, [form, resetSend]);
  const acting = (which: Action) => busy && (action ?? 'preview') === which;
  const recipients = preview.data?.recipients ?? 0;

  if (send.isSuccess) {
    return (
      <div className="space-y-4 rounded-xl bg-white p-4 sm:p-6">
        <Alert tone="success" focusOnShow title="Verschickt">
          <p>{send.data.message}</p>
        </Alert>
        <Button
          variant="secondary"
          onClick={() => {
            send.reset();
            preview.reset();
            test.reset();
            setConfirming(false);
            clearOutcome();
            form.reset(EMPTY);
          }}
        >
          Neuen Newsletter schreiben
        </Button>
      </div>
    );
  }

  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <section aria-labelledby="compose" className="space-y-4 rounded-xl bg-white p-4 sm:p-6">
        <h2 id="compose" className="text-lg font-bold">
          Newsletter schreiben
        </h2>
        <Form formProps={formProps} className="space-y-4">
          <FormTextField form={form} name="subject" label="Betreff" maxLength={150} />
          <FormTextAreaField
            form={form}
            name="body"
            label="Text"
            rows={10}
            max={20_000}
            hint="Absätze mit einer Leerzeile trennen. Anrede, Gruß und Abmeldelink kommen von selbst dazu."
          />
          <FormSelectField form={form} name="audience" label="Empfänger" options={RECIPIENTS} />
          <SubmitOutcome outcome={outcome} show="error" />
          <div className="flex flex-wrap gap-2">
            <SubmitButton
              busy={acting('preview')}
              busyLabel="Vorschau"
              variant="secondary"
              disabled={busy}
            >
              Vorschau
            </SubmitButton>
            {!confirming ? (
              <SubmitButton
                busy={acting('ask')}
                busyLabel="Senden …"
                disabled={busy}
                {...actionProps('ask')}
              >
                Senden …
              </SubmitButton>
            ) : (
              <div className="w-full space-y-2 rounded-lg border-2 border-coral-dark p-3">
                <p>
                  Den Newsletter jetzt an{' '}
                  {recipients === 1 ? '1 Abonnenten' : `${recipients} Abonnenten`} (
                  {AUDIENCE_LABELS[form.getValues('audience')]}) senden?
                </p>
                <div className="flex flex-wrap gap-2">
                  <SubmitButton
                    busy={acting('send')}
                    busyLabel="Wird verschickt..."
                    disabled={busy}
                    {...actionProps('send')}
                  >
                    Ja, jetzt senden
                  </SubmitButton>
                  <Button variant="ghost" onClick={() => setConfirming(false)}>
                    Abbrechen
                  </Button>
                </div>
              </div>
            )}
          </div>
        </Form>
        <TestMailForm
          label="Test an diese Adresse"
          storageKey={TEST_ADDRESS_KEY}
          schema={testSchema}
          send={(email) => {
            const { subject, body } = form.getValues();
            return test.mutateAsync({ subject, body, email });
          }}
          className="border-t border-gray-200 pt-4"
        />
      </section>
      <AdminCard id="preview" title="Vorschau">
        {preview.data ? (
          <>
            <p className="mb-2 text-sm text-gray-800">
              Geht an{' '}
              {preview.data.recipients === 1
                ? '1 bestätigten Abonnenten'
                : `${preview.data.recipients} bestätigte Abonnenten`}
              .
            </p>
            <p className="font-semibold">{preview.data.subject}</p>
            <pre className="mt-2 font-sans whitespace-pre-wrap">{preview.data.text}</pre>
          </>
        ) : (
          <p>Mit „Vorschau“ siehst du hier die E-Mail, wie sie ankommt.</p>
        )}
      </AdminCard>
    </div>
  );
}
