import { germanSlug } from '@housnkuh/shared/slug';
import {
  TAG_MESSAGES,
  type AdminTag,
  type CreateTagInput,
  type UpdateTagInput,
} from '@housnkuh/shared/schemas/admin-tags';
import { isUuid } from '@housnkuh/shared/schemas/params';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { tags, vendorTags } from './schema';
import { transaction } from '../../db/transaction';
import { ConflictError, InvalidError, NotFoundError } from '../../lib/domain-errors';
import { recordAudit, type Actor } from '../audit/public';
import { refreshSearchText } from '../vendors/public';
import { tagColumns, tagFields } from './tags.service';

type TagRow = typeof tags.$inferSelect;

const vendorCount = sql<number>`(select count(*)::int from vendor_tags vt where vt.tag_id = "tags"."id")`;

function adminTag(row: TagRow & { vendorCount: number }): AdminTag {
  return { ...tagFields(row), vendorCount: Number(row.vendorCount) };
}

/** What the audit log keeps of a tag: its fields without the id (the entry names it). */
const auditTag = (row: TagRow) => {
  const { id: _id, ...fields } = tagFields(row);
  return fields;
};

export async function listAdminTags(db: Database): Promise<AdminTag[]> {
  const rows = await db
    .select({ ...tagColumns, createdAt: tags.createdAt, vendorCount })
    .from(tags)
    .orderBy(asc(tags.category), asc(tags.name));
  return rows.map(adminTag);
}

async function oneTag(db: Executor, id: string): Promise<AdminTag> {
  const [row] = await db
    .select({ ...tagColumns, createdAt: tags.createdAt, vendorCount })
    .from(tags)
    .where(eq(tags.id, id));
  if (!row) throw new NotFoundError(TAG_MESSAGES.notFound);
  return adminTag(row);
}

/** 'Käse & Milch' → 'kaese-milch'; refused when nothing is left or another tag has it. */
async function freeSlug(db: Executor, name: string, except?: string): Promise<string> {
  const slug = germanSlug(name);
  if (!slug)
    throw new InvalidError(TAG_MESSAGES.slugEmpty, [
      { field: 'name', message: TAG_MESSAGES.slugEmpty },
    ]);
  const [taken] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(except ? and(eq(tags.slug, slug), ne(tags.id, except)) : eq(tags.slug, slug));
  if (taken) throw new ConflictError(TAG_MESSAGES.slugTaken(slug));
  return slug;
}

/** The directory's search text of these producers, from their tags' current names. */
async function reindexVendors(tx: Executor, ids: string[]) {
  if (ids.length === 0) return;
  const names = await tx
    .select({ vendorId: vendorTags.vendorId, name: tags.name })
    .from(vendorTags)
    .innerJoin(tags, eq(tags.id, vendorTags.tagId))
    .where(inArray(vendorTags.vendorId, ids));
  await refreshSearchText(
    tx,
    new Map(ids.map((id) => [id, names.filter((n) => n.vendorId === id).map((n) => n.name)])),
  );
}

async function carriersOf(tx: Executor, tagId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: vendorTags.vendorId })
    .from(vendorTags)
    .where(eq(vendorTags.tagId, tagId));
  return rows.map((row) => row.id);
}

function uniqueSlug<T>(work: () => Promise<T>, slug: () => string): Promise<T> {
  return work().catch((error: unknown) => {
    if (isUniqueViolation(error)) throw new ConflictError(TAG_MESSAGES.slugTaken(slug()));
    throw error;
  });
}

export async function createTag(
  db: Database,
  actor: Actor,
  input: CreateTagInput & { category: string },
): Promise<AdminTag> {
  return uniqueSlug(
    () =>
      transaction(db, async (tx) => {
        const slug = await freeSlug(tx, input.name);
        const [row] = await tx
          .insert(tags)
          .values({
            name: input.name,
            slug,
            category: input.category,
            icon: input.icon ?? null,
            color: input.color ?? null,
            description: input.description ?? null,
          })
          .returning();
        await recordAudit(tx, actor, {
          action: 'tag.create',
          entity: 'tag',
          entityId: row!.id,
          summary: `Tag „${row!.name}“ angelegt`,
          after: auditTag(row!),
        });
        return oneTag(tx, row!.id);
      }),
    () => germanSlug(input.name),
  );
}

export async function updateTag(
  db: Database,
  actor: Actor,
  id: string,
  input: UpdateTagInput,
): Promise<AdminTag> {
  if (!isUuid(id)) throw new NotFoundError(TAG_MESSAGES.notFound);
  return uniqueSlug(
    () =>
      transaction(db, async (tx) => {
        const [before] = await tx.select().from(tags).where(eq(tags.id, id)).for('update');
        if (!before) throw new NotFoundError(TAG_MESSAGES.notFound);
        const changes: Partial<TagRow> = {};
        for (const key of ['category', 'icon', 'color', 'description'] as const) {
          if (input[key] !== undefined) (changes as Record<string, unknown>)[key] = input[key];
        }
        const renamed = input.name !== undefined && input.name !== before.name;
        if (renamed) {
          changes.name = input.name!;
          changes.slug = await freeSlug(tx, input.name!, id);
        }
        const [after] = await tx.update(tags).set(changes).where(eq(tags.id, id)).returning();
        if (renamed) await reindexVendors(tx, await carriersOf(tx, id));
        await recordAudit(tx, actor, {
          action: 'tag.update',
          entity: 'tag',
          entityId: id,
          summary: `Tag „${after!.name}“ geändert`,
          before: auditTag(before),
          after: auditTag(after!),
        });
        return oneTag(tx, id);
      }),
    () => germanSlug(input.name ?? ''),
  );
}

/**
 * Deletes a tag. One that producers carry only when `confirm` is the number
 * of them (the admin saw it); otherwise 409 with that number.
 */
export async function deleteTag(
  db: Database,
  actor: Actor,
  id: string,
  confirm: number | undefined,
): Promise<{ removedFrom: number }> {
  if (!isUuid(id)) throw new NotFoundError(TAG_MESSAGES.notFound);
  return transaction(db, async (tx) => {
    const [before] = await tx.select().from(tags).where(eq(tags.id, id)).for('update');
    if (!before) throw new NotFoundError(TAG_MESSAGES.notFound);
    const carriers = await carriersOf(tx, id);
    if (carriers.length > 0 && confirm !== carriers.length) {
      throw new ConflictError(TAG_MESSAGES.inUse(carriers.length));
    }
    await tx.delete(tags).where(eq(tags.id, id));
    // the tag's name leaves their search text too
    await reindexVendors(tx, carriers);
    await recordAudit(tx, actor, {
      action: 'tag.delete',
      entity: 'tag',
      entityId: id,
      summary: `Tag „${before.name}“ gelöscht${carriers.length ? ` (bei ${carriers.length} Direktvermarktern entfernt)` : ''}`,
      before: { ...auditTag(before), vendorCount: carriers.length },
    });
    return { removedFrom: carriers.length };
  });
}
