/**
 * User-facing messages of spec §5 and §8, word for word, plus the few this
 * product adds (marked). A few admin and login messages are English, as the
 * spec says.
 */

export const VALIDATION = {
  // Registration (spec §5)
  emailRegistration: 'Bitte gib eine gültige E-Mail-Adresse ein',
  passwordMin: 'Das Passwort muss mindestens 8 Zeichen lang sein',
  passwordUpper: 'Mindestens ein Großbuchstabe erforderlich',
  passwordLower: 'Mindestens ein Kleinbuchstabe erforderlich',
  passwordDigit: 'Mindestens eine Zahl erforderlich',
  passwordSpecial: 'Mindestens ein Sonderzeichen (@$!%*?&) erforderlich',
  /** Added: the spec allows no other characters but gives no message. */
  passwordCharset: 'Erlaubt sind nur Buchstaben ohne Umlaute, Zahlen und die Sonderzeichen @$!%*?&',
  /** Added: upper bound, so no one sends megabytes as a password. */
  passwordMax: 'Das Passwort darf höchstens 128 Zeichen lang sein',
  passwordRequired: 'Bitte gib dein Passwort ein',
  passwordMismatch: 'Die Passwörter stimmen nicht überein',
  nameRequired: 'Bitte gib deinen vollständigen Namen ein',
  addressRequired: 'Bitte fülle alle Adressfelder aus',
  plz: 'Bitte gib eine gültige Postleitzahl ein (5 Ziffern)',
  commentsBlank: 'Wenn du Anmerkungen eingibst, dürfen diese nicht leer sein',
  /** Added: the spec sets the limit but gives no message. */
  commentsMax: 'Deine Anmerkungen dürfen höchstens 500 Zeichen lang sein',
  agreements: 'Bitte stimme den Nutzungsbedingungen und der Datenschutzerklärung zu',
  requiredFields: 'Bitte fülle alle Pflichtfelder aus',
  fixMarkedFields: 'Bitte korrigiere die markierten Felder',
  // Vendor login
  emailLogin: 'Bitte gib eine gültige E-Mail-Adresse ein',
  loginFieldsRequired: 'Bitte fülle alle Felder aus',
  // Contact
  contactName: 'Bitte gib deinen Namen ein',
  contactEmailRequired: 'Bitte gib deine E-Mail-Adresse ein',
  contactEmail: 'Bitte gib eine gültige E-Mail-Adresse ein',
  phone: 'Bitte gib eine gültige Telefonnummer ein',
  contactSubject: 'Bitte gib einen Betreff ein',
  contactMessage: 'Bitte gib deine Nachricht ein',
  // Contest
  contestRequired: 'Bitte alle Pflichtfelder ausfüllen',
  // Added: limits every text field has, and the single-line rule against header injection
  tooLong: (max: number) => `Bitte höchstens ${max} Zeichen eingeben`,
  singleLine: 'Bitte ohne Zeilenumbrüche eingeben',
  // Added: NUL, tab, escape and other invisible control characters are refused in every text field
  controlCharacters: 'Dieses Feld enthält unzulässige Steuerzeichen.',
  // Configurator
  noArea: 'Bitte wähle mindestens eine Verkaufsfläche aus',
  extraServicesPremiumOnly:
    'Zusatzleistungen sind nur mit dem Premium-Provisionsmodell (7 %) verfügbar',
  // Newsletter (added: the spec only says "required and of e-mail type")
  newsletterEmailRequired: 'Bitte gib deine E-Mail-Adresse ein',
  newsletterEmail: 'Bitte gib eine gültige E-Mail-Adresse ein',
  newsletterType: 'Bitte wähle aus, ob du Kundin/Kunde oder Direktvermarkter bist',
} as const;

/** The live checklist of the password field (spec §5). */
export const PASSWORD_RULES = [
  { id: 'length', label: 'Mindestens 8 Zeichen', message: VALIDATION.passwordMin },
  { id: 'upper', label: 'Ein Großbuchstabe', message: VALIDATION.passwordUpper },
  { id: 'lower', label: 'Ein Kleinbuchstabe', message: VALIDATION.passwordLower },
  { id: 'digit', label: 'Eine Zahl', message: VALIDATION.passwordDigit },
  { id: 'special', label: 'Ein Sonderzeichen (@$!%*?&)', message: VALIDATION.passwordSpecial },
] as const;

