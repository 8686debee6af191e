import { helper } from '../modules/a/a.service'; // ✗ outside-modules-only-through-public
import { tableB } from '../modules/b/schema'; // ✗ module-tables-private-outside-modules
import { other } from '../modules/b/public'; // ✓

export const plugin = [helper, tableB, other];
