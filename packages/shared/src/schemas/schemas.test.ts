import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { adminLoginSchema, vendorLoginSchema } from './auth';
import { PACKAGE_OPTIONS } from '../catalog';
import {
  CANCEL_REASON_MAX,
  CONTACT_LIMITS,
  CONTEST_LIMITS,
  EMAIL_MAX,
  NEWSLETTER_NAME_MAX,
  PASSWORD_MAX,
  PHONE_MAX,
  REGISTRATION_LIMITS,
} from '../limits';
import { additionalBookingSchema, cancelBookingSchema, packageDataSchema } from './booking';
import { toFieldErrors } from './common';
import { directoryQuerySchema, geocodeQuerySchema } from './directory';
import { INITIAL_SITE_SETTINGS } from '../site-settings';
import { siteSettingsSchema } from './settings';
import { forgotPasswordSchema, resetPasswordSchema } from './vendor';
import { contactSchema } from './contact';
import { contestEntrySchema } from './contest';
import { newsletterSubscribeSchema } from './newsletter';
import {
  accountStepSchema,
  addressStepSchema,
  confirmationStepSchema,
  loginStepSchema,
  passwordChecklist,
  passwordMissingText,
  passwordSchema,
  personalStepSchema,
  registrationSchema,
} from './registration';

/** The messages a schema gives for a value, keyed by field. */
function errorsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(toFieldErrors(result.error.issues).map((e) => [e.field, e.message]));
}

function allMessages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const goodPassword = 'Sicher1!';
const contactGood = {
  name: 'Maria',
  email: 'maria@beispiel.de',
  subject: 'Frage',
  message: 'Hallo',
};

describe('password policy', () => {
  it('accepts a password that meets every rule', () => {
    expect(passwordSchema.safeParse(goodPassword).success).toBe(true);
  });

  it('names each rule that is not met', () => {
    expect(allMessages(passwordSchema, 'abc')).toEqual([
      'Das Passwort muss mindestens 8 Zeichen lang sein',
      'Mindestens ein Großbuchstabe erforderlich',
      'Mindestens eine Zahl erforderlich',
      'Mindestens ein Sonderzeichen (@$!%*?&) erforderlich',
    ]);
    expect(allMessages(passwordSchema, 'ABCDEFGH1!')).toEqual([
      'Mindestens ein Kleinbuchstabe erforderlich',
    ]);
  });

  it('allows no characters besides letters, digits and @$!%*?&', () => {
    expect(allMessages(passwordSchema, 'Sicher1!#')).toEqual([
      'Erlaubt sind nur Buchstaben ohne Umlaute, Zahlen und die Sonderzeichen @$!%*?&',
    ]);
    expect(passwordSchema.safeParse('Sicher1!ä').success).toBe(false);
    expect(passwordSchema.safeParse('Sicher 1!').success).toBe(false);
  });

  it('drives the live checklist and the "Fehlend" line', () => {
    expect(passwordChecklist('abcdefgh').map((rule) => [rule.label, rule.met])).toEqual([
      ['Mindestens 8 Zeichen', true],
      ['Ein Großbuchstabe', false],
      ['Ein Kleinbuchstabe', true],
      ['Eine Zahl', false],
      ['Ein Sonderzeichen (@$!%*?&)', false],
    ]);
    expect(passwordMissingText('abcdefgh')).toBe(
      'Fehlend: Ein Großbuchstabe, Eine Zahl, Ein Sonderzeichen (@$!%*?&)',
    );
    expect(passwordMissingText(goodPassword)).toBeUndefined();
  });
});

