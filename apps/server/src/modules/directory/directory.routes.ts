import {
  directoryQuerySchema,
  directoryResponseSchema,
  publicProfileResponseSchema,
} from '@housnkuh/shared/schemas/directory';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicIdParamsSchema } from '@housnkuh/shared/schemas/params';
import type { DirectoryResponse } from '@housnkuh/shared/schemas/directory';
import type { Cached } from '../../lib/cache';
import { InvalidError, NotFoundError } from '../../lib/domain-errors';
import { DIRECTORY_MESSAGES, findPublicVendor, listDirectory } from './directory.service';

const QUERY_KEYS = new Set(Object.keys(directoryQuerySchema.shape));

/**
 * The query string as the schema expects it: each known parameter once, as
 * text. A parameter given twice is a 400, unknown ones are ignored.
 */
function parseDirectoryQuery(raw: unknown) {
  const input: Record<string, string> = {};
  for (const [key, value] of Object.entries((raw ?? {}) as Record<string, unknown>)) {
    if (!QUERY_KEYS.has(key)) continue;
    if (typeof value !== 'string') {
      throw new InvalidError(`Der Parameter „${key}“ darf nur einmal angegeben werden.`);
    }
    input[key] = value;
  }
  const parsed = directoryQuerySchema.safeParse(input);
  if (!parsed.success) {
    throw new InvalidError(parsed.error.issues[0]?.message ?? 'Ungültige Anfrage.');
  }
  return parsed.data;
}

/** The public directory (spec §7): only listed vendors and only their public fields. */
export const directoryRoutes: FastifyPluginAsyncZod<{
  filters: Cached<DirectoryResponse['availableFilters']>;
}> = async (app, { filters }) => {
  app.get(
    '/vendor-auth/public/profiles',
    {
      schema: { response: { 200: directoryResponseSchema } },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const query = parseDirectoryQuery(request.query);
      const settings = await app.settings.get();
      reply.header('cache-control', 'public, max-age=30');
      return listDirectory(app.db, query, settings, {
        filters: () => filters.get(),
        countCap: app.config.directoryCountCap,
      });
    },
  );

  app.get(
    '/vendor-auth/public/profile/:id',
    {
      schema: {
        // any id: a malformed one is "not found" like an unknown one (decision 0012)
        params: publicIdParamsSchema,
        response: { 200: publicProfileResponseSchema },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const vendor = await findPublicVendor(app.db, request.params.id);
      if (!vendor) throw new NotFoundError(DIRECTORY_MESSAGES.notFound);
      reply.header('cache-control', 'public, max-age=30');
      return { success: true as const, message: DIRECTORY_MESSAGES.found, vendor };
    },
  );
};
