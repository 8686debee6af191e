/**
 * Length limits of the forms' fields. The schemas enforce them, and each
 * field takes the same number as its maxLength, so nobody can type more than
 * the server accepts. No zod: pages import it without loading the schemas.
 */

/** RFC 5321's longest address. */
export const EMAIL_MAX = 254;
/** The longest phone number the phone rule accepts (6 to 20 characters, spec §5). */
export const PHONE_MAX = 20;
export const PASSWORD_MAX = 128;

/** /kontakt */
export const CONTACT_LIMITS = { name: 100, subject: 200, message: 5000 } as const;

/** /vendors: the name and each of the three guesses. */
export const CONTEST_LIMITS = { name: 100, guess: 100 } as const;

/** The newsletter box's optional name. */
export const NEWSLETTER_NAME_MAX = 100;

/** The registration modal (comments: spec §3, max 500). */
export const REGISTRATION_LIMITS = {
  name: 100,
  unternehmen: 150,
  strasse: 120,
  hausnummer: 10,
  plz: 5,
  ort: 100,
  comments: 500,
} as const;

/** The reason of a cancelled booking (dashboard). */
export const CANCEL_REASON_MAX = 500;

/** Length limits of the producer's own profile form (vendor area). */
export const PROFILE_LIMITS = {
  slogan: 150,
  beschreibung: 3000,
  url: 300,
  hours: 100,
  tags: 20,
  steuernummer: 20,
  ustIdNr: 14,
  kontoinhaber: 100,
} as const;

/** The largest picture a producer may upload (profile picture, banner). */
export const PICTURE_MAX_BYTES = 10 * 1024 * 1024;
/** The picture types a producer may upload (the server reads the file itself, not its name). */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