describe('registration steps', () => {
  it('step 1 (register) checks e-mail, password and confirmation', () => {
    expect(
      errorsOf(accountStepSchema, { email: 'x', password: goodPassword, confirmPassword: 'y' }),
    ).toEqual({
      email: 'Bitte gib eine gültige E-Mail-Adresse ein',
      confirmPassword: 'Die Passwörter stimmen nicht überein',
    });
    const ok = accountStepSchema.parse({
      email: ' Anna@Beispiel.DE ',
      password: goodPassword,
      confirmPassword: goodPassword,
    });
    expect(ok.email).toBe('anna@beispiel.de');
  });

  it('step 1 (login) needs a valid e-mail and any non-empty password', () => {
    expect(loginStepSchema.safeParse({ email: 'a@b.de', password: 'x' }).success).toBe(true);
    expect(errorsOf(loginStepSchema, { email: 'a@b.de', password: '' })).toEqual({
      password: 'Bitte gib dein Passwort ein',
    });
  });

  it('step 2 needs the full name; phone and company are optional', () => {
    expect(errorsOf(personalStepSchema, { name: '  ' })).toEqual({
      name: 'Bitte gib deinen vollständigen Namen ein',
    });
    expect(personalStepSchema.parse({ name: 'Anna Huber', telefon: '' })).toEqual({
      name: 'Anna Huber',
    });
    expect(errorsOf(personalStepSchema, { name: 'Anna', telefon: '12' })).toEqual({
      telefon: 'Bitte gib eine gültige Telefonnummer ein',
    });
    expect(
      personalStepSchema.safeParse({ name: 'Anna', telefon: '+49 (9261) 123-45' }).success,
    ).toBe(true);
  });

  it('step 3 needs every address field and a five-digit postcode', () => {
    expect(
      errorsOf(addressStepSchema, { strasse: '', hausnummer: '1', plz: '96317', ort: 'Kronach' }),
    ).toEqual({ strasse: 'Bitte fülle alle Adressfelder aus' });
    expect(
      errorsOf(addressStepSchema, {
        strasse: 'Hauptstr.',
        hausnummer: '1',
        plz: '9631',
        ort: 'Kronach',
      }),
    ).toEqual({ plz: 'Bitte gib eine gültige Postleitzahl ein (5 Ziffern)' });
  });

  it('step 3 comments are optional, at most 500 characters and not blank', () => {
    const address = { strasse: 'Hauptstr.', hausnummer: '1', plz: '96317', ort: 'Kronach' };
    expect(addressStepSchema.parse({ ...address, comments: '' }).comments).toBeUndefined();
    expect(errorsOf(addressStepSchema, { ...address, comments: '   ' })).toEqual({
      comments: 'Wenn du Anmerkungen eingibst, dürfen diese nicht leer sein',
    });
    expect(addressStepSchema.safeParse({ ...address, comments: 'x'.repeat(500) }).success).toBe(
      true,
    );
    expect(errorsOf(addressStepSchema, { ...address, comments: 'x'.repeat(501) })).toEqual({
      comments: 'Deine Anmerkungen dürfen höchstens 500 Zeichen lang sein',
    });
  });

  it('step 4 needs both agreements', () => {
    expect(errorsOf(confirmationStepSchema, { agreeToTerms: true, agreeToPrivacy: false })).toEqual(
      {
        agreeToPrivacy: 'Bitte stimme den Nutzungsbedingungen und der Datenschutzerklärung zu',
      },
    );
  });

  it('the full body combines all steps and the package', () => {
    const body = {
      email: 'anna@beispiel.de',
      password: goodPassword,
      confirmPassword: goodPassword,
      name: 'Anna Huber',
      strasse: 'Hauptstr.',
      hausnummer: '1',
      plz: '96317',
      ort: 'Kronach',
      agreeToTerms: true,
      agreeToPrivacy: true,
      packageData: { packageCounts: { 'block-a': 1 }, rentalDuration: 3 },
    };
    const parsed = registrationSchema.parse(body);
    expect(parsed.packageData.selectedProvisionType).toBe('premium');
    expect(errorsOf(registrationSchema, { ...body, confirmPassword: 'Anders1!' })).toEqual({
      confirmPassword: 'Die Passwörter stimmen nicht überein',
    });
  });
});

