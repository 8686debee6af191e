export { helper } from './a.service';
export { tableA } from './schema'; // ✗ public-face-shows-no-tables
export type { TableB } from './types'; // ✓ a type
