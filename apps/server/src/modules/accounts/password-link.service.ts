import { clock } from '@housnkuh/shared/clock';
import { isUuid } from '@housnkuh/shared/schemas/params';
import { USER_MESSAGES } from '@housnkuh/shared/schemas/admin-users';
import type { Database } from '../../db/client';
import { transaction } from '../../db/transaction';
import { ConflictError, NotFoundError } from '../../lib/domain-errors';
import { recordAudit, type Actor } from '../audit/public';
import { enqueueDeferredMail } from '../mail/public';
import { setVendorLoginEmail, vendorForUpdate } from '../vendors/public';

/**
 * The admin mails a producer without a password a link to set one
 * (docs/decisions/0047). The admin never sees the link nor chooses the
 * password: the token is issued only when the outbox renders the mail. Refused
 * for an account that has a password (its owner uses "Passwort vergessen?")
 * and for a locked one. Another address than the account's becomes its login address first
 * (a demo producer's is made up): only while there is no password, so no one who signs in
 * already loses the account. Recorded in the Protokoll in the same transaction.
 */
export async function sendPasswordLink(
  db: Database,
  actor: Actor,
  vendorId: string,
  input: { email?: string | undefined } = {},
  now = clock.now(),
): Promise<{ message: string }> {
  if (!isUuid(vendorId)) throw new NotFoundError(USER_MESSAGES.vendorNotFound);
  return transaction(db, async (tx) => {
    const vendor = await vendorForUpdate(tx, { id: vendorId });
    if (!vendor || vendor.deletedAt) throw new NotFoundError(USER_MESSAGES.vendorNotFound);
    if (vendor.passwordHash) throw new ConflictError(USER_MESSAGES.passwordLinkHasPassword);
    if (vendor.lockedAt) throw new ConflictError(USER_MESSAGES.passwordLinkLocked);
    const email = input.email ?? vendor.email;
    if (email !== vendor.email) {
      const other = await vendorForUpdate(tx, { email });
      if (other) throw new ConflictError(USER_MESSAGES.loginEmailTaken);
      await setVendorLoginEmail(tx, vendor.id, email, now);
      await recordAudit(tx, actor, {
        action: 'vendor.login-email',
        entity: 'vendor',
        entityId: vendor.id,
        summary: `Direktvermarkter „${vendor.unternehmen ?? vendor.name}“: Anmelde-Adresse ${vendor.email} → ${email}`,
        before: { email: vendor.email },
        after: { email },
      });
    }
    await enqueueDeferredMail(tx, {
      to: email,
      kind: 'vendor-set-password',
      params: { vendorId: vendor.id },
    });
    await recordAudit(tx, actor, {
      action: 'vendor.password-link',
      entity: 'vendor',
      entityId: vendor.id,
      summary: `Link zum Festlegen des Passworts an ${email} (${vendor.name}) geschickt`,
    });
    return { message: USER_MESSAGES.passwordLinkSent(email) };
  });
}
