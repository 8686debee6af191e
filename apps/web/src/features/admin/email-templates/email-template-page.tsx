import type {
  EmailTemplate,
  EmailTemplateTexts,
} from '@housnkuh/shared/schemas/admin-email-templates';
import { useEffect, useId, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useParams } from 'react-router';
import { AdminCard } from '../../../components/admin/admin-card';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { ConfirmBox } from '../../../components/admin/confirm-box';
import { TestMailForm } from '../../../components/admin/test-mail-form';
import { FormTextAreaField, FormTextField } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { SubmitOutcome } from '../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Alert } from '../../../components/ui/alert';
import { BackLink } from '../../../components/ui/back-link';
import { Button, SubmitButton } from '../../../components/ui/button';
import { adminErrorMessage } from '../../../lib/admin-api';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { usePageMeta } from '../../../lib/page-meta';
import {
  useEmailTemplate,
  usePreviewEmailTemplate,
  useResetEmailTemplate,
  useSaveEmailTemplate,
  useSendEmailTemplateTest,
} from './api/email-templates';
import { CustomBadge } from './custom-badge';

const schemas = () => import('@housnkuh/shared/schemas/admin-email-templates');
/** Saving, the preview and the test all check the texts by the same schema. */
const validation = lazyZodResolver<EmailTemplateTexts>(
  async () => (await schemas()).emailTemplateTextsSchema,
);
const testSchema = async () => (await schemas()).emailTemplateTestSchema;
const TEST_ADDRESS_KEY = 'adminTemplateTestAddress';
const when = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Berlin',
});

type Field = 'subject' | 'body';

