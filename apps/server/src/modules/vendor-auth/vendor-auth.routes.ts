import { ERRORS } from '@housnkuh/shared/messages';
import { vendorLoginSchema } from '@housnkuh/shared/schemas/auth';
import { additionalBookingSchema, cancelBookingSchema } from '@housnkuh/shared/schemas/booking';
import { messageResponseSchema } from '@housnkuh/shared/schemas/common';
import {
  preregistrationSchema,
  emailAvailabilityResponseSchema,
  emailAvailabilitySchema,
  registrationResultSchema,
  registrationSchema,
} from '@housnkuh/shared/schemas/registration';
import {
  bookingSchema,
  bookingsResponseSchema,
  forgotPasswordSchema,
  resendConfirmationSchema,
  resetPasswordSchema,
  trialStatusResponseSchema,
  vendorCheckResponseSchema,
  vendorConfirmResponseSchema,
  vendorLoginResponseSchema,
  vendorProfileResponseSchema,
} from '@housnkuh/shared/schemas/vendor';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../plugins/errors';
import { revokeSession } from '../auth/sessions.service';
import {
  addBooking,
  cancelBooking,
  confirmEmail,
  findVendor,
  isEmailAvailable,
  listBookings,
  login,
  pendingBookingOf,
  register,
  requestPasswordReset,
  resendConfirmation,
  resetPassword,
  trialStatusOf,
  vendorUser,
  MESSAGES,
  type VendorContext,
} from './vendor-auth.service';

const idParams = z.object({ id: z.string().max(100) });
const vendorIdParams = z.object({ vendorId: z.string().max(100) });
const tokenParams = z.object({ token: z.string().max(200) });
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/** /api/vendor-auth: registration, confirmation, login, the vendor's own data (spec §7). */
export const vendorAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = async (): Promise<VendorContext> => ({
    db: app.db,
    settings: await app.settings.get(),
    publicUrl: app.config.publicUrl,
  });
  const limits = app.config.rateLimits;

  /** The vendor of the session; 404 when the account is gone. */
  async function currentVendor(request: FastifyRequest) {
    if (request.auth?.kind !== 'vendor') throw new HttpError(401, ERRORS.noValidToken);
    const vendor = await findVendor(app.db, request.auth.accountId);
    if (!vendor) throw new HttpError(404, ERRORS.booking404);
    return vendor;
  }

  /** A vendor may only see its own data; an admin anybody's. */
  function assertOwnOrAdmin(request: FastifyRequest, vendorId: string) {
    if (request.auth?.kind === 'admin') return;
    if (request.auth?.kind !== 'vendor' || request.auth.accountId !== vendorId) {
      throw new HttpError(403, ERRORS.booking403);
    }
  }

  for (const [path, kind, body] of [
    ['/vendor-auth/register', 'registration', registrationSchema],
    // may come without a package (PRODUCT.md)
    ['/vendor-auth/preregister', 'preregistration', preregistrationSchema],
  ] as const) {
    app.post(
      path,
      {
        schema: { body, response: { 200: registrationResultSchema } },
        config: { access: 'public', rateLimit: app.formRateLimit },
      },
      async (request) => {
        const result = await register(await ctx(), request.body, kind);
        app.outbox.kick();
        app.geocodeWorker.kick();
        return { success: true, ...result };
      },
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
        : { success: true as const, available, message: MESSAGES.emailTaken };
    },
  );

  app.get(
    '/vendor-auth/confirm/:token',
    {
      schema: { params: tokenParams, response: { 200: vendorConfirmResponseSchema } },
      config: { access: 'public', rateLimit: { max: limits.sensitive, timeWindow: '15 minutes' } },
    },
    async (request) => {
      if (!TOKEN.test(request.params.token)) {
        throw new HttpError(400, MESSAGES.confirmInvalid);
      }
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
      app.outbox.kick();
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
      const result = await login(
        await ctx(),
        request.body.email,
        request.body.password,
        request.ip,
      );
      return { success: true as const, ...result };
    },
  );

  app.post(
    '/vendor-auth/logout',
    { schema: { response: { 200: messageResponseSchema } }, config: { access: 'vendor' } },
    async (request) => {
      await revokeSession(app.db, request.auth!.sessionId);
      return { success: true, message: 'Du bist abgemeldet.' };
    },
  );

  app.get(
    '/vendor-auth/check',
    { schema: { response: { 200: vendorCheckResponseSchema } }, config: { access: 'vendor' } },
    async (request) => {
      const vendor = await currentVendor(request);
      return { success: true as const, user: await vendorUser(await ctx(), vendor) };
    },
  );

  app.get(
    '/vendor-auth/profile/:id',
    {
      schema: { params: idParams, response: { 200: vendorProfileResponseSchema } },
      config: { access: 'vendor-or-admin' },
    },
    async (request) => {
      assertOwnOrAdmin(request, request.params.id);
      const vendor = await findVendor(app.db, request.params.id);
      if (!vendor) throw new HttpError(404, ERRORS.booking404);
      return {
        success: true as const,
        profile: {
          ...(await vendorUser(await ctx(), vendor)),
          strasse: vendor.strasse,
          hausnummer: vendor.hausnummer,
          plz: vendor.plz,
          ort: vendor.ort,
          slogan: vendor.slogan,
          beschreibung: vendor.beschreibung,
          website: vendor.website,
          verifyStatus: vendor.verifyStatus,
          isPublic: vendor.isPublic,
          pendingBooking: await pendingBookingOf(app.db, vendor.id),
        },
      };
    },
  );

  app.get(
    '/vendor-auth/trial-status',
    { schema: { response: { 200: trialStatusResponseSchema } }, config: { access: 'vendor' } },
    async (request) => {
      const vendor = await currentVendor(request);
      const { trial, message } = await trialStatusOf(await ctx(), vendor.id);
      return { success: true as const, data: trial, message };
    },
  );

  app.get(
    '/vendor-auth/bookings/:vendorId',
    {
      schema: { params: vendorIdParams, response: { 200: bookingsResponseSchema } },
      config: { access: 'vendor-or-admin' },
    },
    async (request) => {
      assertOwnOrAdmin(request, request.params.vendorId);
      const vendor = await findVendor(app.db, request.params.vendorId);
      if (!vendor) throw new HttpError(404, ERRORS.booking404);
      return { success: true as const, bookings: await listBookings(await ctx(), vendor.id) };
    },
  );

  app.post(
    '/vendor-auth/additional-booking',
    {
      schema: {
        body: additionalBookingSchema,
        response: {
          200: messageResponseSchema.extend({ booking: bookingSchema }),
        },
      },
      config: { access: 'vendor', rateLimit: app.formRateLimit },
    },
    async (request) => {
      const vendor = await currentVendor(request);
      if (request.body.userId && request.body.userId !== vendor.id) {
        throw new HttpError(403, ERRORS.booking403);
      }
      const result = await addBooking(await ctx(), vendor, request.body.packageData);
      app.outbox.kick();
      return { success: true, ...result };
    },
  );

  app.post(
    '/vendor-auth/cancel-trial-booking/:id',
    {
      schema: {
        params: idParams,
        body: cancelBookingSchema,
        response: { 200: messageResponseSchema },
      },
      config: { access: 'vendor' },
    },
    async (request) => {
      const vendor = await currentVendor(request);
      const result = await cancelBooking(
        await ctx(),
        vendor,
        request.params.id,
        request.body.reason,
      );
      app.outbox.kick();
      return { success: true, ...result };
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
      app.outbox.kick();
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
};
