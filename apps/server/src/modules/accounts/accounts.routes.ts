import { ACCOUNT } from '@housnkuh/shared/messages';
import { vendorLoginSchema } from '@housnkuh/shared/schemas/auth';
import { messageResponseSchema } from '@housnkuh/shared/schemas/common';
import { LINK_TOKEN, tokenParamsSchema } from '@housnkuh/shared/schemas/params';
import { vendorPasswordChangeSchema } from '@housnkuh/shared/schemas/vendor-profile';
import {
  emailAvailabilityResponseSchema,
  emailAvailabilitySchema,
  preregistrationSchema,
  registrationResultSchema,
  registrationSchema,
} from '@housnkuh/shared/schemas/registration';
import {
  forgotPasswordSchema,
  resendConfirmationSchema,
  resetPasswordSchema,
  trialStatusResponseSchema,
  vendorCheckResponseSchema,
  vendorConfirmResponseSchema,
  vendorLoginResponseSchema,
} from '@housnkuh/shared/schemas/vendor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InvalidError } from '../../lib/domain-errors';
import { vendorIdOf } from '../../plugins/auth';
import { sessionVendor } from '../vendors/public';
import { login } from './login.service';
import { changePassword, requestPasswordReset, resetPassword } from './password-reset.service';
import {
  confirmEmail,
  isEmailAvailable,
  register,
  resendConfirmation,
  type AccountContext,
} from './registration.service';
import { revokeSession } from './sessions.service';
import { trialStatusOf, vendorUser } from './vendor-user.service';

/** /api/vendor-auth: registration, confirmation, login and logout, password reset (spec §7). */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = async (): Promise<AccountContext> => ({
    db: app.db,
    settings: await app.settings.get(),
  });
  const limits = app.config.rateLimits;

  for (const [path, kind, body] of [
    ['/vendor-auth/register', 'registration', registrationSchema],
    // may come without a package (docs/product/vendor-lifecycle.md)
    ['/vendor-auth/preregister', 'preregistration', preregistrationSchema],
  ] as const) {
    app.post(
      path,
      {
        schema: { body, response: { 200: registrationResultSchema } },
        config: { access: 'public', rateLimit: app.formRateLimit },
      },
      async (request) => ({ success: true, ...(await register(await ctx(), request.body, kind)) }),
    );
  }

  app.post(
    '/vendor-auth/email-available',
    {
      schema: { body: emailAvailabilitySchema, response: { 200: emailAvailabilityResponseSchema } },
      config: { access: 'public', rateLimit: app.formRateLimit },
    },
    async (request) => {
      const available = await isEmailAvailable(app.db, request.body.email);
      return available
        ? { success: true as const, available }
        : { success: true as const, available, message: ACCOUNT.emailTaken };
    },
  );

  app.get(
    '/vendor-auth/confirm/:token',
    {
      schema: { params: tokenParamsSchema, response: { 200: vendorConfirmResponseSchema } },
      config: { access: 'public', rateLimit: { max: limits.sensitive, timeWindow: '15 minutes' } },
    },
    async (request) => {
      if (!LINK_TOKEN.test(request.params.token)) throw new InvalidError(ACCOUNT.confirmInvalid);
      return { success: true as const, ...(await confirmEmail(await ctx(), request.params.token)) };
    },
  );

  app.post(
    '/vendor-auth/resend-confirmation',
    {
      schema: { body: resendConfirmationSchema, response: { 200: messageResponseSchema } },
      config: { access: 'public', rateLimit: { max: limits.sensitive, timeWindow: '1 hour' } },
    },
    async (request) => {
      const result = await resendConfirmation(await ctx(), request.body.email);
      return { success: true, message: result.message };
    },
  );

  app.post(
    '/vendor-auth/login',
    {
      schema: { body: vendorLoginSchema, response: { 200: vendorLoginResponseSchema } },
      config: { access: 'public', rateLimit: { max: limits.login, timeWindow: '15 minutes' } },
    },
    async (request) => {
      const { email, password } = request.body;
      return { success: true as const, ...(await login(await ctx(), email, password, request.ip)) };
    },
  );

  app.post(
    '/vendor-auth/logout',
    { schema: { response: { 200: messageResponseSchema } }, config: { access: 'vendor' } },
    async (request) => {
      await revokeSession(app.db, request.auth!.sessionId);
      return { success: true, message: ACCOUNT.loggedOut };
    },
  );

  app.get(
    '/vendor-auth/check',
    { schema: { response: { 200: vendorCheckResponseSchema } }, config: { access: 'vendor' } },
    async (request) => {
      const vendor = await sessionVendor(app.db, vendorIdOf(request));
      return { success: true as const, user: await vendorUser(await ctx(), vendor) };
    },
  );

  app.get(
    '/vendor-auth/trial-status',
    { schema: { response: { 200: trialStatusResponseSchema } }, config: { access: 'vendor' } },
    async (request) => {
      const vendor = await sessionVendor(app.db, vendorIdOf(request));
      const { trial, message } = await trialStatusOf(await ctx(), vendor.id);
      return { success: true as const, data: trial, message };
    },
  );

  app.post(
    '/vendor-auth/forgot-password',
    {
      schema: { body: forgotPasswordSchema, response: { 200: messageResponseSchema } },
      config: { access: 'public', rateLimit: { max: limits.sensitive, timeWindow: '1 hour' } },
    },
    async (request) => {
      const result = await requestPasswordReset(await ctx(), request.body.email);
      return { success: true, message: result.message };
    },
  );

  app.post(
    '/vendor-auth/reset-password',
    {
      schema: { body: resetPasswordSchema, response: { 200: messageResponseSchema } },
      config: { access: 'public', rateLimit: { max: limits.sensitive, timeWindow: '1 hour' } },
    },
    async (request) => {
      const result = await resetPassword(await ctx(), request.body.token, request.body.password);
      return { success: true, ...result };
    },
  );

  app.post(
    '/vendor-auth/password',
    {
      schema: { body: vendorPasswordChangeSchema, response: { 200: messageResponseSchema } },
      config: { access: 'vendor', rateLimit: { max: limits.sensitive, timeWindow: '15 minutes' } },
    },
    async (request) => {
      const { currentPassword, newPassword } = request.body;
      const result = await changePassword(
        await ctx(),
        vendorIdOf(request),
        request.auth!.sessionId,
        currentPassword,
        newPassword,
      );
      return { success: true, ...result };
    },
  );
};
