import { other } from '../apps/server/src/modules/b/public'; // ✓ the owner's function
import { other as inside } from '../apps/server/src/modules/b/b.service'; // ✗ tools-only-through-public
import { tableB } from '../apps/server/src/modules/b/schema'; // ✗ tools-see-no-tables

export const seeded = [other, inside, tableB];
