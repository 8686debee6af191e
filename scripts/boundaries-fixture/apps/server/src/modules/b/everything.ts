import { schema } from '../../db/schema/index'; // ✗ all-tables-only-for-the-client

export const everything = schema;
