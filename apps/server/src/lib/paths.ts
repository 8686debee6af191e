import fs from 'node:fs';
import path from 'node:path';

/** apps/server, found from this file whether it runs from src/ or bundled in dist/. */
function findServerRoot(): string {
  let dir = import.meta.dirname;
  for (let i = 0; i < 5; i++) {
    if (fs.existsSync(path.join(dir, 'drizzle')) && fs.existsSync(path.join(dir, 'package.json'))) {
      return dir;
    }
    dir = path.dirname(dir);
  }
  throw new Error('apps/server not found');
}

export const SERVER_ROOT = findServerRoot();
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');
export const DEFAULT_WEB_DIST = path.resolve(SERVER_ROOT, '../web/dist');

/** Where the payment runs' SEPA files are kept as files, below DATA_DIR (part of every backup). */
export function sepaFilesDir(dataDir: string): string {
  return path.join(dataDir, 'files', 'zahlungslaeufe');
}