export const ERRORS = {
  noValidToken: 'Keine gültige Authentifizierung gefunden',
  /** The till's routes (/api/pos/*): a missing, wrong or revoked key. */
  noValidPosKey: 'Kein gültiger Kassenschlüssel. Lege unter Einstellungen → Kasse einen an.',
  clientRateLimit: 'Zu viele Anfragen. Bitte warte einen Moment.',
  trialStatus: 'Fehler beim Abrufen des Probemonat-Status',
  cancelTrial: 'Fehler beim Stornieren der Buchung',
  noResponse: 'Verbindungsfehler. Bitte versuche es später erneut.',
  registrationFallback: 'Ein Fehler ist aufgetreten bei der Registrierung',
  preregistrationFallback: 'Ein Fehler ist aufgetreten bei der Pre-Registrierung',
  registrationModal: 'Ein Fehler ist aufgetreten',
  registrationModalException: 'Ein unbekannter Fehler ist aufgetreten',
  loginFallback: 'Login failed. Please try again.',
  invalidCredentials: 'Invalid credentials or authentication failed',
  checkFallback: 'Authentication check failed',
  logoutFailed: 'Logout failed. Please try again.',
  vendorLoginInvalid: 'Ungültige Anmeldedaten. Bitte prüfe deine E-Mail-Adresse und dein Passwort.',
  vendorLoginError: 'Ein Fehler ist aufgetreten. Bitte versuche es später noch einmal.',
  vendorLoginInvalidDialog: 'Ungültige Anmeldedaten',
  /** Added: registration and the check after step 1 when the address has an account. */
  emailTaken:
    'Diese E-Mail-Adresse ist bereits registriert. Bitte melde dich an oder setze dein Passwort zurück.',
  booking403: 'Authentifizierung fehlgeschlagen. Bitte logge dich erneut ein.',
  booking404: 'Vendor-Account nicht gefunden. Bitte kontaktiere den Support.',
  bookingOther: 'Fehler bei der Buchung. Bitte versuche es später erneut.',
  bookingFailed: 'Booking failed',
  /** Added: the dashboard when the bookings do not load (spec §8 has no text for it). */
  bookingsLoad: 'Deine Buchungen konnten nicht geladen werden.',
  newsletterFallback: 'Ein Fehler ist aufgetreten.',
  newsletterServerError: (status: number) => `Server-Fehler: ${status}`,
  newsletterNoResponse: 'Keine Antwort vom Server erhalten. Ist der Server gestartet?',
  newsletterRequestSetup: 'Fehler beim Senden der Anfrage.',
  newsletterUnknown: 'Ein unbekannter Fehler ist aufgetreten.',
  contact:
    'Beim Senden deiner Nachricht ist ein Fehler aufgetreten. Bitte versuche es später erneut.',
  confirmNoToken: 'Kein Bestätigungstoken gefunden.',
  confirmFallback: 'Ein Fehler ist aufgetreten bei der Bestätigung.',
  confirmNewsletter: 'Fehler bei der Bestätigung der Newsletter-Anmeldung.',
  confirmAccount: 'Fehler bei der Bestätigung des Accounts.',
  confirmNoResponse: 'Verbindungsfehler. Bitte versuche es später erneut.',
  directory: 'Die Direktvermarkter-Daten konnten nicht geladen werden.',
  dataLoad: 'Die Daten konnten nicht geladen werden.',
  profileNoId: 'Keine ID angegeben',
  vendorNotFound: 'Direktvermarkter nicht gefunden.',
  contestUnknown: 'Ein unbekannter Fehler ist aufgetreten',
  contestSubmit: 'Bei der Übermittlung ist ein Fehler aufgetreten',
  faqNoResults:
    'Keine Ergebnisse gefunden. Versuche es mit anderen Suchbegriffen oder wähle eine andere Kategorie.',
} as const;

export const SUCCESS = {
  newsletterSubscribe:
    'Fast geschafft! Bitte bestätige deine Anmeldung über den Link in der E-Mail, die wir dir gerade geschickt haben.',
  newsletterConfirmed: 'Newsletter-Anmeldung erfolgreich bestätigt!',
  accountConfirmed: 'Account erfolgreich bestätigt!',
  /** Added: the spec says the thank-you banner promises a reply soon. */
  contact:
    'Vielen Dank für deine Nachricht! Wir melden uns so schnell wie möglich bei dir – in der Regel innerhalb von 24 Stunden.',
  contest:
    'Vielen Dank für deine Teilnahme! Wir drücken dir die Daumen – wer gewinnt, erfährt es per E-Mail.',
} as const;

