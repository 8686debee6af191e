import fs from 'node:fs';
import path from 'node:path';
import { sepaFilesDir } from '../../lib/paths';

/**
 * Keeps a payment run's SEPA file as a file of its own when it is downloaded (the moment it
 * may go to the bank), besides the copy in payment_runs.xml: a database restored from an older
 * backup does not know the run, the file still shows it was paid (docs/decisions/0052-backups.md).
 * Written once, never overwritten (every download gives the same bytes). Returns the file.
 */
export function keepSepaFile(dataDir: string, month: string, xml: string): string {
  const messageId = /<MsgId>([^<]+)<\/MsgId>/.exec(xml)?.[1] ?? 'ohne-id';
  const dir = sepaFilesDir(dataDir);
  const file = path.join(dir, `zahlungslauf-${month}-${messageId.replace(/[^\w.-]/g, '_')}.xml`);
  fs.mkdirSync(dir, { recursive: true });
  try {
    fs.writeFileSync(file, xml, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return file;
}
