import type { FastifyInstance } from 'fastify';
import { ContractLifecycleWorker } from './lifecycle.service';
import { mietfaecherRoutes } from './mietfaecher.routes';
import { vendorContractsRoutes } from './vendor-contracts.routes';
import { vertraegeRoutes } from './vertraege.routes';
import { zusatzleistungenRoutes } from './zusatzleistungen.routes';
import { contractsMailTemplates } from './mails';

/** Contracts: the shop floor (Mietfächer) and the contracts that hold its units. */
export async function contractsModule(app: FastifyInstance) {
  app.mailTemplates.add(contractsMailTemplates);
  app.jobs.add(
    'lifecycle',
    // the settings read fresh: a run woken by a new opening date must see it
    new ContractLifecycleWorker(app.db, () => app.settings.reload(), app.config.publicUrl, app.log),
  );
  await app.register(mietfaecherRoutes, { prefix: '/api' });
  await app.register(vertraegeRoutes, { prefix: '/api' });
  await app.register(vendorContractsRoutes, { prefix: '/api' });
  await app.register(zusatzleistungenRoutes, { prefix: '/api' });
}
