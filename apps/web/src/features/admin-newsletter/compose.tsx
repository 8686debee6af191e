import {
  AUDIENCE_LABELS,
  AUDIENCES,
  type NewsletterDraft,
} from '@housnkuh/shared/schemas/admin-newsletter';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { adminErrorMessage } from '../../lib/admin-api';
import { readStorage, writeStorage } from '../../lib/storage';
import { usePreview, useSendNewsletter, useSendTest } from './api/newsletter';

const INPUT = 'w-full rounded-lg border border-gray-400 bg-white px-3 py-2.5';
/** The address the last test went to (admins have no address of their own in the product). */
const TEST_ADDRESS_KEY = 'adminNewsletterTestAddress';

/** Write a newsletter: preview, a test to oneself, then the real sending after a confirmation. */
export function Compose() {
  const [draft, setDraft] = useState<NewsletterDraft>({ subject: '', body: '', audience: 'all' });
  const [testAddress, setTestAddress] = useState(() => readStorage(TEST_ADDRESS_KEY) ?? '');
  const [confirming, setConfirming] = useState(false);
  const preview = usePreview();
  const test = useSendTest();
  const send = useSendNewsletter();
  const change = (next: Partial<NewsletterDraft>) => {
    setDraft({ ...draft, ...next });
    setConfirming(false);
    send.reset();
  };

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
            setDraft({ subject: '', body: '', audience: 'all' });
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
        <div>
          <label htmlFor="nl-subject" className="mb-1 block text-sm font-semibold">
            Betreff
          </label>
          <input
            id="nl-subject"
            value={draft.subject}
            maxLength={150}
            onChange={(event) => change({ subject: event.target.value })}
            className={INPUT}
          />
        </div>
        <div>
          <label htmlFor="nl-body" className="mb-1 block text-sm font-semibold">
            Text
          </label>
          <textarea
            id="nl-body"
            value={draft.body}
            rows={10}
            maxLength={20_000}
            aria-describedby="nl-body-hint"
            onChange={(event) => change({ body: event.target.value })}
            className={INPUT}
          />
          <p id="nl-body-hint" className="mt-1 text-sm text-gray-700">
            Absätze mit einer Leerzeile trennen. Anrede, Gruß und Abmeldelink kommen von selbst
            dazu.
          </p>
        </div>
        <div>
          <label htmlFor="nl-audience" className="mb-1 block text-sm font-semibold">
            Empfänger
          </label>
          <select
            id="nl-audience"
            value={draft.audience}
            onChange={(event) =>
              change({ audience: event.target.value as NewsletterDraft['audience'] })
            }
            className={INPUT}
          >
            {AUDIENCES.map((audience) => (
              <option key={audience} value={audience}>
                {AUDIENCE_LABELS[audience]}
              </option>
            ))}
          </select>
        </div>
        <div aria-live="polite" className="space-y-2">
          {(preview.error ?? send.error) && (
            <Alert tone="error" focusOnShow>
              <p>{adminErrorMessage(preview.error ?? send.error)}</p>
            </Alert>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={preview.isPending}
            onClick={() => preview.mutate(draft)}
          >
            Vorschau
          </Button>
          {!confirming ? (
            <Button
              disabled={send.isPending}
              onClick={() => preview.mutate(draft, { onSuccess: () => setConfirming(true) })}
            >
              Senden …
            </Button>
          ) : (
            <div className="w-full space-y-2 rounded-lg border-2 border-coral-dark p-3">
              <p>
                Den Newsletter jetzt an{' '}
                {preview.data?.recipients === 1
                  ? '1 Abonnenten'
                  : `${preview.data?.recipients ?? 0} Abonnenten`}{' '}
                ({AUDIENCE_LABELS[draft.audience]}) senden?
              </p>
              <div className="flex flex-wrap gap-2">
                <Button disabled={send.isPending} onClick={() => send.mutate(draft)}>
                  {send.isPending ? 'Wird verschickt...' : 'Ja, jetzt senden'}
                </Button>
                <Button variant="ghost" onClick={() => setConfirming(false)}>
                  Abbrechen
                </Button>
              </div>
            </div>
          )}
        </div>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            writeStorage(TEST_ADDRESS_KEY, testAddress.trim());
            test.mutate({ subject: draft.subject, body: draft.body, email: testAddress.trim() });
          }}
          className="space-y-2 border-t border-gray-200 pt-4"
        >
          <label htmlFor="nl-test" className="block text-sm font-semibold">
            Test an diese Adresse
          </label>
          <div className="flex flex-wrap gap-2">
            <input
              id="nl-test"
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
      </section>
      <section aria-labelledby="preview" className="rounded-xl bg-white p-4 sm:p-6">
        <h2 id="preview" className="mb-3 text-lg font-bold">
          Vorschau
        </h2>
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
      </section>
    </div>
  );
}
