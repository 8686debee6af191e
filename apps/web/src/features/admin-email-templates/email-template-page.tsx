import type { EmailTemplate } from '@housnkuh/shared/schemas/admin-email-templates';
import { ArrowLeft } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { AdminPageHeader } from '../../components/admin/admin-page-header';
import { ConfirmBox } from '../../components/admin/confirm-box';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { adminErrorMessage } from '../../lib/admin-api';
import { usePageMeta } from '../../lib/page-meta';
import { readStorage, writeStorage } from '../../lib/storage';
import {
  useEmailTemplate,
  usePreviewEmailTemplate,
  useResetEmailTemplate,
  useSaveEmailTemplate,
  useSendEmailTemplateTest,
} from './api/email-templates';
import { CustomBadge } from './custom-badge';

const INPUT = 'w-full rounded-lg border border-gray-400 bg-white px-3 py-2.5';
const TEST_ADDRESS_KEY = 'adminTemplateTestAddress';
const when = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Berlin',
});

type Field = 'subject' | 'body';

/** The editor of one template: subject, text, the placeholders to insert, preview, test, reset. */
function Editor({ template }: { template: EmailTemplate }) {
  const [texts, setTexts] = useState({ subject: template.subject, body: template.body });
  const [testAddress, setTestAddress] = useState(() => readStorage(TEST_ADDRESS_KEY) ?? '');
  const [confirmReset, setConfirmReset] = useState(false);
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const lastField = useRef<Field>('body');
  const save = useSaveEmailTemplate(template.key);
  const reset = useResetEmailTemplate(template.key);
  const preview = usePreviewEmailTemplate(template.key);
  const test = useSendEmailTemplateTest(template.key);

  const change = (next: Partial<typeof texts>) => {
    setTexts({ ...texts, ...next });
    save.reset();
    reset.reset();
  };

  /** Puts `{{name}}` where the cursor was in the field last used (multi-line ones into the text). */
  const insert = (name: string, bodyOnly: boolean) => {
    const field: Field = bodyOnly ? 'body' : lastField.current;
    const element = field === 'subject' ? subjectRef.current : bodyRef.current;
    const value = texts[field];
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    const token = `{{${name}}}`;
    change({ [field]: value.slice(0, start) + token + value.slice(end) });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const unchangedDefault =
    texts.subject === template.defaultSubject && texts.body === template.defaultBody;
  const error = save.error ?? preview.error;

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
          <form
            className="space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              preview.reset();
              save.mutate(texts);
            }}
          >
            <div>
              <label htmlFor="tpl-subject" className="mb-1 block text-sm font-semibold">
                Betreff
              </label>
              <input
                id="tpl-subject"
                ref={subjectRef}
                value={texts.subject}
                maxLength={200}
                required
                onFocus={() => (lastField.current = 'subject')}
                onChange={(event) => change({ subject: event.target.value })}
                className={INPUT}
              />
            </div>
            <div>
              <label htmlFor="tpl-body" className="mb-1 block text-sm font-semibold">
                Text
              </label>
              <textarea
                id="tpl-body"
                ref={bodyRef}
                value={texts.body}
                rows={16}
                maxLength={10_000}
                required
                aria-describedby="tpl-body-hint"
                onFocus={() => (lastField.current = 'body')}
                onChange={(event) => change({ body: event.target.value })}
                className={`${INPUT} font-mono text-sm`}
              />
              <p id="tpl-body-hint" className="mt-1 text-sm text-gray-700">
                Absätze mit einer Leerzeile trennen. Ein Absatz, der leer bleibt (etwa ohne
                Anmerkungen), fällt weg. Gruß und Anschrift des Ladens kommen von selbst dazu.
                {template.button &&
                  ` Steht {{${template.button.placeholder}}} allein in einem Absatz, wird daraus der Knopf „${template.button.label}“.`}{' '}
                {texts.body.length.toLocaleString('de-DE')} / 10.000 Zeichen
              </p>
            </div>
            <div aria-live="polite" className="space-y-2">
              {error != null && (
                <Alert tone="error" focusOnShow title="Nicht gespeichert">
                  <p>{adminErrorMessage(error)}</p>
                </Alert>
              )}
              {save.isSuccess && (
                <Alert tone="success" title="Gespeichert">
                  <p>{save.data.message}</p>
                </Alert>
              )}
              {reset.isSuccess && (
                <Alert tone="success" title="Zurückgesetzt">
                  <p>{reset.data.message}</p>
                </Alert>
              )}
            </div>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Wird gespeichert...' : 'Speichern'}
              </Button>
              <Button
                type="button"
                variant="secondary"
                disabled={preview.isPending}
                onClick={() => {
                  save.reset();
                  preview.mutate(texts);
                }}
              >
                Vorschau
              </Button>
              {(template.isCustom || !unchangedDefault) && (
                <Button type="button" variant="ghost" onClick={() => setConfirmReset(true)}>
                  Auf Standard zurücksetzen
                </Button>
              )}
            </div>
          </form>
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
                    setTexts({ subject: template.defaultSubject, body: template.defaultBody });
                  },
                })
              }
            >
              Betreff und Text auf den Standard zurücksetzen? Deine Änderungen gehen verloren.
            </ConfirmBox>
          )}
        </section>

        <section aria-labelledby="tpl-preview" className="rounded-xl bg-white p-4 sm:p-6">
          <h2 id="tpl-preview" className="mb-3 text-lg font-bold">
            Vorschau
          </h2>
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
        </section>

        <form
          onSubmit={(event) => {
            event.preventDefault();
            writeStorage(TEST_ADDRESS_KEY, testAddress.trim());
            test.mutate({ ...texts, email: testAddress.trim() });
          }}
          className="space-y-2 rounded-xl bg-white p-4 sm:p-6"
        >
          <h2 className="text-lg font-bold">Test-E-Mail</h2>
          <label htmlFor="tpl-test" className="block text-sm font-semibold">
            Die Vorschau als E-Mail an diese Adresse
          </label>
          <div className="flex flex-wrap gap-2">
            <input
              id="tpl-test"
              type="email"
              autoComplete="email"
              value={testAddress}
              onChange={(event) => setTestAddress(event.target.value)}
              className={`${INPUT} min-w-0 flex-1`}
            />
            <Button type="submit" variant="secondary" disabled={test.isPending}>
              Test senden
            </Button>
          </div>
          <div aria-live="polite">
            {test.isSuccess && (
              <Alert tone="success">
                <p>{test.data.message}</p>
              </Alert>
            )}
            {test.isError && (
              <Alert tone="error" focusOnShow>
                <p>{adminErrorMessage(test.error)}</p>
              </Alert>
            )}
          </div>
        </form>
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
      <Link
        to="/admin/email-templates"
        className="mb-4 inline-flex items-center gap-1 font-semibold text-coral-darker underline underline-offset-2"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Alle E-Mail-Vorlagen
      </Link>
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
