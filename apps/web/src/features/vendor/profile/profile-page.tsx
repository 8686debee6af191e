import { PICTURE_TYPES, PROFILE_LIMITS, REGISTRATION_LIMITS } from '@housnkuh/shared/limits';
import type { PublicTag } from '@housnkuh/shared/schemas/directory';
import type { VendorProfileUpdateInput } from '@housnkuh/shared/schemas/vendor-profile';
import { WEEKDAY_LABELS, WEEKDAYS } from '@housnkuh/shared/weekdays';
import { ExternalLink, Eye, Trash2 } from 'lucide-react';
import { useEffect, useId, type ReactNode } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { FormTextAreaField, FormTextField } from '../../../components/form/field';
import { FormFileField } from '../../../components/form/file-field';
import { Form } from '../../../components/form/form';
import { SubmitOutcome } from '../../../components/form/submit-outcome';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Alert } from '../../../components/ui/alert';
import { Button, SubmitButton } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { usePageMeta } from '../../../lib/page-meta';
import { useSiteSettings } from '../../../lib/site-settings';
import { BusinessForm } from '../../../components/vendor-area/business-form';
import {
  useOwnProfile,
  usePicture,
  useSaveProfile,
  useTagChoices,
  vendorErrorMessage,
} from '../../../lib/vendor-area/profile';
import { BackToDashboard } from '../../../components/vendor-area/back-to-dashboard';

type Profile = NonNullable<ReturnType<typeof useOwnProfile>['data']>;
type Values = {
  name: string;
  unternehmen: string;
  slogan: string;
  beschreibung: string;
  telefon: string;
  publicEmail: string;
  website: string;
  facebook: string;
  instagram: string;
  oeffnungszeiten: Record<(typeof WEEKDAYS)[number], string>;
  tagIds: string[];
  strasse: string;
  hausnummer: string;
  plz: string;
  ort: string;
  profileVisible: boolean;
};

const validation = lazyZodResolver<Values>(async () => {
  const { vendorProfileUpdateSchema } = await import('@housnkuh/shared/schemas/vendor-profile');
  return vendorProfileUpdateSchema;
});

