import { joinNames, waitlistedNames } from '@housnkuh/shared/availability';
import { shopPhase, trialStartText } from '@housnkuh/shared/shop-phase';
import { REGISTRATION_LIMITS } from '@housnkuh/shared/limits';
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
import { useId, useMemo, useState } from 'react';
import { get, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import { ErrorSummary } from '../../../../components/form/error-summary';
import {
  FormEmailField,
  FormNameField,
  FormPasswordField,
  FormPhoneField,
  FormTextAreaField,
  FormTextField,
} from '../../../../components/form/field';
import { Form } from '../../../../components/form/form';
import { FormFailure } from '../../../../components/form/form-failure';
import { useSchemaForm } from '../../../../components/form/use-schema-form';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/modal';
import { useSiteSettings } from '../../../../lib/site-settings';
import { useLoginToBook } from '../api/login';
import { registerVendor, takenEmailMessage, type RegistrationValues } from '../api/register';
import { useAvailability } from '../api/availability';
import type { Configurator } from '../use-configurator';
import { PackageRecap } from './package-summary';
import { CHECKBOX_CLASS } from './extra-services';
import { PasswordChecklist } from './password-checklist';

type Step = 1 | 2 | 3 | 4;
type Mode = 'register' | 'login';
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

/** What the dialog asks for now: login mode has one step, register mode four. */
interface Place {
  mode: Mode;
  step: Step;
}

function stepSchema({ mode, step }: Place) {
  if (mode === 'login') return loginStepSchema;
  switch (step) {
    case 1:
      return accountStepSchema;
    case 2:
      return personalStepSchema;
    case 3:
      return addressStepSchema;
    case 4:
      return confirmationStepSchema;
  }
}

/**
 * Checks the fields of the current step only (the place comes as the form's
 * context), with the shared step schemas; passes the values on as they are.
 */
const stepResolver: Resolver<RegistrationValues, Place> = (values, place) => {
  const errors = errorsOf(stepSchema(place!).safeParse(values));
  if (Object.keys(errors).length === 0) return { values, errors: {} };
  return {
    values: {},
    errors: Object.fromEntries(
      Object.entries(errors).map(([name, message]) => [name, { type: 'validation', message }]),
    ) as FieldErrors<RegistrationValues>,
  };
};

/** What a submit of the dialog came to: the next step, a login, or the registration. */
type WizardResult =
  | { kind: 'next' }
  | { kind: 'logged-in' }
  | { kind: 'registered'; title: string; message: string; opening?: string };

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
  const [mode, setMode] = useState<Mode>('register');
  const [step, setStep] = useState<Step>(1);
  const checklistId = useId();
  const blockedId = useId();
  const availability = useAvailability();
  const waitlisted = waitlistedNames(availability.data, configurator.counts);
  const phase = shopPhase(settings.openingDate);
  const preregistration = phase.phase !== 'open';

  const next = async (values: RegistrationValues): Promise<WizardResult> => {
    if (step === 1) {
      // a taken address is said here, not only after step 4 (the final check stays)
      const taken = await takenEmailMessage(values.email);
      if (taken) {
        throw new FormFailure(VALIDATION.fixMarkedFields, {
          fieldErrors: [{ field: 'email', message: taken }],
        });
      }
    }
    setStep((current) => (current < 4 ? ((current + 1) as Step) : current));
    return { kind: 'next' };
  };

  const loginToBook = useLoginToBook();
  const login = async (values: RegistrationValues): Promise<WizardResult> => {
    const result = await loginToBook.mutateAsync({
      email: values.email,
      password: values.password,
    });
    if (result.success) {
      onLoggedIn();
      return { kind: 'logged-in' };
    }
    throw new FormFailure(result.status === 401 ? ERRORS.vendorLoginInvalidDialog : result.message);
  };

  const submit = async (values: RegistrationValues): Promise<WizardResult> => {
    const outcome = await registerVendor(values, configurator.packageData, preregistration);
    if (outcome.success) {
      const title = preregistration
        ? 'Vor-Registrierung erfolgreich!'
        : 'Registrierung erfolgreich!';
      const message = outcome.result.message;
      return {
        kind: 'registered',
        title,
        // the server's message starts with the title; the subtitle says only what follows
        message: message.startsWith(title) ? message.slice(title.length).trim() : message,
        ...(outcome.result.openingInfo ? { opening: outcome.result.openingInfo.message } : {}),
      };
    }
    // back to the step of the first field in error
    const first = outcome.fieldErrors[0];
    if (first) setStep(stepOf(first.field));
    throw new FormFailure(
      outcome.fieldErrors.length ? VALIDATION.fixMarkedFields : outcome.message,
      { fieldErrors: outcome.fieldErrors },
    );
  };

  const { form, outcome, busy, formProps, clearOutcome } = useSchemaForm({
    validation: { resolver: stepResolver },
    defaultValues: EMPTY,
    // a field's message shows once it was left, then follows each change
    mode: 'onTouched',
    context: { mode, step },
    submit: (values: RegistrationValues) =>
      mode === 'login' ? login(values) : step === 4 ? submit(values) : next(values),
    errorMessage: () => ERRORS.registrationModalException,
  });
  const { errors, touchedFields } = form.formState;
  const values = useWatch({ control: form.control }) as RegistrationValues;

  // the button waits for a valid step
  const stepValid = useMemo(
    () => Object.keys(errorsOf(stepSchema({ mode, step }).safeParse(values))).length === 0,
    [mode, step, values],
  );

  const errorFor = (field: Field): string | undefined => errors[field]?.message;
  // the server's field errors still standing (a field's is gone once it is changed)
  const serverErrors =
    outcome.state === 'error'
      ? outcome.fieldErrors.filter(
          ({ field }) =>
            !(field.split('.')[0]! in EMPTY) ||
            (get(errors, field) as { type?: string } | undefined)?.type === 'server',
        )
      : [];
  const success =
    outcome.state === 'success' && outcome.result.kind === 'registered' ? outcome.result : null;

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
              {waitlisted.length > 0
                ? `Wir melden uns innerhalb von 2 Werktagen und setzen dich auf die Warteliste, denn für ${joinNames(waitlisted)} ist derzeit nicht genug frei; sobald ein passendes Mietfach frei wird, hörst du von uns.`
                : 'Wir melden uns innerhalb von 2 Werktagen und suchen ein passendes freies Mietfach.'}
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
      <Form formProps={formProps} className="flex min-h-0 flex-1 flex-col">
        <div
          className="space-y-4 overflow-y-auto p-5"
          // step 4 holds nothing to focus above the consents: the summary scrolls by keyboard too
          {...(step === 4
            ? { tabIndex: 0, role: 'region', 'aria-label': 'Zusammenfassung deiner Buchung' }
            : {})}
        >
          {outcome.state === 'error' && (
            <ErrorSummary
              key={outcome.attempt}
              title={outcome.message}
              errors={serverErrors}
              labels={REGISTRATION_FIELD_LABELS}
            />
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
                      clearOutcome();
                      form.clearErrors();
                    }}
                    className={`rounded-lg border-2 px-3 py-2 font-semibold ${
                      mode === value ? 'border-navy bg-navy text-white' : 'border-gray-300'
                    }`}
                  >
                    {label}
                  </button>
                ))}
              </div>
              <FormEmailField form={form} name="email" />
              <div>
                <FormPasswordField
                  form={form}
                  name="password"
                  label="Passwort"
                  autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
                  required
                  hint={
                    mode === 'register' ? (
                      <span className="sr-only">
                        Anforderungen siehe Liste. {VALIDATION.passwordCharset}.
                      </span>
                    ) : undefined
                  }
                  error={
                    mode === 'register' && touchedFields.password
                      ? (passwordMissingText(values.password) ?? errorFor('password'))
                      : errorFor('password')
                  }
                />
                {mode === 'register' && (
                  <PasswordChecklist password={values.password} id={checklistId} />
                )}
              </div>
              {mode === 'register' && (
                <FormPasswordField
                  form={form}
                  name="confirmPassword"
                  label="Passwort bestätigen"
                  autoComplete="new-password"
                  required
                />
              )}
            </>
          )}

          {step === 2 && (
            <>
              <FormNameField
                form={form}
                name="name"
                maxLength={REGISTRATION_LIMITS.name}
                hint="Vor- und Nachname"
              />
              <FormPhoneField form={form} name="telefon" label="Telefonnummer" />
              <FormTextField
                form={form}
                name="unternehmen"
                label="Unternehmen"
                autoComplete="organization"
                optional
                maxLength={REGISTRATION_LIMITS.unternehmen}
              />
            </>
          )}

          {step === 3 && (
            <>
              <div className="grid grid-cols-[1fr_7rem] gap-3">
                <FormTextField
                  form={form}
                  name="strasse"
                  label="Straße"
                  autoComplete="address-line1"
                  required
                  maxLength={REGISTRATION_LIMITS.strasse}
                />
                <FormTextField
                  form={form}
                  name="hausnummer"
                  label="Hausnummer"
                  required
                  maxLength={REGISTRATION_LIMITS.hausnummer}
                />
              </div>
              <div className="grid grid-cols-[8rem_1fr] gap-3">
                <FormTextField
                  form={form}
                  name="plz"
                  label="Postleitzahl"
                  inputMode="numeric"
                  autoComplete="postal-code"
                  required
                  maxLength={REGISTRATION_LIMITS.plz}
                />
                <FormTextField
                  form={form}
                  name="ort"
                  label="Ort"
                  autoComplete="address-level2"
                  required
                  maxLength={REGISTRATION_LIMITS.ort}
                />
              </div>
              <FormTextAreaField
                form={form}
                name="comments"
                label="Anmerkungen"
                optional
                rows={4}
                max={REGISTRATION_LIMITS.comments}
              />
            </>
          )}

          {step === 4 && (
            <>
              <section aria-labelledby="confirm-package" className="rounded-lg bg-sand p-4">
                <h3 id="confirm-package" className="mb-2 font-bold">
                  Dein Paket
                </h3>
                <PackageRecap configurator={configurator} noteClassName="mt-3 bg-white" />
              </section>
            </>
          )}
        </div>

        <div className="space-y-3 border-t border-sand p-5">
          {/* the consents stay beside the button, also on a phone where the package scrolls */}
          {step === 4 && mode === 'register' && (
            <div className="space-y-2">
              {(['agreeToTerms', 'agreeToPrivacy'] as const).map((name) => (
                <div key={name}>
                  <label className="flex items-start gap-3">
                    <input
                      type="checkbox"
                      {...form.register(name)}
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
            </div>
          )}
          {!stepValid && !busy && (
            <p id={blockedId} className="text-sm text-gray-800">
              {mode === 'login'
                ? 'Bitte gib deine E-Mail-Adresse und dein Passwort ein.'
                : step === 4
                  ? 'Bitte bestätige die AGB und die Datenschutzerklärung.'
                  : 'Weiter geht es, sobald die Pflichtfelder dieses Schritts gültig ausgefüllt sind.'}
            </p>
          )}
          <div className="flex justify-between gap-3">
            {step === 1 ? (
              <Button variant="secondary" onClick={onClose}>
                Abbrechen
              </Button>
            ) : (
              <Button
                variant="secondary"
                onClick={() => setStep((current) => (current - 1) as Step)}
              >
                Zurück
              </Button>
            )}
            <Button
              type="submit"
              disabled={!stepValid || busy}
              aria-describedby={!stepValid && !busy ? blockedId : undefined}
            >
              {busy
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
        </div>
      </Form>
    </Modal>
  );
}
