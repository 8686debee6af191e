import { z } from './zod';
import { PACKAGE_OPTIONS, RENTAL_DURATIONS, findPackageOption, maxCountMessage } from '../catalog';
import { CANCEL_REASON_MAX } from '../limits';
import { VALIDATION } from '../messages';
import { optionalText, plainText, successResponse } from './common';

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
      .record(plainText(z.string()).max(40), z.number().int().min(0), {
        error: VALIDATION.noArea,
      })
      .refine((counts) => Object.keys(counts).every((id) => PACKAGE_IDS.has(id)), {
        error: 'Unbekannte Verkaufsfläche',
      })
      // each option at most as often as the shop has such units (the catalog's maxCount)
      .superRefine((counts, ctx) => {
        for (const [id, count] of Object.entries(counts)) {
          const option = findPackageOption(id);
          if (option && count > option.maxCount) {
            ctx.addIssue({ code: 'custom', path: [id], message: maxCountMessage(option) });
          }
        }
      }),
    packageOptions: z
      .array(
        z
          .object({
            id: plainText(z.string()).max(40),
            name: plainText(z.string()).max(200),
            price: z.number(),
          })
          .loose(),
      )
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

/**
 * Package data as the API answers it: the shape of spec §3 "Package data",
 * the same names a client sends, filled by the server from the stored
 * booking, which it priced from the catalog (package-data.ts). Money is in
 * euros as the spec's catalog writes it (35 = 35,00 €; this API's own fields,
 * e.g. a booking's `monthlyPrice`, are cents). `discount` is a fraction
 * (0.05 = 5 %), `totalCost.provision` the commission in percent, and an
 * option priced on request carries `priceDisplay: 'auf Anfrage'` (price 0).
 */
export const packageDataAnswerSchema = z.object({
  selectedProvisionType: z.enum(['basic', 'premium']),
  packageCounts: z.record(z.string(), z.number().int()),
  packageOptions: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      price: z.number(),
      priceDisplay: z.string().optional(),
    }),
  ),
  rentalDuration: z.number().int(),
  totalCost: z.object({ monthly: z.number(), oneTime: z.number(), provision: z.number() }),
  discount: z.number(),
  zusatzleistungen: z.object({ lagerservice: z.boolean(), versandservice: z.boolean() }),
});
export type PackageDataAnswer = z.infer<typeof packageDataAnswerSchema>;

/** POST /api/vendor-auth/additional-booking */
export const additionalBookingSchema = z.object({
  userId: plainText(z.string()).max(64).optional(),
  packageData: packageDataSchema,
});

/** POST /api/vendor-auth/cancel-trial-booking/{id} */
export const cancelBookingSchema = z.object({
  reason: optionalText(CANCEL_REASON_MAX),
});

/** GET /api/pricing/availability: free units per catalog type (see availability.ts). */
export const availabilityResponseSchema = successResponse({
  availability: z.array(
    z.object({ optionId: z.string(), total: z.number().int(), free: z.number().int() }),
  ),
});