function toValues(profile: Profile): Values {
  return {
    name: profile.name,
    unternehmen: profile.unternehmen ?? '',
    slogan: profile.slogan ?? '',
    beschreibung: profile.beschreibung ?? '',
    telefon: profile.telefon ?? '',
    publicEmail: profile.publicEmail ?? '',
    website: profile.website ?? '',
    facebook: profile.facebook ?? '',
    instagram: profile.instagram ?? '',
    oeffnungszeiten: Object.fromEntries(
      WEEKDAYS.map((day) => [day, profile.oeffnungszeiten[day] ?? '']),
    ) as Values['oeffnungszeiten'],
    tagIds: profile.tagIds,
    strasse: profile.strasse ?? '',
    hausnummer: profile.hausnummer ?? '',
    plz: profile.plz ?? '',
    ort: profile.ort ?? '',
    profileVisible: profile.profileVisible,
  };
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset className="rounded-xl bg-white p-4 shadow-sm sm:p-6">
      <legend className="float-left w-full text-lg font-bold">{title}</legend>
      {description && <p className="clear-left pt-1 text-gray-800">{description}</p>}
      <div className="clear-left grid gap-4 pt-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** Whether the directory shows the producer, and what is missing if not. */
function Visibility({ profile }: { profile: Profile }) {
  if (profile.listed) {
    return (
      <Alert tone="success" title="Dein Profil ist öffentlich sichtbar">
        <p>
          Besucher finden dich im Verzeichnis und auf der Karte.{' '}
          <Link
            to={`/direktvermarkter/${profile.id}`}
            className="inline-flex items-center gap-1 font-semibold underline underline-offset-2"
          >
            Öffentliches Profil ansehen
            <ExternalLink aria-hidden="true" className="h-4 w-4" />
          </Link>
        </p>
      </Alert>
    );
  }
  const missing: string[] = [];
  if (!profile.profileVisible) missing.push('Du hast „Profil öffentlich zeigen“ ausgeschaltet.');
  if (!profile.isPublic)
    missing.push('Das Team des Ladens hat dein Profil noch nicht freigegeben.');
  if (profile.accountStatus === 'Vor-registriert' || profile.accountStatus === 'Gekündigt') {
    missing.push('Sichtbar ist nur, wer einen laufenden Vertrag hat (auch im Probemonat).');
  }
  return (
    <div className="rounded-xl border-l-4 border-navy bg-white p-4 shadow-sm">
      <p className="font-bold">Dein Profil ist noch nicht öffentlich sichtbar</p>
      <ul className="mt-1 list-disc pl-5 text-gray-800">
        {(missing.length ? missing : ['Sichtbar ist nur, wer einen laufenden Vertrag hat.']).map(
          (reason) => (
            <li key={reason}>{reason}</li>
          ),
        )}
      </ul>
    </div>
  );
}

/** The chosen picture; the shared schema checks its type and size before the upload. */
type PictureUpload = { file: File };
const pictureValidation = lazyZodResolver<Partial<PictureUpload>, PictureUpload>(async () => {
  const { pictureFormSchema } = await import('@housnkuh/shared/schemas/vendor-profile');
  return pictureFormSchema;
});

/**
 * A picture of the profile: shown, replaced by a chosen file (sent as soon as it is chosen),
 * removed.
 */
function PictureField({
  kind,
  label,
  hint,
  current,
}: {
  kind: 'profile' | 'banner';
  label: string;
  hint: string;
  current: string | null;
}) {
  const picture = usePicture(kind);
  const formId = useId();
  const { form, outcome, busy, formProps, clearOutcome } = useSchemaForm({
    validation: pictureValidation,
    defaultValues: { file: undefined },
    submit: (values: PictureUpload) => picture.mutateAsync(values.file),
    pending: picture.isPending && picture.variables !== null,
    errorMessage: vendorErrorMessage,
    resetOnSuccess: true,
  });
  const removing = picture.isPending && picture.variables === null;
  const removed = picture.variables === null && !picture.isPending ? picture : null;
  return (
    <div className="space-y-2">
      <p className="font-semibold">{label}</p>
      <div
        className={`overflow-hidden rounded-lg bg-sand ${kind === 'profile' ? 'h-32 w-32' : 'aspect-[16/5] w-full'}`}
      >
        {current ? (
          <img
            src={current}
            alt={`${label} (aktuell)`}
            className="h-full w-full object-cover"
            width={kind === 'profile' ? 128 : 640}
            height={kind === 'profile' ? 128 : 200}
          />
        ) : (
          <p className="flex h-full items-center justify-center p-2 text-center text-sm text-gray-700">
            Noch kein Bild
          </p>
        )}
      </div>
      <Form formProps={formProps} id={formId} aria-label={label}>
        <FormFileField
          form={form}
          name="file"
          label={busy ? 'Wird hochgeladen …' : current ? 'Bild ersetzen' : 'Bild hochladen'}
          hint={`${hint} JPEG, PNG oder WebP, höchstens 10 MB.`}
          accept={PICTURE_TYPES.join(',')}
          disabled={busy || removing}
          onChosen={(file) => {
            clearOutcome();
            picture.reset();
            // sent on choosing: no second button to find
            if (file) (document.getElementById(formId) as HTMLFormElement | null)?.requestSubmit();
          }}
        />
      </Form>
      {current && (
        <Button
          variant="ghost"
          disabled={busy || removing}
          onClick={() => {
            clearOutcome();
            picture.mutate(null);
          }}
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          {label} entfernen
        </Button>
      )}
      <SubmitOutcome outcome={outcome} />
      <div aria-live="polite">
        {removed?.isError && (
          <p className="text-sm font-medium text-red-800">{vendorErrorMessage(removed.error)}</p>
        )}
        {removed?.isSuccess && <p className="text-sm text-green-900">{removed.data.message}</p>}
      </div>
    </div>
  );
}

/** What visitors would see: the form's current values in the look of the public profile. */
function Preview({
  form,
  profile,
  tags,
}: {
  form: UseFormReturn<Values>;
  profile: Profile;
  tags: readonly PublicTag[];
}) {
  const values = useWatch({ control: form.control }) as Values;
  const chosen = tags.filter((tag) => values.tagIds?.includes(tag.id));
  const hours = WEEKDAYS.filter((day) => values.oeffnungszeiten?.[day]?.trim());
  return (
    <section aria-labelledby="preview-title" className="rounded-xl bg-white shadow-sm">
      <h2 id="preview-title" className="flex items-center gap-2 p-4 text-lg font-bold">
        <Eye aria-hidden="true" className="h-5 w-5" />
        Vorschau: so sehen Besucher dein Profil
      </h2>
      <div className="aspect-[16/5] w-full bg-sand">
        {profile.bannerBild && (
          <img src={profile.bannerBild} alt="" className="h-full w-full object-cover" />
        )}
      </div>
      <div className="space-y-3 p-4">
        <div className="flex items-center gap-3">
          {profile.profilBild && (
            <img
              src={profile.profilBild}
              alt=""
              className="h-16 w-16 rounded-full object-cover"
              width={64}
              height={64}
            />
          )}
          <div>
            <p className="text-xl font-extrabold">{values.unternehmen || values.name}</p>
            {values.unternehmen && <p className="text-gray-800">{values.name}</p>}
          </div>
        </div>
        {values.slogan && <p className="font-semibold text-coral-darker">{values.slogan}</p>}
        {values.beschreibung && <p className="whitespace-pre-line">{values.beschreibung}</p>}
        {chosen.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="Kategorien">
            {chosen.map((tag) => (
              <li key={tag.id} className="rounded-full bg-sand px-3 py-1 text-sm font-semibold">
                {tag.name}
              </li>
            ))}
          </ul>
        )}
        <p className="text-gray-800">
          {[values.strasse, values.hausnummer].filter(Boolean).join(' ')}
          {values.plz || values.ort
            ? `, ${[values.plz, values.ort].filter(Boolean).join(' ')}`
            : ''}
        </p>
        <ul className="text-gray-800">
          {values.telefon && <li>Telefon: {values.telefon}</li>}
          {values.publicEmail && <li>E-Mail: {values.publicEmail}</li>}
          {values.website && <li>Website: {values.website}</li>}
        </ul>
        {hours.length > 0 && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 text-sm">
            {hours.map((day) => (
              <div key={day} className="contents">
                <dt className="font-semibold">{WEEKDAY_LABELS[day]}</dt>
                <dd>{values.oeffnungszeiten[day]}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </section>
  );
}

function ProfileForm({ profile, tags }: { profile: Profile; tags: readonly PublicTag[] }) {
  const save = useSaveProfile();
  const { form, outcome, busy, formProps } = useSchemaForm<Values, { profile: Profile }>({
    validation,
    defaultValues: toValues(profile),
    submit: (values) => save.mutateAsync(values as VendorProfileUpdateInput),
    pending: save.isPending,
    errorMessage: vendorErrorMessage,
    onSuccess: (result): void => form.reset(toValues(result.profile)),
  });
  const field = (
    name: Parameters<typeof FormTextField<Values>>[0]['name'],
    label: string,
    extra: Record<string, unknown> = {},
  ) => <FormTextField form={form} name={name} label={label} {...extra} />;
  const tagError = form.formState.errors.tagIds?.message;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Form formProps={formProps} className="space-y-6" aria-label="Öffentliches Profil">
        <Section title="Über dich">
          {field('name', 'Name (Ansprechperson)', {
            required: true,
            maxLength: REGISTRATION_LIMITS.name,
            autoComplete: 'name',
          })}
          {field('unternehmen', 'Unternehmen oder Hof', {
            optional: true,
            maxLength: REGISTRATION_LIMITS.unternehmen,
            autoComplete: 'organization',
          })}
          {field('slogan', 'Slogan', {
            optional: true,
            maxLength: PROFILE_LIMITS.slogan,
            className: 'sm:col-span-2',
            hint: 'Ein Satz, der dich beschreibt, z. B. „Honig vom Frankenwald“.',
          })}
          <FormTextAreaField
            form={form}
            name="beschreibung"
            label="Beschreibung"
            optional
            rows={6}
            max={PROFILE_LIMITS.beschreibung}
            className="sm:col-span-2"
          />
        </Section>

        <Section title="Kontakt" description="Diese Angaben stehen öffentlich in deinem Profil.">
          {field('telefon', 'Telefon', { optional: true, type: 'tel', autoComplete: 'tel' })}
          {field('publicEmail', 'E-Mail-Adresse im Profil', {
            optional: true,
            type: 'email',
            maxLength: 254,
            hint: `Leer lassen, wenn keine E-Mail-Adresse gezeigt werden soll. Deine Anmeldung bleibt ${profile.email}.`,
          })}
          {field('website', 'Website', {
            optional: true,
            maxLength: PROFILE_LIMITS.url,
            inputMode: 'url',
            placeholder: 'www.dein-hof.de',
          })}
          {field('instagram', 'Instagram', {
            optional: true,
            maxLength: PROFILE_LIMITS.url,
            inputMode: 'url',
            placeholder: 'instagram.com/dein-hof',
          })}
          {field('facebook', 'Facebook', {
            optional: true,
            maxLength: PROFILE_LIMITS.url,
            inputMode: 'url',
            placeholder: 'facebook.com/dein-hof',
          })}
        </Section>

        <Section
          title="Öffnungszeiten"
          description="Wann man dich auf deinem Hof oder in deinem Laden antrifft. Leer lassen, wenn geschlossen."
        >
          {WEEKDAYS.map((day) => (
            <FormTextField
              key={day}
              form={form}
              name={`oeffnungszeiten.${day}`}
              label={WEEKDAY_LABELS[day]}
              maxLength={PROFILE_LIMITS.hours}
              placeholder="z. B. 9–12 Uhr"
            />
          ))}
        </Section>

        <fieldset
          className="rounded-xl bg-white p-4 shadow-sm sm:p-6"
          aria-describedby={tagError ? 'tag-error' : undefined}
        >
          <legend className="float-left w-full text-lg font-bold">Was du anbietest</legend>
          <p className="clear-left pt-1 text-gray-800">
            Nach diesen Kategorien und Merkmalen filtern Besucher das Verzeichnis und die Karte
            (höchstens 20).
          </p>
          {(
            [
              ['product', 'Produktkategorien'],
              ['feature', 'Weitere Merkmale'],
            ] as const
          ).map(([category, title]) => {
            const group = tags.filter((tag) =>
              category === 'product' ? tag.category === 'product' : tag.category !== 'product',
            );
            if (group.length === 0) return null;
            return (
              <div key={category} className="pt-4">
                <p className="mb-2 font-semibold">{title}</p>
                <div className="grid gap-2 sm:grid-cols-2">
                  {group.map((tag) => (
                    <label key={tag.id} className="flex items-center gap-3">
                      <input
                        type="checkbox"
                        value={tag.id}
                        className="h-5 w-5 accent-navy"
                        {...form.register('tagIds')}
                      />
                      {tag.name}
                    </label>
                  ))}
                </div>
              </div>
            );
          })}
          {tagError && (
            <p id="tag-error" className="mt-2 text-sm font-medium text-red-800">
              {tagError}
            </p>
          )}
        </fieldset>

        <Section
          title="Adresse"
          description="Nach einer Änderung suchen wir die Adresse neu für die Karte; das dauert meist nur wenige Minuten."
        >
          {field('strasse', 'Straße', { required: true, maxLength: REGISTRATION_LIMITS.strasse })}
          {field('hausnummer', 'Hausnummer', {
            required: true,
            maxLength: REGISTRATION_LIMITS.hausnummer,
          })}
          {field('plz', 'Postleitzahl', {
            required: true,
            inputMode: 'numeric',
            maxLength: REGISTRATION_LIMITS.plz,
            autoComplete: 'postal-code',
          })}
          {field('ort', 'Ort', { required: true, maxLength: REGISTRATION_LIMITS.ort })}
          {profile.geocodeStatus === 'failed' && (
            <p className="text-sm font-medium text-red-800 sm:col-span-2">
              Diese Adresse haben wir auf der Karte nicht gefunden. Bitte prüfe sie, oder melde dich
              bei uns.
            </p>
          )}
        </Section>

        <fieldset className="rounded-xl bg-white p-4 shadow-sm sm:p-6">
          <legend className="float-left w-full text-lg font-bold">Sichtbarkeit</legend>
          <label className="clear-left flex items-start gap-3 pt-3">
            <input
              type="checkbox"
              className="mt-0.5 h-5 w-5 accent-navy"
              aria-describedby="visible-hint"
              {...form.register('profileVisible')}
            />
            <span className="font-semibold">Profil öffentlich zeigen (Verzeichnis und Karte)</span>
          </label>
          <p id="visible-hint" className="mt-1 text-sm text-gray-700">
            Zusätzlich muss das Team des Ladens dein Profil freigeben, und du brauchst einen
            laufenden Vertrag.
          </p>
        </fieldset>

        <div className="sticky bottom-0 z-10 flex flex-wrap items-center gap-4 rounded-xl bg-white p-4 shadow-md">
          <SubmitButton busy={busy} busyLabel="Wird gespeichert...">
            Profil speichern
          </SubmitButton>
        </div>
        <SubmitOutcome
          outcome={outcome}
          successTitle="Gespeichert"
          errorTitle="Nicht gespeichert"
        />
      </Form>
      <div className="space-y-6 lg:sticky lg:top-4 lg:self-start">
        <Preview form={form} profile={profile} tags={tags} />
      </div>
    </div>
  );
}

/** /vendor/profile: the producer's public profile, pictures and business data, edited alone. */
export function ProfilePage() {
  const settings = useSiteSettings();
  usePageMeta(
    'Mein Profil',
    `Dein öffentliches Profil bei ${settings.shopName} bearbeiten.`,
    settings.shopName,
  );
  const profile = useOwnProfile();
  const tags = useTagChoices();
  const { hash } = useLocation();
  const loaded = Boolean(profile.data && tags.data);
  // a link to #geschaeftsdaten or #bankverbindung lands at that section once it is there
  useEffect(() => {
    if (!loaded || !/^#(geschaeftsdaten|bankverbindung)$/.test(hash)) return;
    const target = document.getElementById(hash.slice(1));
    if (!target) return;
    target.scrollIntoView?.({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [loaded, hash]);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <BackToDashboard />
      <h1 className="text-3xl font-extrabold">Mein Profil</h1>
      <p className="mt-2 max-w-3xl text-gray-800">
        So stellst du dich im Verzeichnis und auf der Karte vor. Rechts siehst du eine Vorschau, die
        sich beim Tippen mitändert; gespeichert wird mit „Profil speichern“.
      </p>
      {(profile.isPending || tags.isPending) && (
        <p className="mt-6" role="status">
          Dein Profil wird geladen …
        </p>
      )}
      {(profile.isError || tags.isError) && (
        <div className="mt-6">
          <LoadError
            title="Dein Profil konnte nicht geladen werden."
            onRetry={() => {
              void profile.refetch();
              void tags.refetch();
            }}
          />
        </div>
      )}
      {profile.data && tags.data && (
        <div className="mt-6 space-y-8">
          <Visibility profile={profile.data} />
          <section
            aria-labelledby="pictures-title"
            className="rounded-xl bg-white p-4 shadow-sm sm:p-6"
          >
            <h2 id="pictures-title" className="text-lg font-bold">
              Bilder
            </h2>
            <div className="mt-4 grid gap-6 sm:grid-cols-[auto_1fr]">
              <PictureField
                kind="profile"
                label="Profilbild"
                hint="Quadratisch zugeschnitten, z. B. dein Logo oder ein Foto von dir."
                current={profile.data.profilBild}
              />
              <PictureField
                kind="banner"
                label="Titelbild"
                hint="Breites Bild oben im Profil (16 : 5), z. B. dein Hof oder deine Produkte."
                current={profile.data.bannerBild}
              />
            </div>
          </section>
          <ProfileForm profile={profile.data} tags={tags.data} />
          <BusinessForm business={profile.data.business} />
        </div>
      )}
    </div>
  );
}
