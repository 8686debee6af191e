import {
  adminAccountResponseSchema,
  adminAccountsResponseSchema,
  adminVendorQuerySchema,
  adminVendorResponseSchema,
  adminVendorsResponseSchema,
  createAdminSchema,
  demoDataRemovedSchema,
  demoDataResponseSchema,
  passwordLinkSchema,
  updateAdminSchema,
  updateVendorSchema,
} from '@housnkuh/shared/schemas/admin-users';
import { messageResponseSchema } from '@housnkuh/shared/schemas/common';
import { idParamsSchema } from '@housnkuh/shared/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminActorOf } from '../../plugins/auth';
import {
  createAdminAccount,
  listAdmins,
  sendPasswordLink,
  updateAdminAccount,
} from '../accounts/public';
import { demoDataSummary, removeDemoData } from './demo-data.service';
import { listVendors, updateVendor, vendorDetail } from './users.service';

/** /api/admin/users: admins and the producers' accounts (Benutzer). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'admin' } as const;

  app.get(
    '/admin/users/admins',
    { schema: { response: { 200: adminAccountsResponseSchema } }, config: admin },
    async () => ({ success: true as const, admins: await listAdmins(app.db) }),
  );

  app.post(
    '/admin/users/admins',
    {
      schema: { body: createAdminSchema, response: { 200: adminAccountResponseSchema } },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      admin: await createAdminAccount(app.db, adminActorOf(request), request.body),
    }),
  );

  app.patch(
    '/admin/users/admins/:id',
    {
      schema: {
        params: idParamsSchema,
        body: updateAdminSchema,
        response: { 200: adminAccountResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      admin: await updateAdminAccount(
        app.db,
        { ...adminActorOf(request), sessionId: request.auth!.sessionId },
        request.params.id,
        request.body,
      ),
    }),
  );

  app.get(
    '/admin/users/vendors',
    {
      schema: {
        querystring: adminVendorQuerySchema,
        response: { 200: adminVendorsResponseSchema },
      },
      config: admin,
    },
    async (request) => ({ success: true as const, ...(await listVendors(app.db, request.query)) }),
  );

  app.get(
    '/admin/users/vendors/:id',
    {
      schema: { params: idParamsSchema, response: { 200: adminVendorResponseSchema } },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      vendor: await vendorDetail(app.db, request.params.id, (await app.settings.get()).openingDate),
    }),
  );

  app.patch(
    '/admin/users/vendors/:id',
    {
      schema: {
        params: idParamsSchema,
        body: updateVendorSchema,
        response: { 200: adminVendorResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      vendor: await updateVendor(
        app.db,
        adminActorOf(request),
        request.params.id,
        request.body,
        (await app.settings.get()).openingDate,
      ),
    }),
  );

  // A producer without a password gets a link to set one (docs/decisions/0047)
  app.post(
    '/admin/users/vendors/:id/password-link',
    {
      schema: {
        params: idParamsSchema,
        body: passwordLinkSchema,
        response: { 200: messageResponseSchema },
      },
      config: admin,
    },
    async (request) => ({
      success: true as const,
      ...(await sendPasswordLink(app.db, adminActorOf(request), request.params.id, request.body)),
    }),
  );

  // Demo data (docs/product/vendor-lifecycle.md): what "Demo-Daten entfernen" removes, and removing
  // it
  app.get(
    '/admin/demo-data',
    { schema: { response: { 200: demoDataResponseSchema } }, config: admin },
    async () => ({ success: true as const, demoData: await demoDataSummary(app.db) }),
  );

  app.delete(
    '/admin/demo-data',
    { schema: { response: { 200: demoDataRemovedSchema } }, config: admin },
    async (request) => ({
      success: true as const,
      ...(await removeDemoData(app.db, adminActorOf(request))),
    }),
  );
};
