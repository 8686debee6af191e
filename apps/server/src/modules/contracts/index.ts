import type { FastifyInstance } from 'fastify';
import { ContractLifecycleWorker } from './lifecycle.service';
import { mietfaecherRoutes } from './mietfaecher.routes';
import { vendorContractsRoutes } from './vendor-contracts.routes';
import { vertraegeRoutes } from './vertraege.routes';

/** Contracts: the shop floor (Mietfächer) and the contracts that hold its units. */
export async function contractsModule(app: FastifyInstance) {
  app.jobs.add(
    'lifecycle',
    new ContractLifecycleWorker(app.db, () => app.settings.get(), app.config.publicUrl, app.log),
  );
  await app.register(mietfaecherRoutes, { prefix: '/api' });
  await app.register(vertraegeRoutes, { prefix: '/api' });
  await app.register(vendorContractsRoutes, { prefix: '/api' });
}