describe('package data', () => {
  const base = { packageCounts: { 'block-a': 1 }, rentalDuration: 6 };

  it('needs at least one area', () => {
    expect(errorsOf(packageDataSchema, { ...base, packageCounts: { 'block-a': 0 } })).toEqual({
      packageCounts: 'Bitte wähle mindestens eine Verkaufsfläche aus',
    });
  });

  it('allows extra services only with the premium model', () => {
    expect(
      errorsOf(packageDataSchema, {
        ...base,
        selectedProvisionType: 'basic',
        zusatzleistungen: { lagerservice: true },
      }),
    ).toEqual({
      zusatzleistungen:
        'Zusatzleistungen sind nur mit dem Premium-Provisionsmodell (7 %) verfügbar',
    });
    expect(
      packageDataSchema.safeParse({ ...base, zusatzleistungen: { lagerservice: true } }).success,
    ).toBe(true);
  });

  it('rejects unknown areas, negative counts and durations other than 3, 6 or 12', () => {
    expect(packageDataSchema.safeParse({ ...base, packageCounts: { 'block-x': 1 } }).success).toBe(
      false,
    );
    expect(packageDataSchema.safeParse({ ...base, packageCounts: { 'block-a': -1 } }).success).toBe(
      false,
    );
    expect(errorsOf(packageDataSchema, { ...base, rentalDuration: 4 })).toEqual({
      rentalDuration: 'Bitte wähle eine Mietdauer von 3, 6 oder 12 Monaten',
    });
  });
});

describe('package counts', () => {
  const base = { packageCounts: { 'block-a': 1 }, rentalDuration: 6 };

  it('takes each area at most as often as the shop has it, with a German message', () => {
    for (const option of PACKAGE_OPTIONS) {
      expect(
        packageDataSchema.safeParse({ ...base, packageCounts: { [option.id]: option.maxCount } })
          .success,
        option.id,
      ).toBe(true);
    }
    expect(errorsOf(packageDataSchema, { ...base, packageCounts: { 'window-large': 30 } })).toEqual(
      { 'packageCounts.window-large': 'Höchstens 1 × Schaufenster groß möglich.' },
    );
    expect(
      errorsOf(packageDataSchema, { ...base, packageCounts: { 'block-cold': 7, 'block-a': 2 } }),
    ).toEqual({ 'packageCounts.block-cold': 'Höchstens 6 × Kühlfächer möglich.' });
  });

  it('every maximum is a positive whole number', () => {
    for (const option of PACKAGE_OPTIONS) {
      expect(Number.isInteger(option.maxCount) && option.maxCount > 0, option.id).toBe(true);
    }
  });
});

