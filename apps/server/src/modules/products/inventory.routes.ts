// The automated inventory's routes (issue 33; docs/decisions/0059-inventory-and-theft-refund.md):
// the producer records its deliveries, withdrawals and spoilage of its own products; the shop its
// deliveries, refills and spoilage of any, confirms the producers' deliveries and counts. The
// till records sales only (through its sales, never here).
import { idParamsSchema } from '@housnkuh/shared/schemas/params';
import {
  adminStockInputSchema,
  confirmDeliveriesResponseSchema,
  confirmDeliveriesSchema,
  countCorrectionInputSchema,
  countCorrectionResponseSchema,
  countHistoryQuerySchema,
  countHistoryResponseSchema,
  deliveriesQuerySchema,
  deliveriesResponseSchema,
  INVENTORY_MESSAGES,
  inventoryCountInputSchema,
  inventoryCountResponseSchema,
  lowStockResponseSchema,
  RESTOCK_MESSAGES,
  restockMailInputSchema,
  restockMailResponseSchema,
  stockMovementSchema,
  vendorStockInputSchema,
} from '@housnkuh/shared/schemas/inventory';
import {
  adminProductResponseSchema,
  productResponseSchema,
} from '@housnkuh/shared/schemas/products';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActorOf, vendorIdOf } from '../../plugins/auth';
import { restockRecipients, setVendorRestockMail } from '../vendors/public';
import { correctCountLine, countHistory, recordCount } from './counts.service';
import { lowStockOf } from './low-stock.service';
import { adminProduct, ownProduct } from './products.service';
import {
  confirmDeliveries,
  listDeliveries,
  movementView,
  recordMovement,
  vendorRecorder,
} from './stock.service';

/** `{ success, product, movement: { id, … } }` (issue 33) */
const vendorStockResponseSchema = productResponseSchema.extend({ movement: stockMovementSchema });
const adminStockResponseSchema = adminProductResponseSchema.extend({
  movement: stockMovementSchema,
});

export const inventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const vendor = { access: 'vendor' } as const;
  const admin = { access: 'admin' } as const;

  /** The producer's open restock notices (its dashboard) and how it gets them by mail. */
  app.get(
    '/vendor-auth/products/low-stock',
    { schema: { response: { 200: lowStockResponseSchema } }, config: vendor },
    async (request) => {
      const vendorId = vendorIdOf(request);
      const [own] = await restockRecipients(app.db, [vendorId]);
      return {
        success: true as const,
        notices: await lowStockOf(app.db, vendorId),
        restockMail: own?.restockMail === 'daily' ? ('daily' as const) : ('single' as const),
      };
    },
  );

  /** The producer's setting: restock notices as single mails or one summary a day. */
  app.put(
    '/vendor-auth/products/restock-mail',
    {
      schema: { body: restockMailInputSchema, response: { 200: restockMailResponseSchema } },
      config: vendor,
    },
    async (request) => {
      await setVendorRestockMail(app.db, vendorIdOf(request), request.body.mode);
      return {
        success: true as const,
        message: RESTOCK_MESSAGES.saved,
        restockMail: request.body.mode,
      };
    },
  );

  app.post(
    '/vendor-auth/products/:id/stock',
    {
      schema: {
        params: idParamsSchema,
        body: vendorStockInputSchema,
        response: { 200: vendorStockResponseSchema },
      },
      config: vendor,
    },
    async (request) => {
      const vendorId = vendorIdOf(request);
      const { movement } = await recordMovement(
        app.db,
        await vendorRecorder(app.db, vendorId),
        { id: request.params.id, vendorId },
        request.body,
      );
      return {
        success: true as const,
        message: INVENTORY_MESSAGES.recorded,
        product: await ownProduct(app.db, vendorId, request.params.id),
        movement: movementView(movement),
      };
    },
  );

  app.post(
    '/admin/products/:id/stock',
    {
      schema: {
        params: idParamsSchema,
        body: adminStockInputSchema,
        response: { 200: adminStockResponseSchema },
      },
      config: admin,
    },
    async (request) => {
      const actor = adminActorOf(request);
      const { movement } = await recordMovement(
        app.db,
        { kind: 'admin', id: actor.id, name: actor.name },
        { id: request.params.id },
        request.body,
      );
      return {
        success: true as const,
        message: INVENTORY_MESSAGES.recorded,
        product: await adminProduct(app.db, request.params.id),
        movement: movementView(movement),
      };
    },
  );

  app.get(
    '/admin/inventory/deliveries',
    {
      schema: { querystring: deliveriesQuerySchema, response: { 200: deliveriesResponseSchema } },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      deliveries: await listDeliveries(app.db, request.query.state),
    }),
  );

  app.post(
    '/admin/inventory/deliveries/confirm',
    {
      schema: { body: confirmDeliveriesSchema, response: { 200: confirmDeliveriesResponseSchema } },
      config: admin,
    },
    async (request) => {
      const confirmed = await confirmDeliveries(
        app.db,
        adminActorOf(request),
        request.body.movementIds,
      );
      return {
        success: true as const,
        message: INVENTORY_MESSAGES.confirmed(confirmed),
        confirmed,
      };
    },
  );

  app.post(
    '/admin/inventory-counts',
    {
      schema: { body: inventoryCountInputSchema, response: { 200: inventoryCountResponseSchema } },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      message: INVENTORY_MESSAGES.counted,
      count: await recordCount(
        app.db,
        adminActorOf(request),
        request.body,
        (await app.settings.get()).openingDate,
      ),
    }),
  );

  /** The counts, newest first, with each line's figures now (corrected, superseded). */
  app.get(
    '/admin/inventory-counts',
    {
      schema: {
        querystring: countHistoryQuerySchema,
        response: { 200: countHistoryResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      ...(await countHistory(app.db, request.query.page, request.query.limit)),
    }),
  );

  /** A count line corrected by a new count of its product and place, with a reason. */
  app.post(
    '/admin/inventory-counts/lines/:id/correction',
    {
      schema: {
        params: idParamsSchema,
        body: countCorrectionInputSchema,
        response: { 200: countCorrectionResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      message: INVENTORY_MESSAGES.corrected,
      ...(await correctCountLine(app.db, adminActorOf(request), request.params.id, request.body)),
    }),
  );
};