/** The editor of one template: subject, text, the placeholders to insert, preview, test, reset. */
function Editor({ template }: { template: EmailTemplate }) {
  const [confirmReset, setConfirmReset] = useState(false);
  const id = useId();
  const fieldIds: Record<Field, string> = { subject: `${id}-subject`, body: `${id}-body` };
  const lastField = useRef<Field>('body');
  const save = useSaveEmailTemplate(template.key);
  const reset = useResetEmailTemplate(template.key);
  const preview = usePreviewEmailTemplate(template.key);
  const test = useSendEmailTemplateTest(template.key);
  // Speichern or Vorschau: both check the texts
  const { form, outcome, busy, formProps, clearOutcome, action, actionProps } = useSchemaForm({
    validation,
    defaultValues: { subject: template.subject, body: template.body },
    submit: (texts: EmailTemplateTexts): Promise<unknown> => {
      preview.reset();
      return save.mutateAsync(texts);
    },
    actions: { preview: (texts) => preview.mutateAsync(texts) },
    errorMessage: adminErrorMessage,
  });
  const [subject, body] = useWatch({ control: form.control, name: ['subject', 'body'] });

  // what the admin types (or inserts) makes the last answer old
  const resetReset = reset.reset;
  useEffect(() => {
    const watching = form.watch((_values, { name }) => {
      if (!name) return;
      clearOutcome();
      resetReset();
    });
    return () => watching.unsubscribe();
  }, [form, clearOutcome, resetReset]);

  /** Puts `{{name}}` where the cursor was in the field last used (multi-line ones into the text). */
  const insert = (name: string, bodyOnly: boolean) => {
    const field: Field = bodyOnly ? 'body' : lastField.current;
    const element = document.getElementById(fieldIds[field]) as
      HTMLInputElement | HTMLTextAreaElement | null;
    const value = form.getValues(field);
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    const token = `{{${name}}}`;
    form.setValue(field, value.slice(0, start) + token + value.slice(end), { shouldDirty: true });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const unchangedDefault = subject === template.defaultSubject && body === template.defaultBody;

  return (
    <div className="grid gap-6 xl:grid-cols-[3fr_2fr]">
      <div className="space-y-6">
        <section aria-labelledby="tpl-edit" className="space-y-4 rounded-xl bg-white p-4 sm:p-6">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="tpl-edit" className="text-lg font-bold">
              Vorlage bearbeiten
            </h2>
            <CustomBadge custom={template.isCustom} />
          </div>
          {template.isCustom && template.updatedAt && (
            <p className="text-sm text-gray-800">
              Angepasst von {template.updatedBy} am {when.format(new Date(template.updatedAt))}.
            </p>
          )}
          <Form formProps={formProps} className="space-y-4">
            <FormTextField
              form={form}
              name="subject"
              id={fieldIds.subject}
              label="Betreff"
              maxLength={200}
              required
              onFocus={() => (lastField.current = 'subject')}
            />
            <FormTextAreaField
              form={form}
              name="body"
              id={fieldIds.body}
              label="Text"
              rows={16}
              max={10_000}
              required
              className="[&_textarea]:font-mono [&_textarea]:text-sm"
              onFocus={() => (lastField.current = 'body')}
              hint={`Absätze mit einer Leerzeile trennen. Ein Absatz, der leer bleibt (etwa ohne Anmerkungen), fällt weg. Gruß und Anschrift des Ladens kommen von selbst dazu.${
                template.button
                  ? ` Steht {{${template.button.placeholder}}} allein in einem Absatz, wird daraus der Knopf „${template.button.label}“.`
                  : ''
              }`}
            />
            <div aria-live="polite" className="space-y-2">
              <SubmitOutcome
                outcome={outcome}
                live={false}
                show={action === 'preview' ? 'error' : 'both'}
                successTitle="Gespeichert"
                errorTitle="Nicht gespeichert"
              />
              {reset.isSuccess && (
                <Alert tone="success" title="Zurückgesetzt">
                  <p>{reset.data.message}</p>
                </Alert>
              )}
            </div>
            <div className="flex flex-wrap gap-2">
              <SubmitButton
                busy={busy && action !== 'preview'}
                busyLabel="Wird gespeichert..."
                disabled={busy}
              >
                Speichern
              </SubmitButton>
              <SubmitButton
                busy={busy && action === 'preview'}
                busyLabel="Vorschau"
                variant="secondary"
                disabled={busy}
                {...actionProps('preview')}
              >
                Vorschau
              </SubmitButton>
              {(template.isCustom || !unchangedDefault) && (
                <Button variant="ghost" onClick={() => setConfirmReset(true)}>
                  Auf Standard zurücksetzen
                </Button>
              )}
            </div>
          </Form>
          {confirmReset && (
            <ConfirmBox
              confirmLabel="Ja, zurücksetzen"
              busy={reset.isPending}
              error={reset.error}
              onCancel={() => setConfirmReset(false)}
              onConfirm={() =>
                reset.mutate(undefined, {
                  onSuccess: () => {
                    setConfirmReset(false);
                    clearOutcome();
                    form.reset({ subject: template.defaultSubject, body: template.defaultBody });
                  },
                })
              }
            >
              Betreff und Text auf den Standard zurücksetzen? Deine Änderungen gehen verloren.
            </ConfirmBox>
          )}
        </section>

        <AdminCard id="tpl-preview" title="Vorschau">
          {preview.data ? (
            <>
              <p className="mb-2 text-sm text-gray-800">Mit Beispieldaten, so wie sie ankommt:</p>
              <p className="font-semibold" data-testid="preview-subject">
                {preview.data.subject}
              </p>
              <pre className="mt-2 font-sans whitespace-pre-wrap">{preview.data.text}</pre>
            </>
          ) : (
            <p>Mit „Vorschau“ siehst du hier die E-Mail mit Beispieldaten, so wie sie ankommt.</p>
          )}
        </AdminCard>

        <TestMailForm
          label="Die Vorschau als E-Mail an diese Adresse"
          storageKey={TEST_ADDRESS_KEY}
          schema={testSchema}
          send={(email) => test.mutateAsync({ ...form.getValues(), email })}
          className="rounded-xl bg-white p-4 sm:p-6"
        >
          <h2 className="text-lg font-bold">Test-E-Mail</h2>
        </TestMailForm>
      </div>

      <aside aria-labelledby="tpl-placeholders" className="h-fit rounded-xl bg-white p-4 sm:p-6">
        <h2 id="tpl-placeholders" className="mb-1 text-lg font-bold">
          Platzhalter
        </h2>
        <p className="mb-3 text-sm text-gray-800">
          „Einfügen“ setzt den Platzhalter an die Stelle des Cursors im Betreff oder Text.
          {template.required.length > 0 &&
            ` Pflicht: ${template.required.map((name) => `{{${name}}}`).join(', ')}.`}
        </p>
        <ul className="divide-y divide-gray-200">
          {template.placeholders.map((placeholder) => (
            <li key={placeholder.name} className="flex items-start gap-2 py-2">
              <div className="min-w-0 flex-1">
                <code className="font-semibold break-all">{`{{${placeholder.name}}}`}</code>
                <p className="text-sm text-gray-800">
                  {placeholder.description}
                  {placeholder.bodyOnly && ' (nur im Text)'}
                </p>
              </div>
              <Button
                variant="ghost"
                className="shrink-0"
                aria-label={`{{${placeholder.name}}} einfügen`}
                onClick={() => insert(placeholder.name, placeholder.bodyOnly)}
              >
                Einfügen
              </Button>
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}

/** /admin/email-templates/:key */
export function AdminEmailTemplatePage() {
  const { key = '' } = useParams();
  const template = useEmailTemplate(key);
  const data = template.data?.template;
  usePageMeta(
    data ? `E-Mail-Vorlage: ${data.title}` : 'E-Mail-Vorlage',
    'Eine E-Mail-Vorlage bearbeiten.',
  );
  return (
    <>
      <BackLink to="/admin/email-templates">Alle E-Mail-Vorlagen</BackLink>
      {template.isPending && <p role="status">Wird geladen...</p>}
      {template.isError && (
        <Alert tone="error" title="Die Vorlage konnte nicht geladen werden.">
          <p>{adminErrorMessage(template.error)}</p>
        </Alert>
      )}
      {data && (
        <>
          <AdminPageHeader
            title={data.title}
            description={`An: ${data.recipient}. ${data.occasion}.`}
          />
          <Editor key={data.key} template={data} />
        </>
      )}
    </>
  );
}
