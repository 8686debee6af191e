import { other } from '../apps/server/src/modules/b/public.ts'; // ✓
// ✗ tools-see-no-tables (a dynamic import)
const { schema } = await import('../apps/server/src/db/schema/index.ts');

export const tool = [other, schema];
