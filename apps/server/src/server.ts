import { clock } from '@housnkuh/shared/clock';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/lock';
import { readableLogStream } from './plugins/logging';

/** The process: configuration, start, and a clean stop on SIGINT/SIGTERM. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  // tests only (CLOCK_START): the server's day and time
  if (config.clockStart) clock.set(config.clockStart);

  let app;
  try {
    // a person at a terminal reads lines, a log collector gets JSON lines
    app = await buildApp(
      config,
      process.stdout.isTTY ? { logStream: readableLogStream(process.stdout) } : {},
    );
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(3);
    }
    console.error('The server could not start:', error instanceof Error ? error.message : error);
    process.exit(1);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping');
    const force = setTimeout(() => {
      app.log.error('clean stop took too long, exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    // Graceful: the port closes at once (the proxy sends new requests to another instance), the
    // requests under way finish, and a keep-alive connection is closed as soon as it is idle:
    // Node closes only those idle at the start of close(), not one whose request ends afterwards
    // (it would hold the stop until the force above).
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    sweep.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while stopping');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    app.log.info(
      { url: config.publicUrl, port, database: app.database.mode },
      `housnkuh läuft auf ${config.publicUrl}`,
    );
    // A parent that started this process with an IPC channel (a process manager, the tests'
    // harness) hears that it listens, and on which port: with PORT=0 the system chose a free
    // one, so no other process can take it between choosing and listening (README, decision
    // 0097). The channel stays open (a process manager may use it); a failed send is ignored.
    if (process.send && process.connected) process.send({ listening: port }, () => {});
  } catch (error) {
    app.log.error({ err: error }, 'could not listen');
    await app.close().catch(() => {});
    process.exit(1);
  }
}

void main();
