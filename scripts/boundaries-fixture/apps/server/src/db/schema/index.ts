import { tableB } from '../../modules/b/schema'; // ✓ the index gathers every module's tables

export const schema = { tableB };
