import { formatIsoDay } from '@housnkuh/shared/format';
import {
  VERIFY_STATUS_LABELS,
  VERIFY_STATUSES,
  type AdminVendorDetail,
  type PasswordLinkInput,
} from '@housnkuh/shared/schemas/admin-users';
import { EMAIL_MAX } from '@housnkuh/shared/limits';
import { formatMonth } from '@housnkuh/shared/months';
import { TAX_STATUS_LABELS } from '@housnkuh/shared/schemas/vendor-profile';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { ConfirmBox } from '../../../components/admin/confirm-box';
import { Alert } from '../../../components/ui/alert';
import { BackLink } from '../../../components/ui/back-link';
import { FormTextField } from '../../../components/form/field';
import { Form } from '../../../components/form/form';
import { SubmitOutcome } from '../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Button, SubmitButton } from '../../../components/ui/button';
import { LabelledSelect } from '../../../components/ui/labelled-select';
import { LoadError, QueryState } from '../../../components/ui/load-error';
import { adminDownload, adminErrorMessage } from '../../../lib/admin-api';
import { ApiError } from '../../../lib/api';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { usePageMeta } from '../../../lib/page-meta';
import { useVendorDocuments } from './api/documents';
import { useVendorProducts } from './api/products';
import { useSendPasswordLink, useUpdateVendor, useVendor } from './api/users';
import { VendorBadges } from './badges';

const passwordLinkValidation = lazyZodResolver<PasswordLinkInput>(
  async () => (await import('@housnkuh/shared/schemas/admin-users')).passwordLinkSchema,
);

const when = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Berlin',
});
const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

const BOOKING_STATUS: Record<string, string> = {
  pending: 'Offen',
  approved: 'Angenommen',
  rejected: 'Abgelehnt',
  cancelled: 'Storniert',
};
const BOOKING_ORIGIN: Record<string, string> = {
  registration: 'Registrierung',
  preregistration: 'Vor-Registrierung',
  additional: 'Zusätzliche Fläche',
};

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[12rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold">{label}</dt>
          <dd className="break-words">{value ?? '–'}</dd>
        </div>
      ))}
    </dl>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl bg-white p-4 sm:p-6">
      <h2 className="mb-3 text-lg font-bold">{title}</h2>
      {children}
    </section>
  );
}

/** The producer's products: the first ten, and the way to all of them in the product list. */
function Products({ vendorId }: { vendorId: string }) {
  const products = useVendorProducts(vendorId);
  const data = products.data;
  return (
    <Card title="Produkte">
      <QueryState query={products} error="Die Produkte konnten nicht geladen werden." />
      {data && data.products.length === 0 && <p>Noch keine Produkte.</p>}
      {data && data.products.length > 0 && (
        <ul className="space-y-1">
          {data.products.map((product) => (
            <li key={product.id}>
              <span className="font-semibold">{product.name}</span>:{' '}
              {euro.format(product.priceCents / 100)} je {product.unit} · EAN{' '}
              <span className="font-mono">{product.ean}</span>
              {!product.isActive && ' · deaktiviert'}
            </li>
          ))}
        </ul>
      )}
      {data && data.pagination.totalCount > 0 && (
        <p className="mt-3">
          <Link
            to={`/admin/products?produzent=${vendorId}`}
            className="font-semibold text-coral-darker underline underline-offset-2"
          >
            {data.pagination.totalCount === 1
              ? 'Das Produkt in der Produktliste korrigieren'
              : `Alle ${data.pagination.totalCount} Produkte in der Produktliste (korrigieren, deaktivieren)`}
          </Link>
        </p>
      )}
    </Card>
  );
}

const DOCUMENT_TYPES: Record<string, string> = {
  rechnung: 'Rechnung',
  verkaufsabrechnung: 'Verkaufsabrechnung',
  storno: 'Storno',
};

