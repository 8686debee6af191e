import { contestClosedMessage, contestDeadlineText, contestOpen } from '@housnkuh/shared/contest';
import { isoDayInBerlin } from '@housnkuh/shared/format';
import { SERVER, SUCCESS } from '@housnkuh/shared/messages';
import type { ContestEntry } from '@housnkuh/shared/schemas/contest';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { count, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { contestEntries } from './schema';
import { transaction } from '../../db/transaction';
import { ConflictError, ForbiddenError } from '../../lib/domain-errors';
import { enqueueMail } from '../mail/public';
import { contestConfirmationMail } from './mails';

/**
 * Stores one entry per e-mail address and queues the confirmation mail; while
 * the contest is not open (switched off, or after its last day in Kronach:
 * the closing date or the day before the opening, whichever comes first)
 * it refuses with 403 and stores and sends nothing.
 */
export async function submitContestEntry(
  db: Database,
  settings: SiteSettings,
  input: ContestEntry,
  today = isoDayInBerlin(),
): Promise<{ message: string }> {
  if (!contestOpen(settings, today)) {
    throw new ForbiddenError(contestClosedMessage(settings, today));
  }
  try {
    await transaction(db, async (tx) => {
      await tx.insert(contestEntries).values({
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        guesses: input.guessedVendors,
      });
      await enqueueMail(tx, {
        to: input.email,
        kind: 'contest-confirmation',
        ...contestConfirmationMail(settings, {
          name: input.name,
          guesses: input.guessedVendors,
          deadline: contestDeadlineText(settings, today),
        }),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ConflictError(SERVER.contestDuplicate, [
        { field: 'email', message: SERVER.contestDuplicate },
      ]);
    }
    throw error;
  }
  return { message: SUCCESS.contest };
}

/** Every entry sent from this address, as stored (its sender's data export). */
export async function contestEntriesFrom(db: Executor, email: string) {
  return db.select().from(contestEntries).where(eq(contestEntries.email, email));
}

/** How many entries the contest has (the admin's dashboard). */
export async function countContestEntries(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contestEntries);
  return row?.n ?? 0;
}
