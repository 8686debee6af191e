// The server modules as one node each, for the module cycle rule (`npm run lint`).
// The rules themselves: scripts/boundaries.mjs (tested against a fixture of violations).
import { CRUISE_OPTIONS, MODULE_CYCLE_OPTIONS, MODULE_CYCLE_RULES } from './scripts/boundaries.mjs';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: MODULE_CYCLE_RULES,
  options: {
    ...CRUISE_OPTIONS,
    ...MODULE_CYCLE_OPTIONS,
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
