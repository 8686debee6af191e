import { ACCOUNT, ERRORS } from '@housnkuh/shared/messages';
import {
  adminCheckResponseSchema,
  adminLoginResponseSchema,
  adminSetupSchema,
  adminSetupStatusResponseSchema,
} from '@housnkuh/shared/schemas/admin-auth';
import { adminLoginSchema } from '@housnkuh/shared/schemas/auth';
import { messageResponseSchema } from '@housnkuh/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UnauthenticatedError } from '../../lib/domain-errors';
import {
  adminLogin,
  adminUser,
  findAdmin,
  setupFirstAdmin,
  setupNeeded,
} from './admin-accounts.service';
import { revokeSession } from './sessions.service';

/** /api/auth: the admins' sign-in (spec §6, §7; docs/product/admin.md). */
export function adminAuthRoutes(setupCode: () => string): FastifyPluginAsyncZod {
  return async (app) => {
    const limits = app.config.rateLimits;

    app.get(
      '/auth/setup',
      {
        schema: { response: { 200: adminSetupStatusResponseSchema } },
        config: { access: 'public' },
      },
      async () => ({ success: true as const, setupNeeded: await setupNeeded(app.db) }),
    );

    app.post(
      '/auth/setup',
      {
        schema: { body: adminSetupSchema, response: { 200: adminLoginResponseSchema } },
        config: { access: 'public', rateLimit: { max: limits.login, timeWindow: '15 minutes' } },
      },
      async (request) => ({
        success: true as const,
        ...(await setupFirstAdmin(app.db, request.body, setupCode())),
      }),
    );

    app.post(
      '/auth/login',
      {
        schema: { body: adminLoginSchema, response: { 200: adminLoginResponseSchema } },
        config: { access: 'public', rateLimit: { max: limits.login, timeWindow: '15 minutes' } },
      },
      async (request) => {
        const { username, password } = request.body;
        return {
          success: true as const,
          ...(await adminLogin(app.db, username.toLowerCase(), password, request.ip)),
        };
      },
    );

    app.get(
      '/auth/check',
      { schema: { response: { 200: adminCheckResponseSchema } }, config: { access: 'admin' } },
      async (request) => {
        const admin = await findAdmin(app.db, request.auth!.accountId);
        if (!admin) throw new UnauthenticatedError(ERRORS.noValidToken);
        return { success: true as const, user: adminUser(admin) };
      },
    );

    app.post(
      '/auth/logout',
      { schema: { response: { 200: messageResponseSchema } }, config: { access: 'admin' } },
      async (request) => {
        await revokeSession(app.db, request.auth!.sessionId);
        return { success: true, message: ACCOUNT.loggedOut };
      },
    );
  };
}
