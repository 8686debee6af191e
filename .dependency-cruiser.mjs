// The import rules of the house, checked by `npm run lint` (npm run boundaries).
// The rules themselves: scripts/boundaries.mjs (tested against a fixture of violations).
import { BOUNDARY_RULES, CRUISE_OPTIONS } from './scripts/boundaries.mjs';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: BOUNDARY_RULES,
  options: {
    ...CRUISE_OPTIONS,
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
