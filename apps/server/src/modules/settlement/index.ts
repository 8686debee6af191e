import type { FastifyInstance } from 'fastify';
import { tidyUnsettledLines } from './finalize.service';
import { payoutRoutes } from './payouts.routes';
import { revenueRoutes } from './revenue.routes';
import { settlementRoutes } from './settlement.routes';
import { vendorCountsRoutes } from './vendor-counts.routes';

/** The monthly settlement: drafts, manual lines, finalizing, payouts and open items. */
export async function settlementModule(app: FastifyInstance) {
  await app.register(settlementRoutes, { prefix: '/api' });
  await app.register(revenueRoutes, { prefix: '/api' });
  await app.register(payoutRoutes, { prefix: '/api' });
  await app.register(vendorCountsRoutes, { prefix: '/api' });
  // the dead rows of the unsettled lines left by earlier finalizes (docs/decisions/0056)
  app.addHook('onReady', () => tidyUnsettledLines(app.db));
}
