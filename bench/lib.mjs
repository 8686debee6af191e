// What the bench (run.mjs) and the soak (soak.mjs) share: the built server as a child process
// on a free port, and a producer signed in through its mailed confirmation link.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER = path.join(ROOT, 'apps/server/dist/server.js');
export const PRODUCER_PASSWORD = 'Bench!2026';

/**
 * The JSON of an answer as the bench reads it: `any`, since the bench prints what it reads (the
 * API's own tests check the answers' shapes).
 * @param {Response} response
 * @returns {Promise<any>}
 */
export const json = (response) => response.json();

/** @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

export async function startServer(env, nodeArgs = []) {
  const port = await freePort();
  // BENCH_SERVER_ARGS: node's own options for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/p"
  const extra = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...extra, ...nodeArgs, SERVER], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, child };
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('server did not start');
}

export function stopServer(child) {
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

export /** The token of the `link` mailed to `email` (DATA_DIR/outbox, as there is no SMTP_URL). */
async function mailedToken(dataDir, email, link) {
  const outbox = path.join(dataDir, 'outbox');
  const pattern = new RegExp(`${link.replace(/[/?]/g, '\\$&')}\\?token=([A-Za-z0-9_-]+)`);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const names = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
    for (const name of names.filter((file) => file.endsWith('.eml'))) {
      // quoted-printable: soft line breaks and =XX
      const text = fs
        .readFileSync(path.join(outbox, name), 'latin1')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
      const match = pattern.exec(text);
      if (match && new RegExp(`^To: .*${email.replace(/\./g, '\\.')}`, 'm').test(text)) {
        return match[1];
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no ${link} mail to ${email}`);
}

export /** Pre-registers, confirms and signs in a producer; answers its session token. */
async function signedInProducer(base, dataDir, email) {
  const post = (url, body) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const registered = await post('/api/vendor-auth/preregister', {
    email,
    password: PRODUCER_PASSWORD,
    confirmPassword: PRODUCER_PASSWORD,
    name: 'Bench Huber',
    telefon: '09261 12345',
    unternehmen: `Hof ${email.split('@')[0]}`,
    strasse: 'Dorfstraße',
    hausnummer: '3',
    plz: '96317',
    ort: 'Kronach',
    agreeToTerms: true,
    agreeToPrivacy: true,
  });
  if (!registered.ok)
    throw new Error(`preregister ${registered.status}: ${await registered.text()}`);
  const token = await mailedToken(dataDir, email, '/vendor/confirm');
  const confirmed = await fetch(`${base}/api/vendor-auth/confirm/${token}`);
  if (!confirmed.ok) throw new Error(`confirm ${confirmed.status}: ${await confirmed.text()}`);
  const login = await post('/api/vendor-auth/login', { email, password: PRODUCER_PASSWORD });
  if (!login.ok) throw new Error(`login ${login.status}: ${await login.text()}`);
  return (await json(login)).token;
}
