// The till's keys (Einstellungen → Kasse, docs/decisions/0031): named, shown once, kept as their
// SHA-256, revoked but never deleted; each use is noted (at most once a minute).
import { clock } from '@housnkuh/shared/clock';
import { isUuid } from '@housnkuh/shared/schemas/params';
import { SALES_MESSAGES, type PosKey } from '@housnkuh/shared/schemas/sales';
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { transaction } from '../../db/transaction';
import { ConflictError, NotFoundError } from '../../lib/domain-errors';
import { hashToken, newToken } from '../../lib/tokens';
import type { PosCaller } from '../../plugins/auth';
import { recordAudit, type Actor } from '../audit/public';
import { posKeys } from './schema';

const LAST_USE_EVERY_MS = 60_000;

function keyView(row: typeof posKeys.$inferSelect): PosKey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** Every key, the newest first (revoked ones too: the list is the keys' history). */
export async function listPosKeys(db: Executor): Promise<PosKey[]> {
  const rows = await db.select().from(posKeys).orderBy(desc(posKeys.createdAt), desc(posKeys.id));
  return rows.map(keyView);
}

/** A new key: its secret is in this answer only (random 32 bytes, base64url). */
export async function createPosKey(db: Database, actor: Actor, name: string) {
  const secret = newToken();
  return transaction(db, async (tx) => {
    const [row] = await tx
      .insert(posKeys)
      .values({ name, secretHash: hashToken(secret) })
      .returning();
    await recordAudit(tx, actor, {
      action: 'pos-key.create',
      entity: 'pos_key',
      entityId: row!.id,
      summary: `Kassenschlüssel „${name}“ angelegt`,
      before: null,
      after: { name },
    });
    return {
      key: { id: row!.id, name: row!.name },
      secret,
      message: SALES_MESSAGES.keyCreated(name),
    };
  });
}

/** Revokes a key for good; the till using it gets 401 from then on. */
export async function revokePosKey(db: Database, actor: Actor, id: string) {
  if (!isUuid(id)) throw new NotFoundError(SALES_MESSAGES.keyNotFound);
  return transaction(db, async (tx) => {
    const [row] = await tx.select().from(posKeys).where(eq(posKeys.id, id)).for('update');
    if (!row) throw new NotFoundError(SALES_MESSAGES.keyNotFound);
    if (row.revokedAt) throw new ConflictError(SALES_MESSAGES.keyRevoked(row.name));
    const [revoked] = await tx
      .update(posKeys)
      .set({ revokedAt: clock.now() })
      .where(eq(posKeys.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'pos-key.revoke',
      entity: 'pos_key',
      entityId: id,
      summary: `Kassenschlüssel „${row.name}“ gesperrt`,
      before: { name: row.name, revokedAt: null },
      after: { name: row.name, revokedAt: revoked!.revokedAt!.toISOString() },
    });
    return { key: keyView(revoked!), message: SALES_MESSAGES.keyRevoked(row.name) };
  });
}

/** The key of a till's bearer secret, if it exists and is not revoked; notes its use. */
export async function authenticatePosKey(
  db: Executor,
  secret: string,
): Promise<PosCaller | undefined> {
  const [row] = await db
    .select({ id: posKeys.id, name: posKeys.name, lastUsedAt: posKeys.lastUsedAt })
    .from(posKeys)
    .where(and(eq(posKeys.secretHash, hashToken(secret)), isNull(posKeys.revokedAt)));
  if (!row) return undefined;
  const now = clock.now();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USE_EVERY_MS) {
    const before = new Date(now.getTime() - LAST_USE_EVERY_MS);
    await db
      .update(posKeys)
      .set({ lastUsedAt: now })
      .where(
        and(eq(posKeys.id, row.id), or(isNull(posKeys.lastUsedAt), lt(posKeys.lastUsedAt, before))),
      );
  }
  return { keyId: row.id, name: row.name };
}
