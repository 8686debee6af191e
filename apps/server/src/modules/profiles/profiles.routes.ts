import { idParamsSchema } from '@housnkuh/shared/schemas/params';
import {
  vendorProfileResponseSchema,
  vendorProfileSavedResponseSchema,
} from '@housnkuh/shared/schemas/vendor';
import {
  PROFILE_MESSAGES,
  vendorBusinessResponseSchema,
  vendorBusinessUpdateSchema,
  vendorProfileUpdateSchema,
  vendorTagChoicesResponseSchema,
} from '@housnkuh/shared/schemas/vendor-profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { InvalidError, TooManyAttemptsError } from '../../lib/domain-errors';
import { vendorIdOf } from '../../plugins/auth';
import { tagChoices } from '../directory/public';
import { sessionVendor, vendorBusiness } from '../vendors/public';
import { exportVendorData } from './export.service';
import { removePicture, setPicture, updateBusiness, updateProfile } from './profile.service';
import { vendorProfile } from './vendor-profile.service';

/** Uploads are read whole (10 MB and a little room); larger ones are 413 before any work. */
const UPLOAD_LIMIT = 10 * 1024 * 1024 + 64 * 1024;
const pictureParams = z.object({
  kind: z.enum(['profile', 'banner'], { error: 'Nur „profile“ oder „banner“' }),
});

/**
 * /api/vendor-auth/…: the signed-in producer reads and edits its own profile,
 * pictures and business data, and downloads all its data. Only the session's
 * own vendor: the one id in a path (the profile's, spec §7) must be its own.
 */
/** Pictures one producer may upload per hour (profile picture and banner together, from any address). */
export const PICTURE_UPLOADS_PER_HOUR = 20;

export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = app.config.rateLimits;
  const ctx = async () => ({ db: app.db, settings: await app.settings.get() });
  const savedProfile = async (vendorId: string, message: string) => {
    const context = await ctx();
    const vendor = await sessionVendor(app.db, vendorId);
    return {
      success: true as const,
      message,
      profile: await vendorProfile(context, vendor),
    };
  };

  // a picture arrives as the request body, its type in the Content-Type
  // header (image/jpeg, image/png, image/webp; anything else is refused by
  // the media module with a German message after a look at the bytes)
  app.addContentTypeParser(
    /^(image\/[\w.+-]+|application\/octet-stream)$/,
    { parseAs: 'buffer', bodyLimit: UPLOAD_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/vendor-auth/profile/:id',
    {
      schema: { params: idParamsSchema, response: { 200: vendorProfileResponseSchema } },
      config: { access: { vendorOwns: 'vendor' } },
    },
    async (request) => {
      const vendor = await sessionVendor(app.db, request.params.id);
      return { success: true as const, profile: await vendorProfile(await ctx(), vendor) };
    },
  );

  app.put(
    '/vendor-auth/profile',
    {
      schema: {
        body: vendorProfileUpdateSchema,
        response: { 200: vendorProfileSavedResponseSchema },
      },
      config: { access: 'vendor' },
    },
    async (request) => {
      const vendorId = vendorIdOf(request);
      const { addressChanged } = await updateProfile(await ctx(), vendorId, request.body);
      return savedProfile(
        vendorId,
        addressChanged ? PROFILE_MESSAGES.savedAddress : PROFILE_MESSAGES.saved,
      );
    },
  );

  app.put(
    '/vendor-auth/profile/pictures/:kind',
    {
      bodyLimit: UPLOAD_LIMIT,
      schema: { params: pictureParams, response: { 200: vendorProfileSavedResponseSchema } },
      config: {
        access: 'vendor',
        // per producer, not per address: decoding pictures is the costliest thing a producer can ask for
        rateLimit: {
          max: PICTURE_UPLOADS_PER_HOUR,
          timeWindow: '1 hour',
          keyGenerator: (request) => `picture-upload:${request.auth?.accountId ?? request.ip}`,
          // thrown by the limiter: the errors plugin answers it with the German message
          errorResponseBuilder: (_request, context) =>
            new TooManyAttemptsError(
              PROFILE_MESSAGES.tooManyUploads,
              Math.ceil(context.ttl / 1000),
            ),
        },
      },
    },
    async (request) => {
      const vendorId = vendorIdOf(request);
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
        throw new InvalidError(PROFILE_MESSAGES.imageMissing, [
          { field: 'file', message: PROFILE_MESSAGES.imageMissing },
        ]);
      }
      await setPicture(await ctx(), vendorId, request.params.kind, request.body);
      return savedProfile(vendorId, PROFILE_MESSAGES.imageSaved);
    },
  );

  app.delete(
    '/vendor-auth/profile/pictures/:kind',
    {
      schema: { params: pictureParams, response: { 200: vendorProfileSavedResponseSchema } },
      config: { access: 'vendor' },
    },
    async (request) => {
      const vendorId = vendorIdOf(request);
      await removePicture(await ctx(), vendorId, request.params.kind);
      return savedProfile(vendorId, PROFILE_MESSAGES.imageRemoved);
    },
  );

  app.put(
    '/vendor-auth/business',
    {
      schema: { body: vendorBusinessUpdateSchema, response: { 200: vendorBusinessResponseSchema } },
      config: { access: 'vendor', rateLimit: { max: limits.sensitive, timeWindow: '15 minutes' } },
    },
    async (request) => {
      const vendorId = vendorIdOf(request);
      const { bankChanged } = await updateBusiness(await ctx(), vendorId, request.body);
      const vendor = await sessionVendor(app.db, vendorId);
      return {
        success: true as const,
        message: bankChanged ? PROFILE_MESSAGES.bankChanged : PROFILE_MESSAGES.businessSaved,
        business: vendorBusiness(vendor),
      };
    },
  );

  app.get(
    '/vendor-auth/tags',
    {
      schema: { response: { 200: vendorTagChoicesResponseSchema } },
      config: { access: 'vendor' },
    },
    async () => ({ success: true as const, tags: await tagChoices(app.db) }),
  );

  app.get('/vendor-auth/export', { config: { access: 'vendor' } }, async (request, reply) => {
    const settings = await app.settings.get();
    const data = await exportVendorData(app.db, vendorIdOf(request), settings.shopName);
    const day = data.exportedAt.slice(0, 10);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="meine-daten-${day}.json"`)
      .header('cache-control', 'no-store')
      .send(JSON.stringify(data, null, 2));
  });
};
