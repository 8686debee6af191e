import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { listenForBackups } from '../backup/socket';

/**
 * The embedded database's backup socket (backup/socket.ts): `cli.js backup` asks the running
 * server for a consistent copy instead of stopping it. Only when the server opened the data
 * directory itself (not in tests that hand in a database).
 */
export const backupSocketPlugin = fp(
  async (app: FastifyInstance) => {
    const dump = app.database.dumpDataDir;
    if (app.database.mode !== 'embedded' || !dump) return;
    let stop: (() => Promise<void>) | null = null;
    app.addHook('onReady', async () => {
      stop = await listenForBackups(app.config.dataDir, dump, app.log);
      if (!stop) {
        app.log.warn(
          { dataDir: app.config.dataDir },
          'Pfad des Datenverzeichnisses zu lang für den Sicherungs-Socket: Sicherung nur bei gestopptem Server',
        );
      }
    });
    app.addHook('onClose', async () => {
      await stop?.();
    });
  },
  { name: 'backup-socket', dependencies: ['core', 'db'] },
);
