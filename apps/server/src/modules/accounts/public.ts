// What other modules (and app.ts, the command line) may use of the accounts module
// (docs/decisions/0013): only it writes sessions, links, failed logins and admins; its routes,
// session lookups and mail renderers are wired in index.ts.
export { createAdmin } from './admin-accounts.service';
export { createAdminAccount, listAdmins, updateAdminAccount } from './admin-users.service';
export { checkCurrentPassword } from './login.service';
export { revokeAllSessions, vendorSessionsOf } from './sessions.service';
export { vendorUser } from './vendor-user.service';
export { sendPasswordLink } from './password-link.service';
export { removeVendorAccess } from './deletion.service';
