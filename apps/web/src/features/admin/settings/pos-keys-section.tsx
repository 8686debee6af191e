import type { PosKey } from '@housnkuh/shared/schemas/sales';
import { useState } from 'react';
import { ConfirmBox } from '../../../components/admin/confirm-box';
import { FormTextField } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { SubmitOutcome } from '../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Alert } from '../../../components/ui/alert';
import { Button, SubmitButton } from '../../../components/ui/button';
import { adminDownload, adminErrorMessage } from '../../../lib/admin-api';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { useCreatePosKey, usePosKeys, useRevokePosKey } from './api/pos-keys';

const when = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Berlin',
});
const at = (iso: string | null) => (iso ? when.format(new Date(iso)) : '–');

const validation = lazyZodResolver<{ name: string }>(async () => {
  const { createPosKeySchema } = await import('@housnkuh/shared/schemas/sales');
  return createPosKeySchema;
});

/** A new key: its name; the answer shows the secret once. */
function NewKeyForm({ onCreated }: { onCreated: (key: { name: string; secret: string }) => void }) {
  const create = useCreatePosKey();
  const { form, outcome, busy, formProps } = useSchemaForm({
    validation,
    defaultValues: { name: '' },
    submit: async (values: { name: string }) => {
      const created = await create.mutateAsync(values);
      onCreated({ name: created.key.name, secret: created.secret });
      return created;
    },
    errorMessage: adminErrorMessage,
    successMessage: (created) => created.message,
    resetOnSuccess: true,
  });
  return (
    <Form formProps={formProps} className="flex flex-wrap items-end gap-3">
      <FormTextField
        form={form}
        name="name"
        label="Name des neuen Schlüssels"
        hint="z. B. „Kasse Laden“"
        maxLength={80}
        required
        className="min-w-64 flex-1"
      />
      <SubmitButton busy={busy} busyLabel="Wird angelegt...">
        Schlüssel anlegen
      </SubmitButton>
      <div className="w-full">
        <SubmitOutcome outcome={outcome} />
      </div>
    </Form>
  );
}

function KeyRow({ posKey }: { posKey: PosKey }) {
  const revoke = useRevokePosKey();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="p-3">
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{posKey.name}</p>
          <p className="text-sm text-gray-800">
            Angelegt {at(posKey.createdAt)} · Zuletzt benutzt {at(posKey.lastUsedAt)}
            {posKey.revokedAt && ` · Gesperrt ${at(posKey.revokedAt)}`}
          </p>
        </div>
        {posKey.revokedAt ? (
          <span className="rounded-full bg-gray-200 px-2 py-0.5 text-sm font-semibold text-gray-900">
            Gesperrt
          </span>
        ) : (
          !confirming && (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Sperren
            </Button>
          )
        )}
      </div>
      {confirming && !posKey.revokedAt && (
        <ConfirmBox
          confirmLabel="Ja, Schlüssel sperren"
          busy={revoke.isPending}
          error={revoke.error}
          onConfirm={() => revoke.mutate(posKey.id, { onSuccess: () => setConfirming(false) })}
          onCancel={() => setConfirming(false)}
        >
          Schlüssel „{posKey.name}“ sperren? Die Kasse mit diesem Schlüssel kommt danach nicht mehr
          an die Produktliste und kann keine Verkäufe mehr senden.
        </ConfirmBox>
      )}
    </li>
  );
}

/** A value to paste elsewhere (the key, an address): a copy button that says when it worked. */
function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null);
  return (
    <span className="inline-flex items-center gap-2">
      <Button
        variant="secondary"
        aria-label={label}
        onClick={() => {
          const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
          if (!clipboard) {
            setCopied('failed');
            return;
          }
          clipboard.writeText(text).then(
            () => setCopied('ok'),
            () => setCopied('failed'),
          );
        }}
      >
        Kopieren
      </Button>
      <span role="status" className="text-sm">
        {copied === 'ok'
          ? 'Kopiert.'
          : copied === 'failed'
            ? 'Kopieren ging nicht – bitte markieren und kopieren.'
            : ''}
      </span>
    </span>
  );
}

/** The till's addresses on this server, each with a copy button. */
function TillAddresses() {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const addresses = [
    { label: 'Produktliste (abrufen)', url: `${origin}/api/pos/products` },
    { label: 'Verkäufe (senden)', url: `${origin}/api/pos/sales` },
  ];
  return (
    <dl className="mt-3 space-y-2">
      {addresses.map((address) => (
        <div key={address.url}>
          <dt className="font-semibold">{address.label}</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <code className="rounded bg-white px-2 py-1 font-mono break-all text-gray-900">
              {address.url}
            </code>
            <CopyButton text={address.url} label={`Adresse ${address.label} kopieren`} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Einstellungen → Kasse: the till's keys and its product list. */
export function PosKeysSection() {
  const keys = usePosKeys();
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  return (
    <section aria-labelledby="kasse" className="mt-8 rounded-lg border border-sand p-4">
      <h2 id="kasse" className="text-xl font-bold">
        Kasse
      </h2>
      <p className="mt-2">
        Die Kasse braucht einen Schlüssel: Damit holt sie die Produktliste und schickt ihre Verkäufe
        an diese Adressen. Jede Kasse bekommt ihren eigenen Schlüssel; wer die Kasse einrichtet,
        trägt ihn dort ein (technisch: im Kopf „Authorization: Bearer“ und dann der Schlüssel).
      </p>
      <TillAddresses />
      <div className="mt-4">
        <NewKeyForm onCreated={setCreated} />
      </div>
      {created && (
        <Alert tone="success" focusOnShow title={`Schlüssel für „${created.name}“`}>
          <p>
            Kopiere ihn jetzt in die Kasse – er wird nur dieses eine Mal angezeigt und lässt sich
            nicht wieder abrufen.
          </p>
          <p className="mt-2">
            <code
              className="block rounded bg-white px-2 py-1 font-mono break-all text-gray-900"
              data-testid="pos-secret"
            >
              {created.secret}
            </code>
          </p>
          <p className="mt-2">
            <CopyButton text={created.secret} label="Schlüssel kopieren" />
          </p>
        </Alert>
      )}
      {keys.isError && <p role="alert">Die Schlüssel konnten nicht geladen werden.</p>}
      {keys.data &&
        (keys.data.keys.length === 0 ? (
          <p className="mt-4">Noch kein Schlüssel angelegt.</p>
        ) : (
          <ul
            aria-label="Kassenschlüssel"
            className="mt-4 divide-y divide-gray-200 rounded-xl bg-white"
          >
            {keys.data.keys.map((posKey) => (
              <KeyRow key={posKey.id} posKey={posKey} />
            ))}
          </ul>
        ))}
      <div className="mt-4">
        <Button
          variant="secondary"
          onClick={() => {
            setDownloadError(null);
            adminDownload('/admin/pos/products.csv', 'kasse-produkte.csv').catch((error) =>
              setDownloadError(adminErrorMessage(error)),
            );
          }}
        >
          Produktliste für die Kasse herunterladen (CSV)
        </Button>
        {downloadError && <p role="alert">{downloadError}</p>}
      </div>
    </section>
  );
}