describe('field limits (the forms use them as maxLength)', () => {
  it('are the numbers the schemas enforce', () => {
    const over = (max: number) => 'x'.repeat(max + 1);
    expect(
      Object.keys(errorsOf(contactSchema, { ...contactGood, name: over(CONTACT_LIMITS.name) })),
    ).toEqual(['name']);
    expect(
      errorsOf(contactSchema, { ...contactGood, subject: 'x'.repeat(CONTACT_LIMITS.subject) }),
    ).toEqual({});
    expect(
      Object.keys(
        errorsOf(contactSchema, { ...contactGood, subject: over(CONTACT_LIMITS.subject) }),
      ),
    ).toEqual(['subject']);
    expect(
      errorsOf(contactSchema, { ...contactGood, message: 'x'.repeat(CONTACT_LIMITS.message) }),
    ).toEqual({});
    expect(
      Object.keys(
        errorsOf(contactSchema, { ...contactGood, message: over(CONTACT_LIMITS.message) }),
      ),
    ).toEqual(['message']);
    expect(errorsOf(contactSchema, { ...contactGood, phone: '1'.repeat(PHONE_MAX) })).toEqual({});
    expect(
      Object.keys(errorsOf(contactSchema, { ...contactGood, phone: '1'.repeat(PHONE_MAX + 1) })),
    ).toEqual(['phone']);
    const longEmail = `${'a'.repeat(64)}@${'b'.repeat(62)}.${'c'.repeat(62)}.${'d'.repeat(60)}.de`;
    expect(longEmail).toHaveLength(EMAIL_MAX);
    expect(errorsOf(contactSchema, { ...contactGood, email: longEmail })).toEqual({});
    expect(
      Object.keys(errorsOf(contactSchema, { ...contactGood, email: longEmail.replace('@', '@b') })),
    ).toEqual(['email']);

    const address = { strasse: 'Dorfstraße', hausnummer: '3', plz: '96317', ort: 'Kronach' };
    for (const field of ['strasse', 'hausnummer', 'ort', 'comments'] as const) {
      const max = REGISTRATION_LIMITS[field];
      expect(errorsOf(addressStepSchema, { ...address, [field]: 'x'.repeat(max) }), field).toEqual(
        {},
      );
      expect(Object.keys(errorsOf(addressStepSchema, { ...address, [field]: over(max) }))).toEqual([
        field,
      ]);
    }
    expect(
      Object.keys(
        errorsOf(addressStepSchema, { ...address, plz: '1'.repeat(REGISTRATION_LIMITS.plz + 1) }),
      ),
    ).toEqual(['plz']);
    for (const field of ['name', 'unternehmen'] as const) {
      const max = REGISTRATION_LIMITS[field];
      expect(errorsOf(personalStepSchema, { name: 'Anna', [field]: 'x'.repeat(max) })).toEqual({});
      expect(
        Object.keys(errorsOf(personalStepSchema, { name: 'Anna', [field]: over(max) })),
      ).toEqual([field]);
    }
    expect(allMessages(passwordSchema, `Aa1!${'x'.repeat(PASSWORD_MAX - 4)}`)).toEqual([]);
    expect(allMessages(passwordSchema, `Aa1!${'x'.repeat(PASSWORD_MAX - 3)}`)).toContain(
      'Das Passwort darf höchstens 128 Zeichen lang sein',
    );
    const contest = {
      name: 'x'.repeat(CONTEST_LIMITS.name),
      email: 'a@b.de',
      guessedVendors: ['x'.repeat(CONTEST_LIMITS.guess), 'b', 'c'],
    };
    expect(errorsOf(contestEntrySchema, contest)).toEqual({});
    expect(
      errorsOf(contestEntrySchema, { ...contest, name: over(CONTEST_LIMITS.name) }),
    ).not.toEqual({});
    expect(
      errorsOf(newsletterSubscribeSchema, {
        email: 'a@b.de',
        name: 'x'.repeat(NEWSLETTER_NAME_MAX),
      }),
    ).toEqual({});
    expect(
      errorsOf(newsletterSubscribeSchema, { email: 'a@b.de', name: over(NEWSLETTER_NAME_MAX) }),
    ).not.toEqual({});
    expect(cancelBookingSchema.safeParse({ reason: 'x'.repeat(CANCEL_REASON_MAX) }).success).toBe(
      true,
    );
    expect(cancelBookingSchema.safeParse({ reason: over(CANCEL_REASON_MAX) }).success).toBe(false);
  });
});

describe('vendor login', () => {
  it('uses the formal messages of the login form', () => {
    expect(errorsOf(vendorLoginSchema, { email: '', password: '' })).toEqual({
      email: 'Bitte fülle alle Felder aus',
      password: 'Bitte fülle alle Felder aus',
    });
    expect(errorsOf(vendorLoginSchema, { email: 'anna', password: 'x' })).toEqual({
      email: 'Bitte gib eine gültige E-Mail-Adresse ein',
    });
  });
});

