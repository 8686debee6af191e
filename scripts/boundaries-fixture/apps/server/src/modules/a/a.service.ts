import { other } from '../b/public'; // ✓ another module's public face
import { tableB } from '../b/schema'; // ✗ module-tables-private

export const helper = () => [other, tableB];
// ✗ module-only-through-public (a dynamic import of another module's insides)
export const later = () => import('../b/b.service');
