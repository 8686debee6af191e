import { clock } from '@housnkuh/shared/clock';
import type { Executor } from '../../db/client';
import { vendorSessionsOf } from '../accounts/public';
import { bookingRequestsOf } from '../bookings/public';
import { contactRequestsFrom } from '../contact/public';
import { contestEntriesFrom } from '../contest/public';
import { contractRecordsOf } from '../contracts/public';
import { tagNamesOf } from '../directory/public';
import { documentRecordsOf } from '../documents/public';
import { imageUrl } from '../media/public';
import { subscriptionRecordsOf } from '../newsletter/public';
import { productsOfVendor } from '../products/public';
import { salesOfVendor } from '../sales/public';
import { sessionVendor } from '../vendors/public';

/** Columns that are secrets of the system, not data about the person (hashes, tokens). */
const SECRET = /hash|token/i;

function withoutSecrets<T extends Record<string, unknown>>(row: T): Partial<T> {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !SECRET.test(key))) as Partial<T>;
}

/**
 * Everything the system keeps about a producer, as one JSON document (Art. 15
 * and 20 GDPR): account, public profile, business data, bookings, contracts
 * with their units and history, products, sales and documents (invoices, sales statements,
 * cancellations, without the PDFs' bytes), and what was sent from its e-mail address
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
  // each module answers for its own data (docs/decisions/0013)
  const tagRows = await tagNamesOf(db, vendorId);
  const bookings = await bookingRequestsOf(db, vendorId, 'oldest');
  const contracts = await contractRecordsOf(db, vendorId);
  const subscriptions = await subscriptionRecordsOf(db, vendor.email);
  const contacts = await contactRequestsFrom(db, vendor.email);
  const contest = await contestEntriesFrom(db, vendor.email);
  const sessionRows = await vendorSessionsOf(db, vendorId);
  const productRows = await productsOfVendor(db, vendorId);
  // every sale, from the first to the last (no period)
  const sales = await salesOfVendor(db, vendorId, new Date(0), new Date('9999-12-31T00:00:00Z'));
  const documentRows = await documentRecordsOf(db, vendorId);

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
    contracts,
    newsletter: subscriptions.map(withoutSecrets),
    contactRequests: contacts.map(withoutSecrets),
    contestEntries: contest.map(withoutSecrets),
    sessions: sessionRows,
    products: productRows,
    sales,
    documents: documentRows,
  };
}