describe('contact form', () => {
  const good = {
    name: 'Anna Huber',
    email: 'anna@beispiel.de',
    subject: 'Frage',
    message: 'Hallo!\nWann öffnet ihr?',
  };

  it('gives each field its message', () => {
    expect(errorsOf(contactSchema, {})).toEqual({
      name: 'Bitte gib deinen Namen ein',
      email: 'Bitte gib deine E-Mail-Adresse ein',
      subject: 'Bitte gib einen Betreff ein',
      message: 'Bitte gib deine Nachricht ein',
    });
    expect(errorsOf(contactSchema, { ...good, email: 'anna@' })).toEqual({
      email: 'Bitte gib eine gültige E-Mail-Adresse ein',
    });
    expect(errorsOf(contactSchema, { ...good, phone: 'abc123' })).toEqual({
      phone: 'Bitte gib eine gültige Telefonnummer ein',
    });
  });

  it('keeps line breaks in the message but not in name or subject', () => {
    expect(contactSchema.safeParse(good).success).toBe(true);
    expect(errorsOf(contactSchema, { ...good, subject: 'Hallo\r\nBcc: x@y.de' })).toEqual({
      subject: 'Bitte ohne Zeilenumbrüche eingeben',
    });
    expect(errorsOf(contactSchema, { ...good, name: 'A\nB' })).toEqual({
      name: 'Bitte ohne Zeilenumbrüche eingeben',
    });
    expect(errorsOf(contactSchema, { ...good, email: 'a@b.de\nBcc: c@d.de' })).toEqual({
      email: 'Bitte gib eine gültige E-Mail-Adresse ein',
    });
  });

  it('limits the length of every field', () => {
    expect(errorsOf(contactSchema, { ...good, message: 'x'.repeat(5001) })).toEqual({
      message: 'Bitte höchstens 5000 Zeichen eingeben',
    });
    expect(errorsOf(contactSchema, { ...good, name: 'x'.repeat(101) })).toEqual({
      name: 'Bitte höchstens 100 Zeichen eingeben',
    });
  });

  it('rejects wrong types with the field message', () => {
    expect(errorsOf(contactSchema, { ...good, name: 42 })).toEqual({
      name: 'Bitte gib deinen Namen ein',
    });
  });
});

describe('newsletter', () => {
  it('needs an e-mail address; name and type are optional', () => {
    expect(newsletterSubscribeSchema.parse({ email: 'a@b.de' })).toEqual({
      email: 'a@b.de',
      type: 'customer',
    });
    expect(errorsOf(newsletterSubscribeSchema, {})).toEqual({
      email: 'Bitte gib deine E-Mail-Adresse ein',
    });
    expect(errorsOf(newsletterSubscribeSchema, { email: 'nope' })).toEqual({
      email: 'Bitte gib eine gültige E-Mail-Adresse ein',
    });
    expect(errorsOf(newsletterSubscribeSchema, { email: 'a@b.de', type: 'admin' })).toEqual({
      type: 'Bitte wähle aus, ob du Kundin/Kunde oder Direktvermarkter bist',
    });
  });
});

describe('contest', () => {
  const good = {
    name: 'Anna',
    email: 'anna@beispiel.de',
    guessedVendors: ['Hof Müller', 'Imkerei Bauer', 'Käserei Frank'],
  };

  it('needs name, e-mail and three guesses', () => {
    expect(contestEntrySchema.safeParse(good).success).toBe(true);
    expect(errorsOf(contestEntrySchema, { ...good, guessedVendors: ['a', 'b'] })).toEqual({
      guessedVendors: 'Bitte alle Pflichtfelder ausfüllen',
    });
    expect(errorsOf(contestEntrySchema, { ...good, guessedVendors: ['a', ' ', 'c'] })).toEqual({
      'guessedVendors.1': 'Bitte alle Pflichtfelder ausfüllen',
    });
    expect(errorsOf(contestEntrySchema, { ...good, name: '' })).toEqual({
      name: 'Bitte alle Pflichtfelder ausfüllen',
    });
  });
});

