import { z } from './zod';

/**
 * Path parameters (spec §7). They are taken as text of a bounded length; an
 * id that cannot be one of ours (not a uuid) is answered like an unknown one,
 * "not found", by the route, never a 400 (docs/decisions/0012).
 */
export const idParamsSchema = z.object({ id: z.string().max(100) });
export type IdParams = z.infer<typeof idParamsSchema>;

/** The public profile: any id, however malformed, is "not found" like an unknown one. */
export const publicIdParamsSchema = z.object({ id: z.string() });

/** /…/:vendorId */
export const vendorIdParamsSchema = z.object({ vendorId: z.string().max(100) });

/** A link token in the path (account confirmation); its format is checked by the route. */
export const tokenParamsSchema = z.object({ token: z.string().max(200) });

/** The newsletter's confirmation link (the router limits its length). */
export const newsletterTokenParamsSchema = z.object({ token: z.string() });

/** /api/images/:id/:width — the width may end in .webp. */
export const imageParamsSchema = z.object({
  id: z.string().max(64),
  width: z.string().max(8),
});

/** The format of the link tokens we issue (lib/tokens.ts on the server). */
export const LINK_TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a path parameter can be one of our ids. Anything else is "not
 * found" without asking the database, which would fail on a malformed uuid.
 */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
