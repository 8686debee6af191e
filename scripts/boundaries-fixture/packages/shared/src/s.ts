import { c } from '../../../apps/web/src/components/c'; // ✗ shared-imports-no-app

export const s = c;