/**
 * Messages of the server's error handler (added: the spec shows no server
 * error codes). Bodies are `{ success: false, message, errors? }`.
 */
export const SERVER = {
  badRequest: 'Die Anfrage ist ungültig.',
  uriTooLong: 'Die Adresse ist zu lang.',
  invalidJson: 'Die Anfrage enthält kein gültiges JSON.',
  payloadTooLarge: 'Die Anfrage ist zu groß.',
  unsupportedMediaType: 'Dieses Datenformat wird nicht unterstützt.',
  notFound: 'Diese Adresse gibt es nicht.',
  methodNotAllowed: 'Diese Methode ist hier nicht erlaubt.',
  rateLimited: 'Zu viele Anfragen. Bitte warte einen Moment und versuche es dann erneut.',
  unauthorized: 'Bitte melde dich an.',
  forbidden: 'Dafür fehlt dir die Berechtigung.',
  internal: 'Ein interner Fehler ist aufgetreten. Bitte versuche es später erneut.',
  unavailable: 'Der Dienst ist gerade nicht erreichbar. Bitte versuche es später erneut.',
  contestClosed: 'Der Wettbewerb ist beendet. Eine Teilnahme ist leider nicht mehr möglich.',
  contestDuplicate:
    'Mit dieser E-Mail-Adresse hat bereits jemand teilgenommen. Pro Person ist nur eine Teilnahme möglich.',
  newsletterTokenInvalid:
    'Dieser Bestätigungslink ist ungültig oder abgelaufen. Bitte melde dich erneut zum Newsletter an.',
} as const;

/** The server's answers about producer accounts and their bookings (spec §7). */
export const ACCOUNT = {
  emailTaken: ERRORS.emailTaken,
  registered:
    'Registrierung erfolgreich! Bitte bestätige jetzt deine E-Mail-Adresse über den Link, den wir dir geschickt haben.',
  preregistered:
    'Vor-Registrierung erfolgreich! Bitte bestätige jetzt deine E-Mail-Adresse über den Link, den wir dir geschickt haben.',
  confirmInvalid:
    'Dieser Bestätigungslink ist ungültig. Bitte prüfe, ob du den ganzen Link aus der E-Mail geöffnet hast.',
  confirmExpired:
    'Dieser Bestätigungslink ist abgelaufen. Bitte fordere einen neuen an oder wende dich an uns.',
  confirmed: 'Account erfolgreich bestätigt!',
  alreadyConfirmed: 'Dein Account ist bereits bestätigt. Du kannst dich anmelden.',
  resendSent:
    'Falls zu dieser Adresse ein noch nicht bestätigtes Konto gehört, haben wir einen neuen Bestätigungslink geschickt.',
  accountLocked:
    'Dein Konto ist gesperrt. Bitte wende dich an uns, wenn du wissen möchtest, warum.',
  notConfirmed:
    'Bitte bestätige zuerst deine E-Mail-Adresse. Den Link dazu haben wir dir nach der Registrierung geschickt.',
  tooManyFailures:
    'Zu viele fehlgeschlagene Anmeldeversuche. Bitte warte 15 Minuten oder setze dein Passwort zurück.',
  /**
   * Changed (docs/decisions/0047): true whatever the address, and tells nothing about it;
   * an account without a password gets no mail, so the answer promises none.
   */
  resetRequested:
    'Wenn zu dieser Adresse ein Konto mit Passwort gehört, schicken wir dir einen Link, mit dem du ein neues Passwort festlegst; er ist eine Stunde gültig. Kommt keine E-Mail an, schau in deinen Spam-Ordner oder melde dich bei uns.',
  resetInvalid: 'Dieser Link ist ungültig oder abgelaufen. Bitte fordere einen neuen an.',
  resetDone: 'Dein neues Passwort ist gespeichert. Du kannst dich jetzt anmelden.',
  loggedOut: 'Du bist abgemeldet.',
  bookingReceived:
    'Vielen Dank! Deine Buchung ist eingegangen. Wir melden uns innerhalb von 2 Werktagen bei dir.',
  bookingCancelled: 'Deine Buchung ist storniert.',
  bookingNotCancellable:
    'Diese Buchung kann nicht mehr online storniert werden. Bitte melde dich bei uns.',
  bookingNotFound: 'Diese Buchung gibt es nicht.',
} as const;
