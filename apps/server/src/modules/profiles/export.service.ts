import { clock } from '@housnkuh/shared/clock';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions } from '../../db/schema/accounts';
import { contactRequests } from '../../db/schema/contact';
import { contestEntries } from '../../db/schema/contest';
import { newsletterConsents, newsletterSubscribers } from '../../db/schema/newsletter';
import {
  bookingRequests,
  contractEvents,
  contractNotices,
  contracts,
  contractUnits,
  rentalUnits,
  tags,
  vendorTags,
} from '../../db/schema/vendors';
import { imageUrl } from '../media/public';
import { sessionVendor } from '../vendors/public';

/** Columns that are secrets of the system, not data about the person (hashes, tokens). */
const SECRET = /hash|token/i;

function withoutSecrets<T extends Record<string, unknown>>(row: T): Partial<T> {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !SECRET.test(key))) as Partial<T>;
}

/**
 * Everything the system keeps about a producer, as one JSON document (Art. 15
 * and 20 GDPR): account, public profile, business data, bookings, contracts
 * with their units and history, and what was sent from its e-mail address
 * (newsletter, contact requests, contest). Password and token hashes are left
 * out: they are no data about the person, only locks of the system.
 */
export async function exportVendorData(db: Executor, vendorId: string, shopName: string) {
  const vendor = await sessionVendor(db, vendorId);
  const {
    passwordHash: _password,
    searchText: _search,
    nameKey: _nameKey,
    companyKey: _companyKey,
    ...account
  } = vendor;
  const tagRows = await db
    .select({ name: tags.name, slug: tags.slug })
    .from(vendorTags)
    .innerJoin(tags, eq(tags.id, vendorTags.tagId))
    .where(eq(vendorTags.vendorId, vendorId))
    .orderBy(asc(tags.name));
  const bookings = await db
    .select()
    .from(bookingRequests)
    .where(eq(bookingRequests.vendorId, vendorId))
    .orderBy(asc(bookingRequests.createdAt));
  const contractRows = await db
    .select()
    .from(contracts)
    .where(eq(contracts.vendorId, vendorId))
    .orderBy(asc(contracts.createdAt));
  const ids = contractRows.map((contract) => contract.id);
  const [units, events, notices] = ids.length
    ? await Promise.all([
        db
          .select({
            contractId: contractUnits.contractId,
            name: rentalUnits.name,
            optionId: rentalUnits.optionId,
            priceCents: contractUnits.priceCents,
            fromDate: contractUnits.fromDate,
            toDate: contractUnits.toDate,
          })
          .from(contractUnits)
          .innerJoin(rentalUnits, eq(rentalUnits.id, contractUnits.rentalUnitId))
          .where(inArray(contractUnits.contractId, ids)),
        db
          .select()
          .from(contractEvents)
          .where(inArray(contractEvents.contractId, ids))
          .orderBy(asc(contractEvents.id)),
        db.select().from(contractNotices).where(inArray(contractNotices.contractId, ids)),
      ])
    : [[], [], []];
  const subscribers = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, vendor.email));
  const consents = subscribers.length
    ? await db
        .select()
        .from(newsletterConsents)
        .where(
          inArray(
            newsletterConsents.subscriberId,
            subscribers.map((s) => s.id),
          ),
        )
    : [];
  const contacts = await db
    .select()
    .from(contactRequests)
    .where(eq(contactRequests.email, vendor.email));
  const contest = await db
    .select()
    .from(contestEntries)
    .where(eq(contestEntries.email, vendor.email));
  const sessionRows = await db
    .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.kind, 'vendor'), eq(sessions.accountId, vendorId)));

  return {
    exportedAt: clock.now().toISOString(),
    shop: shopName,
    note: 'Alle Daten, die wir zu deinem Konto gespeichert haben (Art. 15 und 20 DSGVO). Passwörter speichern wir nur als nicht umkehrbaren Hash; er ist nicht enthalten.',
    account,
    pictures: {
      profilBild: imageUrl(vendor.profileImageId, 'profile'),
      bannerBild: imageUrl(vendor.bannerImageId, 'banner'),
    },
    categories: tagRows,
    bookings,
    contracts: contractRows.map((contract) => ({
      ...contract,
      units: units.filter((unit) => unit.contractId === contract.id),
      history: events.filter((event) => event.contractId === contract.id),
      remindersSent: notices.filter((notice) => notice.contractId === contract.id),
    })),
    newsletter: subscribers.map((subscriber) => ({
      ...withoutSecrets(subscriber),
      consents: consents.filter((consent) => consent.subscriberId === subscriber.id),
    })),
    contactRequests: contacts.map(withoutSecrets),
    contestEntries: contest.map(withoutSecrets),
    sessions: sessionRows,
  };
}
