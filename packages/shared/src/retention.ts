/**
 * How long data that no one needs any more is kept before the hourly cleanup
 * deletes it (apps/server/src/modules/accounts/account-cleanup.ts). The privacy
 * page states the same periods from here.
 */
export const RETENTION_DAYS = {
  /** Sent mails (kept without their links) and mails that failed for good: days after they were written. */
  mails: 30,
  /** Newsletter sign-ups never confirmed: days after their confirmation link expired. */
  unconfirmedNewsletter: 7,
  /** Producer accounts whose e-mail address was never confirmed: days after registration. */
  unconfirmedAccounts: 30,
} as const;
