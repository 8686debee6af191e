// What other modules (and the command line) may use of the accounts module (docs/decisions/0013);
// its routes, session lookups and mail renderers are wired in index.ts.
export { createAdmin } from './admin-accounts.service';
export { revokeAllSessions } from './sessions.service';
