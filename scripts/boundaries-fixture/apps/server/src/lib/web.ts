import { l } from '../../../web/src/lib/l'; // ✗ apps-apart

export const web = l;
