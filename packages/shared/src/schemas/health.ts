import { z } from './zod';

export const healthResponseSchema = z.object({
  success: z.boolean(),
  /** Only when the database is down: why, for people (the API's error shape). */
  message: z.string().optional(),
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  databaseMode: z.enum(['embedded', 'postgres']),
  version: z.string(),
  uptimeSeconds: z.number(),
  /** The instance's clock (ISO 8601), to spot instances whose clocks disagree. */
  time: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
