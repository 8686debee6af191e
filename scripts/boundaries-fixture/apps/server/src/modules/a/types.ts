import type { tableA } from './schema'; // ✓ a type of its own table

export type TableB = typeof tableA;
