import { schema } from './schema/index'; // ✓ the client hands every table to Drizzle

export const client = { schema };
