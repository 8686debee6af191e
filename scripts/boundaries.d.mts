// The types of scripts/boundaries.mjs (for scripts/boundaries.test.ts and the typecheck).
import type { ICruiseOptions, IForbiddenRuleType } from 'dependency-cruiser';

export const BOUNDARY_RULES: IForbiddenRuleType[];
export const MODULE_CYCLE_RULES: IForbiddenRuleType[];
export const MODULE_CYCLE_OPTIONS: ICruiseOptions;
export const CRUISE_OPTIONS: ICruiseOptions;
