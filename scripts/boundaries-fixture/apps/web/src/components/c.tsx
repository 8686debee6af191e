import { thing } from '../features/admin/two/thing'; // ✗ components-lib-not-features-app

export const c = thing;