describe('control characters', () => {
  const CONTROL = 'Dieses Feld enthält unzulässige Steuerzeichen.';
  const registration = {
    email: 'anna@beispiel.de',
    password: goodPassword,
    confirmPassword: goodPassword,
    name: 'Anna Huber',
    telefon: '09261 12345',
    unternehmen: 'Hof Huber',
    strasse: 'Dorfstraße',
    hausnummer: '3',
    plz: '96317',
    ort: 'Kronach',
    comments: 'Eier',
    agreeToTerms: true,
    agreeToPrivacy: true,
    packageData: { packageCounts: { 'block-a': 1 }, rentalDuration: 6 },
  };
  const packageData = { packageCounts: { 'block-a': 1 }, rentalDuration: 6 };
  /** [form, schema, a valid value, its single-line text fields, its multi-line text fields] */
  const forms: [string, z.ZodType, Record<string, unknown>, string[], string[]][] = [
    [
      'contact',
      contactSchema,
      { name: 'A', email: 'a@b.de', phone: '0170 1234567', subject: 'S', message: 'M' },
      ['name', 'email', 'phone', 'subject'],
      ['message'],
    ],
    [
      'contest',
      contestEntrySchema,
      { name: 'A', email: 'a@b.de', phone: '0170 1234567', guessedVendors: ['a', 'b', 'c'] },
      ['name', 'email', 'phone'],
      [],
    ],
    [
      'newsletter',
      newsletterSubscribeSchema,
      { email: 'a@b.de', name: 'A' },
      ['email', 'name'],
      [],
    ],
    [
      'registration',
      registrationSchema,
      registration,
      [
        'email',
        'name',
        'telefon',
        'unternehmen',
        'strasse',
        'hausnummer',
        'plz',
        'ort',
        'password',
        'confirmPassword',
      ],
      ['comments'],
    ],
    ['login', vendorLoginSchema, { email: 'a@b.de', password: 'x' }, ['email', 'password'], []],
    [
      'admin login',
      adminLoginSchema,
      { username: 'a', password: 'x' },
      ['username', 'password'],
      [],
    ],
    ['forgot password', forgotPasswordSchema, { email: 'a@b.de' }, ['email'], []],
    [
      'reset password',
      resetPasswordSchema,
      { token: 'a'.repeat(43), password: goodPassword, confirmPassword: goodPassword },
      ['confirmPassword'],
      [],
    ],
    ['cancel', cancelBookingSchema, { reason: 'Umzug' }, [], ['reason']],
    ['additional booking', additionalBookingSchema, { userId: 'a', packageData }, ['userId'], []],
    [
      'directory',
      directoryQuerySchema,
      { search: 'Honig', standorte: 'Kronach', tags: 'honig' },
      ['search', 'standorte', 'tags'],
      [],
    ],
    ['geocode', geocodeQuerySchema, { address: 'Strauer Str. 15, Kronach' }, ['address'], []],
    [
      'settings',
      siteSettingsSchema,
      INITIAL_SITE_SETTINGS,
      ['shopName', 'phone', 'openingHours', 'mapAttribution', 'mapTileUrl'],
      [],
    ],
  ];
  const fields = forms.flatMap(([form, schema, valid, single, multi]) => [
    ...single.map((field) => ({ form, schema, valid, field, multiLine: false })),
    ...multi.map((field) => ({ form, schema, valid, field, multiLine: true })),
  ]);

  it('refuses NUL, tab, escape, DEL and C1 controls in every text field with one German message', () => {
    for (const { form, schema, valid, field } of fields) {
      expect(schema.safeParse(valid).success, `${form}: the valid value`).toBe(true);
      for (const control of ['\u0000', '\t', '\u0008', '\u001b', '\u007f', '\u0085']) {
        const code = control.charCodeAt(0).toString(16);
        expect(
          errorsOf(schema, { ...valid, [field]: `Ab${control}cd@e.de` })[field],
          `${form}.${field} with U+${code}`,
        ).toBe(CONTROL);
      }
    }
  });

  it('allows line breaks (\\n, \\r\\n) only in descriptions, messages, comments and reasons', () => {
    for (const { form, schema, valid, field, multiLine } of fields) {
      for (const text of ['Zeile 1\nZeile 2', 'Zeile 1\r\nZeile 2']) {
        const error = errorsOf(schema, { ...valid, [field]: text })[field];
        if (multiLine) expect(error, `${form}.${field}`).toBeUndefined();
        else expect(error, `${form}.${field}`).toBeDefined();
      }
      // a carriage return on its own is no line break
      const loneCr = errorsOf(schema, { ...valid, [field]: 'Zeile 1\rZeile 2' })[field];
      if (multiLine) expect(loneCr, `${form}.${field}`).toBe(CONTROL);
      else expect(loneCr, `${form}.${field}`).toBeDefined();
    }
    expect(errorsOf(contactSchema, { ...forms[0]![2], subject: 'A\nB' })).toEqual({
      subject: 'Bitte ohne Zeilenumbrüche eingeben',
    });
  });
});
