// Deletion with retention (docs/decisions/0092): the producer asks for its account's deletion,
// it is carried out once nothing is open between the shop and the producer, what the tax law
// keeps stays locked until its end, and the admin removes it after that.
import { formatIsoDay } from '../format';
import { VALIDATION } from '../messages';
import { PASSWORD_MAX } from '../limits';
import { plainText } from './common';
import { isoDay } from './settings';
import { z } from './zod';

export const DELETION_MESSAGES = {
  requested:
    'Deine Löschung ist vorgemerkt. Sobald nichts mehr offen ist, wird sie ausgeführt; du bekommst dann eine Bestätigung per E-Mail.',
  withdrawn: 'Deine Löschung ist zurückgenommen. Dein Konto bleibt bestehen.',
  notRequested: 'Du hast keine Löschung beantragt.',
  alreadyRequested: 'Deine Löschung ist schon vorgemerkt.',
  doneKept: (until: string) =>
    `Dein Konto ist gelöscht. Rechnungen, Verkaufsabrechnungen und die Verkäufe, auf denen sie beruhen, bewahren wir wie gesetzlich vorgeschrieben bis zum ${formatIsoDay(until)} auf, gesperrt; danach werden auch sie entfernt.`,
  doneNothingKept: 'Dein Konto ist gelöscht. Es gab nichts, was wir aufbewahren müssen.',
  // the reasons a request waits, one sentence each
  contractRunning: (number: string, endDate: string | null) =>
    endDate
      ? `Dein Vertrag ${number} läuft noch bis zum ${formatIsoDay(endDate)}.`
      : `Dein Vertrag ${number} läuft noch; kündige ihn zuerst.`,
  contractScheduled: (number: string, startDate: string) =>
    `Dein Vertrag ${number} beginnt erst am ${formatIsoDay(startDate)}; kündige ihn zuerst.`,
  monthOpen: (month: string) => `Der Monat ${month} ist noch nicht abgerechnet.`,
  salesOpen: 'Es gibt Verkäufe, die noch nicht abgerechnet sind.',
  payoutPending: (month: string) => `Die Auszahlung für ${month} ist noch nicht überwiesen.`,
  payoutReturned: (month: string) =>
    `Die Auszahlung für ${month} kam zurück und ist noch nicht neu überwiesen.`,
  openItem: (amount: string, month: string) =>
    `Ein offener Betrag von ${amount} aus ${month} ist noch nicht beglichen.`,
  // the admin's side
  deletedAccount: 'Dieses Konto ist gelöscht.',
  deletedVendor: (until: string) =>
    `Dieser Direktvermarkter hat sein Konto gelöscht. Seine Belege und Verkäufe sind bis zum ${formatIsoDay(until)} aufbewahrt (Benutzer → Gelöschte Konten).`,
  documentsLocked:
    'Dieser Direktvermarkter hat sein Konto gelöscht: Seine Belege bleiben, wie sie ausgestellt sind, und werden nicht mehr storniert.',
  notDeleted: 'Dieses Konto ist nicht gelöscht.',
  notDue: (until: string) =>
    `Die Aufbewahrungsfrist läuft noch bis zum ${formatIsoDay(until)}; vorher wird nichts entfernt.`,
  removed: (label: string) => `Die aufbewahrten Daten von ${label} sind entfernt.`,
} as const;

/** POST /api/vendor-auth/deletion: the producer confirms with its password. */
export const deletionRequestSchema = z.strictObject({
  password: plainText(z.string({ error: VALIDATION.passwordRequired }))
    .min(1, { error: VALIDATION.passwordRequired })
    .max(PASSWORD_MAX, { error: VALIDATION.passwordMax }),
});
export type DeletionRequest = z.infer<typeof deletionRequestSchema>;

/** GET /api/vendor-auth/deletion: whether a deletion is asked for, and what it waits for. */
export const deletionStatusSchema = z.object({
  requestedAt: z.string().nullable(),
  /** What keeps the deletion from being carried out now, in German; empty: nothing. */
  blockers: z.array(z.string()),
});
export type DeletionStatus = z.infer<typeof deletionStatusSchema>;

/** POST /api/vendor-auth/deletion's answer: carried out at once, or waiting (with why). */
export const deletionAnswerSchema = deletionStatusSchema.extend({
  success: z.boolean(),
  message: z.string(),
  carriedOut: z.boolean(),
  /** The last day the retained records are kept (null: nothing kept, or not carried out). */
  retainedUntil: isoDay.nullable(),
});
export type DeletionAnswer = z.infer<typeof deletionAnswerSchema>;

/** A deleted producer as the admin sees it (GET /api/admin/retention). */
export const retainedVendorSchema = z.object({
  id: z.string(),
  /** Name, and the company where there is one, as the documents name them. */
  label: z.string(),
  deletedAt: z.string(),
  retainedUntil: isoDay,
  /** The retention has passed: the admin may remove it. */
  due: z.boolean(),
  documents: z.number().int(),
});
export type RetainedVendor = z.infer<typeof retainedVendorSchema>;

export const vendorRemovalSchema = z.object({
  id: z.string(),
  vendorId: z.string(),
  kind: z.enum(['immediate', 'after-retention']),
  retainedUntil: isoDay.nullable(),
  rows: z.record(z.string(), z.number().int()),
  removedBy: z.string(),
  removedAt: z.string(),
});
export type VendorRemoval = z.infer<typeof vendorRemovalSchema>;

export const retentionOverviewSchema = z.object({
  retained: z.array(retainedVendorSchema),
  removals: z.array(vendorRemovalSchema),
});
export type RetentionOverview = z.infer<typeof retentionOverviewSchema>;

/** Rows of a removal, as the admin reads them. */
export const REMOVAL_ROW_LABELS: Record<string, string> = {
  documents: 'Belege',
  salesLines: 'Verkaufszeilen',
  settlementItems: 'Abrechnungen',
  manualLines: 'manuelle Positionen',
  payouts: 'Auszahlungen',
  openItems: 'offene Posten',
  contracts: 'Verträge',
  products: 'Produkte',
  settledLines: 'abgerechnete Zeilen',
  vendor: 'Konto',
};
