import { z } from './zod';
import { PACKAGE_OPTIONS, RENTAL_DURATIONS } from '../catalog';
import { VALIDATION } from '../messages';

const PACKAGE_IDS = new Set(PACKAGE_OPTIONS.map((option) => option.id));

export const DURATION_MESSAGE = 'Bitte wähle eine Mietdauer von 3, 6 oder 12 Monaten';

/**
 * The package sent with a registration or an additional booking (spec §3).
 * Only the choice counts: packageOptions, totalCost and discount are accepted
 * for compatibility but ignored; the server prices the choice from the catalog.
 */
export const packageDataSchema = z
  .object({
    selectedProvisionType: z.enum(['basic', 'premium']).default('premium'),
    packageCounts: z
      .record(z.string().max(40), z.number().int().min(0).max(99), { error: VALIDATION.noArea })
      .refine((counts) => Object.keys(counts).every((id) => PACKAGE_IDS.has(id)), {
        error: 'Unbekannte Verkaufsfläche',
      }),
    packageOptions: z
      .array(z.object({ id: z.string(), name: z.string(), price: z.number() }).loose())
      .max(20)
      .optional(),
    rentalDuration: z
      .number({ error: DURATION_MESSAGE })
      .int({ error: DURATION_MESSAGE })
      .refine((months) => (RENTAL_DURATIONS as readonly number[]).includes(months), {
        error: DURATION_MESSAGE,
      }),
    totalCost: z
      .object({ monthly: z.number(), oneTime: z.number().default(0), provision: z.number() })
      .partial()
      .optional(),
    discount: z.number().min(0).max(1).optional(),
    zusatzleistungen: z
      .object({
        lagerservice: z.boolean().default(false),
        versandservice: z.boolean().default(false),
      })
      .default({ lagerservice: false, versandservice: false }),
  })
  .refine((data) => Object.values(data.packageCounts).some((count) => count > 0), {
    error: VALIDATION.noArea,
    path: ['packageCounts'],
  })
  .refine(
    (data) =>
      data.selectedProvisionType === 'premium' ||
      (!data.zusatzleistungen.lagerservice && !data.zusatzleistungen.versandservice),
    { error: VALIDATION.extraServicesPremiumOnly, path: ['zusatzleistungen'] },
  );
export type PackageDataInput = z.input<typeof packageDataSchema>;
export type PackageData = z.output<typeof packageDataSchema>;

/** POST /api/vendor-auth/additional-booking */
export const additionalBookingSchema = z.object({
  userId: z.string().max(64).optional(),
  packageData: packageDataSchema,
});

/** POST /api/vendor-auth/cancel-trial-booking/{id} */
export const cancelBookingSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(500, { error: VALIDATION.tooLong(500) })
    .optional()
    .transform((value) => (value ? value : undefined)),
});
