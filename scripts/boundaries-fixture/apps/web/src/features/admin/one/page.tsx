// ✗ feature-not-another-feature: climbs one level further and comes back down through features/
import { thing } from '../../../features/admin/two/thing';
import { router } from '../../../app/router'; // ✗ feature-not-app
import { c } from '../../../components/c'; // ✓

export const page = [thing, router, c];
