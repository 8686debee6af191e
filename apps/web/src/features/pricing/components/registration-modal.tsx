import { shopPhase, trialStartText } from '@housnkuh/shared/shop-phase';
import { EMAIL_MAX, PASSWORD_MAX, PHONE_MAX, REGISTRATION_LIMITS } from '@housnkuh/shared/limits';
import { ERRORS, VALIDATION } from '@housnkuh/shared/messages';
import { toFieldErrors } from '@housnkuh/shared/schemas/common';
import {
  REGISTRATION_FIELD_LABELS,
  accountStepSchema,
  addressStepSchema,
  confirmationStepSchema,
  loginStepSchema,
  passwordMissingText,
  personalStepSchema,
} from '@housnkuh/shared/schemas/registration';
import { CircleCheck } from 'lucide-react';
import { useId, useMemo, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { useSiteSettings } from '../../../lib/site-settings';
import { useLoginToBook } from '../api/login';
import { registerVendor, takenEmailMessage, type RegistrationValues } from '../api/register';
import type { Configurator } from '../use-configurator';
import { PackageSummary } from './package-summary';
import { CHECKBOX_CLASS } from './extra-services';
import { PasswordChecklist } from './password-checklist';
import { PriceBreakdown } from './price-breakdown';

type Step = 1 | 2 | 3 | 4;
type Field = keyof RegistrationValues;

const EMPTY: RegistrationValues = {
  email: '',
  password: '',
  confirmPassword: '',
  name: '',
  telefon: '',
  unternehmen: '',
  strasse: '',
  hausnummer: '',
  plz: '',
  ort: '',
  comments: '',
  agreeToTerms: false,
  agreeToPrivacy: false,
};

const STEP_TITLES: Record<Step, string> = {
  1: 'Zugangsdaten',
  2: 'Persönliche Angaben',
  3: 'Adresse',
  4: 'Bestätigung',
};

const STEP_FIELDS: Record<Step, Field[]> = {
  1: ['email', 'password', 'confirmPassword'],
  2: ['name', 'telefon', 'unternehmen'],
  3: ['strasse', 'hausnummer', 'plz', 'ort', 'comments'],
  4: ['agreeToTerms', 'agreeToPrivacy'],
};

function stepOf(field: string): Step {
  for (const step of [1, 2, 3, 4] as Step[]) {
    if (STEP_FIELDS[step].includes(field as Field)) return step;
  }
  return 4;
}

function errorsOf(result: { success: boolean; error?: { issues: readonly unknown[] } }) {
  if (result.success || !result.error) return {};
  return Object.fromEntries(
    toFieldErrors(result.error.issues as never).map((e) => [e.field, e.message]),
  ) as Partial<Record<Field, string>>;
}

/**
 * The 4-step registration and login modal (spec §2, §5). Register mode walks
 * through account, personal data, address and confirmation; login mode asks
 * only for e-mail and password.
 */
export function RegistrationModal({
  configurator,
  onClose,
  onLoggedIn,
}: {
  configurator: Configurator;
  onClose: () => void;
  onLoggedIn: () => void;
}) {
  const settings = useSiteSettings();
  const [mode, setMode] = useState<'register' | 'login'>('register');
  const [step, setStep] = useState<Step>(1);
  const [values, setValues] = useState<RegistrationValues>(EMPTY);
  const [touched, setTouched] = useState<Set<Field>>(new Set());
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<{
    message: string;
    fields: Partial<Record<string, string>>;
  } | null>(null);
  const [success, setSuccess] = useState<{
    title: string;
    message: string;
    opening?: string;
  } | null>(null);
  const checklistId = useId();
  const phase = shopPhase(settings.openingDate);
  const preregistration = phase.phase !== 'open';

  const stepErrors = useMemo(() => {
    if (mode === 'login') return errorsOf(loginStepSchema.safeParse(values));
    switch (step) {
      case 1:
        return errorsOf(accountStepSchema.safeParse(values));
      case 2:
        return errorsOf(personalStepSchema.safeParse(values));
      case 3:
        return errorsOf(addressStepSchema.safeParse(values));
      case 4:
        return errorsOf(confirmationStepSchema.safeParse(values));
    }
  }, [mode, step, values]);
  const stepValid = Object.keys(stepErrors).length === 0;

  const errorFor = (field: Field): string | undefined =>
    serverError?.fields[field] ?? (touched.has(field) ? stepErrors[field] : undefined);

  const update = (field: Field) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const target = event.target;
    const value =
      target instanceof HTMLInputElement && target.type === 'checkbox'
        ? target.checked
        : target.value;
    setValues((current) => ({ ...current, [field]: value }));
    if (serverError?.fields[field]) {
      setServerError((current) =>
        current ? { ...current, fields: { ...current.fields, [field]: undefined } } : current,
      );
    }
  };
  const touch = (field: Field) => () => setTouched((current) => new Set(current).add(field));
  const touchStep = () =>
    setTouched((current) => {
      const next = new Set(current);
      for (const field of mode === 'login'
        ? (['email', 'password'] as Field[])
        : STEP_FIELDS[step]) {
        next.add(field);
      }
      return next;
    });

  const field = (name: Field) => ({
    name,
    value: values[name] as string,
    onChange: update(name),
    onBlur: touch(name),
    error: errorFor(name),
  });

  const next = async () => {
    touchStep();
    if (!stepValid || submitting) return;
    if (step === 1) {
      // a taken address is said here, not only after step 4 (the final check stays)
      setSubmitting(true);
      const taken = await takenEmailMessage(values.email);
      setSubmitting(false);
      if (taken) {
        setServerError({ message: VALIDATION.fixMarkedFields, fields: { email: taken } });
        return;
      }
      setServerError(null);
    }
    setStep((current) => (current < 4 ? ((current + 1) as Step) : current));
  };

  const loginToBook = useLoginToBook();
  const login = async () => {
    touchStep();
    if (!stepValid || submitting) return;
    setSubmitting(true);
    setServerError(null);
    const result = await loginToBook.mutateAsync({
      email: values.email,
      password: values.password,
    });
    setSubmitting(false);
    if (result.success) {
      onLoggedIn();
      return;
    }
    setServerError({
      message: result.status === 401 ? ERRORS.vendorLoginInvalidDialog : result.message,
      fields: {},
    });
  };

  const submit = async () => {
    touchStep();
    if (!stepValid || submitting) return;
    setSubmitting(true);
    setServerError(null);
    const outcome = await registerVendor(values, configurator.packageData, preregistration);
    setSubmitting(false);
    if (outcome.success) {
      const title = preregistration
        ? 'Vor-Registrierung erfolgreich!'
        : 'Registrierung erfolgreich!';
      const message = outcome.result.message;
      setSuccess({
        title,
        // the server's message starts with the title; the subtitle says only what follows
        message: message.startsWith(title) ? message.slice(title.length).trim() : message,
        ...(outcome.result.openingInfo ? { opening: outcome.result.openingInfo.message } : {}),
      });
      return;
    }
    const fields = Object.fromEntries(outcome.fieldErrors.map((e) => [e.field, e.message]));
    setServerError({
      message: outcome.fieldErrors.length ? VALIDATION.fixMarkedFields : outcome.message,
      fields,
    });
    const first = outcome.fieldErrors[0];
    if (first) setStep(stepOf(first.field));
  };

  if (success) {
    return (
      <Modal title={success.title} description={success.message} onClose={onClose}>
        <div className="p-6">
          <CircleCheck aria-hidden="true" className="h-12 w-12 text-moss" />
          <h3 className="mt-4 font-bold">So geht es weiter</h3>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-gray-800">
            <li>
              Bestätige deine E-Mail-Adresse über den Link in unserer E-Mail (24 Stunden gültig).
            </li>
            <li>Danach kannst du dich mit deiner E-Mail-Adresse und deinem Passwort anmelden.</li>
            <li>
              Wir melden uns innerhalb von 2 Werktagen und suchen ein passendes freies Mietfach.
            </li>
            <li>{success.opening ?? trialStartText(phase)}</li>
          </ol>
          <Button className="mt-6 w-full" onClick={onClose}>
            Verstanden
          </Button>
        </div>
      </Modal>
    );
  }

  return (
    <Modal
      title={mode === 'login' ? 'Anmelden und buchen' : 'Als Direktvermarkter registrieren'}
      description={
        mode === 'login'
          ? 'Melde dich an, um das Paket zusätzlich zu buchen.'
          : `Schritt ${step} von 4: ${STEP_TITLES[step]}`
      }
      onClose={onClose}
      closeLabel="Registrierung schließen"
    >
      <form
        method="post"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (mode === 'login') void login();
          else if (step === 4) void submit();
          else void next();
        }}
        className="flex min-h-0 flex-1 flex-col"
      >
        <div className="space-y-4 overflow-y-auto p-5">
          {serverError && (
            <Alert tone="error" title={serverError.message} focusOnShow>
              {Object.entries(serverError.fields).some(([, message]) => message) && (
                <ul className="mt-1 list-disc pl-5">
                  {Object.entries(serverError.fields)
                    .filter(([, message]) => message)
                    .map(([name, message]) => (
                      <li key={name}>
                        {REGISTRATION_FIELD_LABELS[name.split('.')[0]!] ?? name}: {message}
                      </li>
                    ))}
                </ul>
              )}
            </Alert>
          )}

          {step === 1 && (
            <>
              <div role="radiogroup" aria-label="Konto" className="grid grid-cols-2 gap-2">
                {(
                  [
                    ['register', 'Neu registrieren'],
                    ['login', 'Ich habe ein Konto'],
                  ] as const
                ).map(([value, label]) => (
                  <button
                    key={value}
                    type="button"
                    role="radio"
                    aria-checked={mode === value}
                    onClick={() => {
                      setMode(value);
                      setServerError(null);
                    }}
                    className={`rounded-lg border-2 px-3 py-2 font-semibold ${
                      mode === value ? 'border-navy bg-navy text-white' : 'border-gray-300'
                    }`}
                  >
                    {label}
                  </button>
                ))}
              </div>
              <TextField
                label="E-Mail-Adresse"
                type="email"
                autoComplete="email"
                required
                maxLength={EMAIL_MAX}
                {...field('email')}
              />
              <div>
                <TextField
                  label="Passwort"
                  type="password"
                  autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
                  required
                  maxLength={PASSWORD_MAX}
                  hint={
                    mode === 'register' ? (
                      <span className="sr-only">Anforderungen siehe Liste</span>
                    ) : undefined
                  }
                  {...field('password')}
                  error={
                    mode === 'register' && touched.has('password')
                      ? (passwordMissingText(values.password) ?? errorFor('password'))
                      : errorFor('password')
                  }
                />
                {mode === 'register' && (
                  <PasswordChecklist password={values.password} id={checklistId} />
                )}
              </div>
              {mode === 'register' && (
                <TextField
                  label="Passwort bestätigen"
                  type="password"
                  autoComplete="new-password"
                  required
                  maxLength={PASSWORD_MAX}
                  {...field('confirmPassword')}
                />
              )}
            </>
          )}

          {step === 2 && (
            <>
              <TextField
                label="Name"
                autoComplete="name"
                required
                maxLength={REGISTRATION_LIMITS.name}
                {...field('name')}
                hint="Vor- und Nachname"
              />
              <TextField
                label="Telefonnummer"
                type="tel"
                autoComplete="tel"
                optional
                maxLength={PHONE_MAX}
                {...field('telefon')}
              />
              <TextField
                label="Unternehmen"
                autoComplete="organization"
                optional
                maxLength={REGISTRATION_LIMITS.unternehmen}
                {...field('unternehmen')}
              />
            </>
          )}

          {step === 3 && (
            <>
              <div className="grid grid-cols-[1fr_7rem] gap-3">
                <TextField
                  label="Straße"
                  autoComplete="address-line1"
                  required
                  maxLength={REGISTRATION_LIMITS.strasse}
                  {...field('strasse')}
                />
                <TextField
                  label="Hausnummer"
                  required
                  maxLength={REGISTRATION_LIMITS.hausnummer}
                  {...field('hausnummer')}
                />
              </div>
              <div className="grid grid-cols-[8rem_1fr] gap-3">
                <TextField
                  label="Postleitzahl"
                  inputMode="numeric"
                  autoComplete="postal-code"
                  required
                  maxLength={REGISTRATION_LIMITS.plz}
                  {...field('plz')}
                />
                <TextField
                  label="Ort"
                  autoComplete="address-level2"
                  required
                  maxLength={REGISTRATION_LIMITS.ort}
                  {...field('ort')}
                />
              </div>
              <TextAreaField
                label="Anmerkungen"
                optional
                rows={4}
                maxLength={REGISTRATION_LIMITS.comments}
                counter={{ length: values.comments.length, max: REGISTRATION_LIMITS.comments }}
                name="comments"
                value={values.comments}
                onChange={update('comments')}
                onBlur={touch('comments')}
                error={errorFor('comments')}
              />
            </>
          )}

          {step === 4 && (
            <>
              <section aria-labelledby="confirm-package" className="rounded-lg bg-sand p-4">
                <h3 id="confirm-package" className="mb-2 font-bold">
                  Dein Paket
                </h3>
                <PackageSummary configurator={configurator} />
                <div className="mt-3">
                  <PriceBreakdown
                    price={configurator.price}
                    months={configurator.rentalDuration}
                    items={configurator.items}
                  />
                </div>
              </section>
              {(['agreeToTerms', 'agreeToPrivacy'] as const).map((name) => (
                <div key={name}>
                  <label className="flex items-start gap-3">
                    <input
                      type="checkbox"
                      name={name}
                      checked={values[name]}
                      onChange={update(name)}
                      onBlur={touch(name)}
                      aria-invalid={errorFor(name) ? true : undefined}
                      aria-describedby={errorFor(name) ? `${name}-error` : undefined}
                      className={CHECKBOX_CLASS}
                    />
                    <span>
                      {name === 'agreeToTerms' ? (
                        <>
                          Ich akzeptiere die{' '}
                          <Link to="/agb" target="_blank" className="font-semibold underline">
                            Allgemeinen Geschäftsbedingungen
                          </Link>
                          .
                        </>
                      ) : (
                        <>
                          Ich habe die{' '}
                          <Link
                            to="/datenschutz"
                            target="_blank"
                            className="font-semibold underline"
                          >
                            Datenschutzerklärung
                          </Link>{' '}
                          gelesen und bin mit der Verarbeitung meiner Daten einverstanden.
                        </>
                      )}
                    </span>
                  </label>
                  {errorFor(name) && (
                    <p id={`${name}-error`} className="mt-1 text-sm font-medium text-red-800">
                      {errorFor(name)}
                    </p>
                  )}
                </div>
              ))}
            </>
          )}
        </div>

        <div className="flex justify-between gap-3 border-t border-sand p-5">
          {step === 1 ? (
            <Button variant="secondary" onClick={onClose}>
              Abbrechen
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => setStep((current) => (current - 1) as Step)}>
              Zurück
            </Button>
          )}
          <Button type="submit" disabled={!stepValid || submitting}>
            {submitting
              ? mode === 'register' && step === 1
                ? 'Wird geprüft...'
                : 'Wird gesendet...'
              : mode === 'login'
                ? 'Anmelden'
                : step === 4
                  ? 'Buchung bestätigen'
                  : 'Weiter'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
