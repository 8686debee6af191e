// The inventory tests' shop (issue 33; docs/product/inventory.md): the app opened on 01.07.2026
// with the admin Eva signed in and a till key, producers with a running contract of a model and
// a honey jar, the till's sales. One place for what inventory, producer-stock, inventory-counts
// and restock tests all need; each test file calls `inventoryShop` once at its top.
import { clock } from '@housnkuh/shared/clock';
import { inStoreEan } from '@housnkuh/shared/ean';
import { berlinInstant } from '@housnkuh/shared/format';
import { priceSelection } from '@housnkuh/shared/pricing';
import type { SmtpCatcher } from '@housnkuh/test-support/smtp-catcher';
import { TEST_PASSWORD } from '@housnkuh/test-support/registration';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { createSession } from '../src/modules/accounts/sessions.service';
import { createRunningContract, rentalUnitsByName } from '../src/modules/contracts/public';
import { vendors } from '../src/modules/vendors/schema';
import {
  appWithSmtp,
  createTestApp,
  enterBillingData,
  GENEROUS_RATE_LIMITS,
  signedInAdmin,
  type TestApp,
} from './helpers';
import { producer, product } from './sales-fixtures';

/** The contract's model: 'storage' is the Premium model with the storage service (Lagerservice). */
export type Model = 'basic' | 'premium' | 'storage';

export interface ShopProducer {
  vendorId: string;
  productId: string;
  ean: string;
  token: string;
  name: string;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * Registers the hooks that start the app (with an SMTP catcher when `smtp`), open the shop on
 * 01.07.2026, sign the admin in and create a till key; answers the shop to use inside tests.
 * EANs are numbered from `eanStart`, so files never share one.
 */
export function inventoryShop(options: { eanStart: number; smtp?: boolean }) {
  let started: TestApp | undefined;
  let catcher: SmtpCatcher | undefined;
  if (options.smtp) {
    const made = appWithSmtp({ config: { rateLimits: GENEROUS_RATE_LIMITS } });
    started = made.t;
    catcher = made.smtp;
  }
  let eanCounter = options.eanStart;
  let unitIndex = 0;
  /** Producers whose sessions `at` renews. */
  const producers: { vendorId: string; token: string }[] = [];

  const shop = {
    /** The producers made so far, their sessions renewed by `at`. */
    producers,
    adminToken: '',
    till: '',
    get t(): TestApp {
      if (!started) throw new Error('the test app is not started yet (use it inside a test)');
      return started;
    },
    get smtp(): SmtpCatcher {
      if (!catcher) throw new Error('this shop has no SMTP catcher');
      return catcher;
    },
    nextEan: () => inStoreEan((eanCounter += 1)),

    call(token: string | null, method: Method, url: string, body?: unknown) {
      return shop.t.app.inject({
        method,
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(body === undefined ? {} : { payload: body as object }),
      });
    },

    /** The clock to a day and time; fresh sessions (they expire as the clock jumps). */
    async at(day: string, time = '10:00') {
      clock.set(berlinInstant(day, time));
      const login = await shop.t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'eva', password: TEST_PASSWORD },
      });
      shop.adminToken = login.json().token as string;
      for (const p of producers)
        p.token = (await createSession(shop.t.database.db, 'vendor', p.vendorId)).token;
    },

    /**
     * The shop's billing data and owner as a finalize needs them (tax number, IBAN, the owner's
     * name, a real phone), settling from `abrechnungAb` on.
     */
    async readyToSettle(abrechnungAb = '2026-10') {
      await enterBillingData(shop.t.app, shop.adminToken, {
        abrechnungAb,
        kontoinhaber: 'housnkuh Eva Muster',
      });
      const current = await shop.t.app.settings.get();
      await shop.t.app.settings.update({
        phone: '09261 123456',
        legal: { ...current.legal, ownerName: 'Eva Muster' },
      });
    },

    /** The till delivers one receipt of one line. */
    sell(receiptId: string, ean: string, quantity: number, time: string) {
      return shop.call(shop.till, 'POST', '/api/pos/sales', {
        receipts: [
          {
            id: receiptId,
            time,
            lines: [
              {
                position: 1,
                ean,
                name: 'Waldhonig',
                quantity,
                unitPriceGrossCents: 600,
                vatRate: 7,
              },
            ],
          },
        ],
      });
    },

    /**
     * A signed-in producer with a contract of this model running since 01.09.2026 (registered
     * 01.08.) and, unless `product: false`, a honey jar ("Waldhonig 500 g", 6,00 €).
     */
    async producerWith(
      model: Model,
      more: {
        name?: string;
        /** The firm's name too, and a bank account (for a payout). */
        firm?: boolean;
        unit?: string;
        priceCents?: number;
        product?: boolean;
      } = {},
    ): Promise<ShopProducer> {
      const db = shop.t.database.db;
      const name = more.name ?? `Imkerei ${model} ${randomUUID().slice(0, 4)}`;
      const vendorId = await producer(db, more.firm ? { name, unternehmen: name } : { name });
      if (more.firm)
        await db
          .update(vendors)
          .set({ iban: 'DE02120300000000202051', kontoinhaber: name })
          .where(eq(vendors.id, vendorId));
      const units = [...(await rentalUnitsByName(db)).values()];
      const rented = units[unitIndex++ % units.length]!;
      await createRunningContract(
        db,
        {
          vendorId,
          pkg: priceSelection({
            provisionType: model === 'basic' ? 'basic' : 'premium',
            packageCounts: { [rented.optionId]: 1 },
            rentalDuration: 6,
            zusatzleistungen: { lagerservice: model === 'storage', versandservice: false },
          }),
          units: [rented],
          startDate: '2026-09-01',
          registered: new Date('2026-08-01T10:00:00Z'),
          openingDate: '2026-07-01',
        },
        '2026-10-01',
      );
      let ean = '';
      let productId = '';
      if (more.product !== false) {
        ean = shop.nextEan();
        productId = await product(db, vendorId, {
          name: 'Waldhonig 500 g',
          ean,
          priceCents: more.priceCents ?? 600,
          unit: more.unit ?? 'Glas',
        });
      }
      const { token } = await createSession(db, 'vendor', vendorId);
      const made = { vendorId, productId, ean, token, name };
      producers.push(made);
      return made;
    },
  };

  beforeAll(async () => {
    started ??= await createTestApp({ config: { rateLimits: GENEROUS_RATE_LIMITS } });
    await shop.t.app.settings.update({ openingDate: '2026-07-01' });
    shop.adminToken = await signedInAdmin(shop.t);
    const key = await shop.call(shop.adminToken, 'POST', '/api/admin/pos-keys', { name: 'Kasse' });
    shop.till = key.json().secret as string;
  });
  afterAll(async () => {
    // the SMTP variant closes its own app
    if (!options.smtp) await started?.close();
  });
  return shop;
}