/** The producer's documents (never deleted), each with its PDF. */
export function VendorDocuments({ vendorId }: { vendorId: string }) {
  const documents = useVendorDocuments(vendorId);
  const [failed, setFailed] = useState<string | null>(null);
  const data = documents.data;
  return (
    <Card title="Rechnungen und Abrechnungen">
      <QueryState query={documents} error="Die Belege konnten nicht geladen werden." />
      {data && data.documents.length === 0 && <p>Noch keine Belege.</p>}
      {data && data.documents.length > 0 && (
        <ul className="space-y-1">
          {data.documents.map((document) => (
            <li key={document.id}>
              <span className="font-semibold">
                {DOCUMENT_TYPES[document.type] ?? document.type} {document.number}
              </span>{' '}
              · {formatMonth(document.month)} · {formatIsoDay(document.issuedOn)} ·{' '}
              {euro.format(document.totalGrossCents / 100)}
              {document.cancelledBy && ` · storniert durch ${document.cancelledBy}`}{' '}
              <Button
                variant="secondary"
                onClick={() => {
                  setFailed(null);
                  adminDownload(
                    `/admin/documents/${document.id}/pdf`,
                    `${document.number}.pdf`,
                  ).catch((error: unknown) => setFailed(adminErrorMessage(error)));
                }}
              >
                PDF<span className="sr-only"> {document.number}</span>
              </Button>
              {document.xmlUrl && (
                <>
                  {' '}
                  <Button
                    variant="secondary"
                    onClick={() => {
                      setFailed(null);
                      adminDownload(
                        `/admin/documents/${document.id}/xrechnung.xml`,
                        `${document.number}-xrechnung.xml`,
                      ).catch((error: unknown) => setFailed(adminErrorMessage(error)));
                    }}
                  >
                    XRechnung<span className="sr-only"> {document.number}</span>
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <div aria-live="polite">
        {failed && (
          <div className="mt-3">
            <Alert tone="error">
              <p>{failed}</p>
            </Alert>
          </div>
        )}
      </div>
    </Card>
  );
}

/**
 * The producer's access (docs/decisions/0047): without a password it cannot sign in, so
 * the admin mails it a link to set one; the admin never sees the link nor chooses the password.
 */
export function VendorAccess({ vendor }: { vendor: AdminVendorDetail }) {
  const send = useSendPasswordLink(vendor.id);
  const { form, outcome, busy, formProps } = useSchemaForm({
    validation: passwordLinkValidation,
    defaultValues: { email: vendor.email },
    submit: (values: PasswordLinkInput) => send.mutateAsync(values),
    errorMessage: adminErrorMessage,
    successMessage: (result) => result.message,
  });
  return (
    <Card title="Zugang">
      {vendor.hasPassword ? (
        <p>
          Der Direktvermarkter hat ein Passwort und kann sich anmelden. Hat er es vergessen, legt er
          unter „Passwort vergessen?“ selbst ein neues fest.
        </p>
      ) : vendor.lockedAt ? (
        <p>
          Noch kein Passwort, und das Konto ist gesperrt: Entsperre es zuerst, dann kannst du den
          Link zum Passwort-Festlegen schicken.
        </p>
      ) : (
        <Form formProps={formProps} className="space-y-3">
          <p>
            Noch kein Passwort: Der Direktvermarkter kann sich nicht anmelden und seine Seiten nicht
            sehen. Schick ihm einen Link, mit dem er sein Passwort selbst festlegt. Du siehst weder
            den Link noch das Passwort. Eine andere Adresse (etwa statt einer ausgedachten der
            Demo-Daten) wird seine Anmelde-Adresse.
          </p>
          <FormTextField
            form={form}
            name="email"
            label="E-Mail-Adresse für die Anmeldung"
            type="email"
            autoComplete="off"
            required
            maxLength={EMAIL_MAX}
          />
          <SubmitOutcome outcome={outcome} />
          {outcome.state !== 'success' && (
            <SubmitButton busy={busy} busyLabel="Wird geschickt …">
              Link zum Passwort-Festlegen schicken
            </SubmitButton>
          )}
        </Form>
      )}
    </Card>
  );
}

function Actions({ vendor }: { vendor: AdminVendorDetail }) {
  const update = useUpdateVendor(vendor.id);
  const [verifyStatus, setVerifyStatus] = useState(vendor.verifyStatus);
  const [confirmLock, setConfirmLock] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const change = (input: Parameters<typeof update.mutate>[0], message: string) => {
    setDone(null);
    update.mutate(input, { onSuccess: () => setDone(message) });
  };
  return (
    <Card title="Aktionen">
      <div className="space-y-6">
        <div aria-live="polite">
          {done && (
            <Alert tone="success">
              <p>{done}</p>
            </Alert>
          )}
          {update.isError && (
            <Alert tone="error" focusOnShow>
              <p>{adminErrorMessage(update.error)}</p>
            </Alert>
          )}
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <LabelledSelect
            id="verify-status"
            label="Verifizierung"
            value={verifyStatus}
            onChange={(event) => setVerifyStatus(event.target.value as typeof verifyStatus)}
            className="rounded-lg border border-gray-400 bg-white px-3 py-2.5"
          >
            {VERIFY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {VERIFY_STATUS_LABELS[status]}
              </option>
            ))}
          </LabelledSelect>
          <Button
            variant="secondary"
            disabled={update.isPending || verifyStatus === vendor.verifyStatus}
            onClick={() =>
              change({ verifyStatus }, `Verifizierung: ${VERIFY_STATUS_LABELS[verifyStatus]}.`)
            }
          >
            Verifizierung speichern
          </Button>
        </div>
        <div>
          <p className="mb-2">
            {vendor.isPublic
              ? vendor.listed
                ? 'Das Profil ist freigegeben und im Verzeichnis zu sehen.'
                : vendor.profileVisible
                  ? 'Das Profil ist freigegeben; im Verzeichnis erscheint es, sobald ein Vertrag läuft.'
                  : 'Das Profil ist freigegeben, der Direktvermarkter hat es aber selbst auf „nicht öffentlich“ gestellt.'
              : 'Das Profil ist nicht freigegeben und im Verzeichnis nicht zu sehen.'}
          </p>
          <Button
            variant={vendor.isPublic ? 'secondary' : 'primary'}
            disabled={update.isPending}
            onClick={() =>
              change(
                { isPublic: !vendor.isPublic },
                vendor.isPublic ? 'Die Freigabe ist zurückgezogen.' : 'Das Profil ist freigegeben.',
              )
            }
          >
            {vendor.isPublic ? 'Freigabe zurückziehen' : 'Profil freigeben'}
          </Button>
        </div>
        <div>
          {vendor.lockedAt ? (
            <>
              <p className="mb-2">
                Gesperrt seit {when.format(new Date(vendor.lockedAt))}. Anmelden ist nicht möglich.
              </p>
              <Button
                variant="secondary"
                disabled={update.isPending}
                onClick={() => change({ locked: false }, 'Das Konto ist entsperrt.')}
              >
                Konto entsperren
              </Button>
            </>
          ) : confirmLock ? (
            <ConfirmBox
              confirmLabel="Ja, sperren"
              busy={update.isPending}
              onConfirm={() => {
                setConfirmLock(false);
                change({ locked: true }, 'Das Konto ist gesperrt.');
              }}
              onCancel={() => setConfirmLock(false)}
            >
              Konto wirklich sperren? Alle Anmeldungen enden sofort, und anmelden ist nicht mehr
              möglich, bis du es entsperrst.
            </ConfirmBox>
          ) : (
            <Button variant="secondary" onClick={() => setConfirmLock(true)}>
              Konto sperren
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}

/** /admin/users/vendors/:id: a producer's account, contact, address, bookings and consents. */
export function AdminVendorDetailPage() {
  const { id = '' } = useParams();
  const vendor = useVendor(id);
  const data = vendor.data?.vendor;
  usePageMeta(data ? (data.unternehmen ?? data.name) : 'Direktvermarkter', 'Direktvermarkter');
  const date = (value: string | null) => (value ? when.format(new Date(value)) : null);
  return (
    <>
      <BackLink to="/admin/users?ansicht=direktvermarkter" look="plain">
        Alle Direktvermarkter
      </BackLink>
      {vendor.isPending && <p role="status">Wird geladen...</p>}
      {vendor.isError &&
        (vendor.error instanceof ApiError && vendor.error.status === 404 ? (
          // unknown, or deleted: the server says which (a deleted one's records are kept)
          <Alert tone="error" title="Kein Konto">
            <p>{adminErrorMessage(vendor.error)}</p>
            <Link
              to="/admin/users?ansicht=geloescht"
              className="mt-2 inline-block font-semibold underline underline-offset-2"
            >
              Gelöschte Konten
            </Link>
          </Alert>
        ) : (
          <LoadError
            title="Der Direktvermarkter konnte nicht geladen werden."
            onRetry={() => void vendor.refetch()}
          />
        ))}
      {data && (
        <>
          <AdminPageHeader
            title={data.unternehmen ?? data.name}
            description={<VendorBadges vendor={data} />}
          />
          <div className="grid gap-6 xl:grid-cols-2">
            <Card title="Kontakt und Adresse">
              <Facts
                rows={[
                  ['Name', data.name],
                  ['Firma', data.unternehmen],
                  ['E-Mail', <a href={`mailto:${data.email}`}>{data.email}</a>],
                  ['Telefon', data.telefon],
                  ['Website', data.website],
                  [
                    'Adresse',
                    data.address.strasse
                      ? `${data.address.strasse} ${data.address.hausnummer ?? ''}, ${data.address.plz ?? ''} ${data.address.ort ?? ''}`
                      : null,
                  ],
                  ['Anmerkungen', data.comments],
                ]}
              />
            </Card>
            <Card title="Einwilligungen">
              <Facts
                rows={[
                  ['AGB und Datenschutz akzeptiert', date(data.consents.registeredAt)],
                  ['E-Mail bestätigt', date(data.consents.emailConfirmedAt) ?? 'noch nicht'],
                  [
                    'Newsletter bestätigt',
                    date(data.consents.newsletterConfirmedAt) ?? 'kein Newsletter',
                  ],
                ]}
              />
            </Card>
            <Card title="Geschäftsdaten">
              <Facts
                rows={[
                  [
                    'Steuerstatus',
                    data.business.taxStatus
                      ? TAX_STATUS_LABELS[data.business.taxStatus]
                      : 'noch nicht angegeben',
                  ],
                  ['Steuernummer', data.business.steuernummer],
                  ['USt-IdNr.', data.business.ustIdNr],
                  [
                    'IBAN',
                    data.business.ibanMasked ? (
                      <span className="font-mono">{data.business.ibanMasked}</span>
                    ) : (
                      'noch keine Bankverbindung'
                    ),
                  ],
                  ['Kontoinhaber', data.business.kontoinhaber],
                  ['Bankverbindung geändert', date(data.business.bankChangedAt)],
                ]}
              />
              <p className="mt-3 text-sm text-gray-800">
                Die IBAN ist nur teilweise zu sehen; ändern kann sie nur der Direktvermarkter
                selbst.
              </p>
            </Card>
            <Actions vendor={data} />
            <VendorAccess vendor={data} />
            <Products vendorId={data.id} />
            <VendorDocuments vendorId={data.id} />
            <Card title="Verträge">
              {data.contracts.length === 0 ? (
                <p>Keine Verträge.</p>
              ) : (
                <ul className="space-y-3">
                  {data.contracts.map((contract) => (
                    <li key={contract.id} className="rounded-lg border border-gray-200 p-3">
                      <p className="font-semibold">
                        <Link
                          to={`/admin/vertraege/${contract.id}`}
                          className="text-coral-darker underline underline-offset-2"
                        >
                          Vertrag {contract.number ?? 'ohne Nummer'}
                        </Link>
                        : {contract.statusLabel}, ab {formatIsoDay(contract.startDate)}
                        {contract.endDate && ` bis ${formatIsoDay(contract.endDate)}`}
                      </p>
                      <p>
                        {contract.mietfaecher.map((unit) => unit.name).join(', ') ||
                          'ohne Mietfächer'}
                        {' · '}
                        {contract.provisionType === 'premium' ? 'Premium-Modell' : 'Basismodell'}
                        {' · '}
                        {euro.format(contract.monthlyPriceCents / 100)} im Monat
                      </p>
                      {contract.trialEndsOn && (
                        <p className="text-gray-800">
                          Probemonat bis {formatIsoDay(contract.trialEndsOn)}
                          {contract.termEndsOn &&
                            `, Mindestlaufzeit bis ${formatIsoDay(contract.termEndsOn)}`}
                        </p>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </Card>
            <Card title="Buchungsanfragen">
              {data.bookings.length === 0 ? (
                <p>Keine Buchungsanfragen.</p>
              ) : (
                <ul className="space-y-3">
                  {data.bookings.map((booking) => (
                    <li key={booking.id} className="rounded-lg border border-gray-200 p-3">
                      <p className="font-semibold">
                        {BOOKING_ORIGIN[booking.origin] ?? booking.origin} vom{' '}
                        {date(booking.createdAt)}:{' '}
                        {BOOKING_STATUS[booking.status] ?? booking.status}
                      </p>
                      <p>
                        {booking.provisionType === 'premium' ? 'Premium-Modell' : 'Basismodell'},{' '}
                        {booking.rentalDuration} Monate,{' '}
                        {euro.format(booking.monthlyPriceCents / 100)} im Monat
                      </p>
                      {booking.comments && <p className="text-gray-800">„{booking.comments}“</p>}
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </div>
        </>
      )}
    </>
  );
}
