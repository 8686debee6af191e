import type { FastifyInstance } from 'fastify';
import { adminProductsRoutes } from './admin-products.routes';
import { inventoryRoutes } from './inventory.routes';
import { labelsRoutes } from './labels.routes';
import { productsMailTemplates } from './mails';
import { productsRoutes } from './products.routes';
import { RestockMailWorker } from './restock.service';
import { vendorStockRoutes } from './vendor-stock.routes';

/** Products: the producers' articles with their EAN-13, the labels, the till's product list. */
export async function productsModule(app: FastifyInstance) {
  app.mailTemplates.add(productsMailTemplates);
  app.jobs.add(
    'restock',
    new RestockMailWorker(app.db, () => app.settings.get(), app.config.publicUrl, app.log),
  );
  await app.register(productsRoutes, { prefix: '/api' });
  await app.register(adminProductsRoutes, { prefix: '/api' });
  await app.register(labelsRoutes, { prefix: '/api' });
  await app.register(inventoryRoutes, { prefix: '/api' });
  await app.register(vendorStockRoutes, { prefix: '/api' });
}
