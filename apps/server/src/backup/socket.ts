import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * How `cli.js backup` gets a consistent copy of the embedded database while the server runs:
 * only one process may open PGlite, so the running server takes the copy itself and hands it
 * over a Unix socket in the data directory (mode 0600: who may read the data directory anyway).
 * No network port and no HTTP route: nothing outside this machine's file permissions reaches it.
 */
export const BACKUP_SOCKET = 'housnkuh-backup.sock';

/** Unix socket paths are limited to 107 bytes. */
const MAX_SOCKET_PATH = 107;

export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, BACKUP_SOCKET);
}

/**
 * Listens on the data directory's backup socket; every connection that sends `backup` gets
 * `ok <bytes>` and the copy, or `error <message>`. One copy at a time. Returns the function that
 * stops listening (and removes the socket), or null when the path is too long for a socket.
 */
export async function listenForBackups(
  dataDir: string,
  dump: () => Promise<Buffer>,
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
): Promise<(() => Promise<void>) | null> {
  const socketPath = backupSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) return null;
  // a socket left behind by a killed server (this process holds the data directory's lock)
  fs.rmSync(socketPath, { force: true });
  let running = Promise.resolve();
  const server = net.createServer((connection) => {
    connection.on('error', () => {});
    let input = '';
    connection.on('data', (chunk) => {
      input += chunk.toString('utf8');
      if (!input.includes('\n')) {
        if (input.length > 100) connection.destroy();
        return;
      }
      connection.removeAllListeners('data');
      if (input.trim() !== 'backup') {
        connection.end('error unknown request\n');
        return;
      }
      running = running.then(async () => {
        const started = performance.now();
        try {
          const copy = await dump();
          connection.write(`ok ${copy.length}\n`);
          connection.end(copy);
          log.info(
            { bytes: copy.length, ms: Math.round(performance.now() - started) },
            'Sicherungskopie der Datenbank übergeben',
          );
        } catch (error) {
          log.error({ err: error }, 'Sicherungskopie fehlgeschlagen');
          connection.end(`error ${error instanceof Error ? error.message : String(error)}\n`);
        }
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  fs.chmodSync(socketPath, 0o600);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await running;
    fs.rmSync(socketPath, { force: true });
  };
}

/** Asks the server that holds `dataDir` for a copy of its database (see listenForBackups). */
export function requestBackup(dataDir: string, timeoutMs = 600_000): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(backupSocketPath(dataDir));
    const chunks: Buffer[] = [];
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(new Error('der Server hat nicht rechtzeitig geantwortet')),
    );
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(0x0a);
      const head = all.subarray(0, newline < 0 ? all.length : newline).toString('utf8');
      const body = all.subarray(newline + 1);
      const ok = /^ok (\d+)$/.exec(head);
      if (ok && Number(ok[1]) === body.length) resolve(body);
      else if (ok) reject(new Error('die Kopie kam unvollständig an'));
      else reject(new Error(head.replace(/^error /, '') || 'keine Antwort'));
    });
    socket.write('backup\n');
  });
}
