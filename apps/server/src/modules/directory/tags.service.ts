import type { ProductCategory } from '@housnkuh/shared/catalog';
import { asc, desc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { tags, vendorTags } from './schema';

/**
 * A tag as every answer shows it (the directory, its filters, the producer's
 * choice, the admin's list): the one column set of the tags table.
 */
export const tagColumns = {
  id: tags.id,
  name: tags.name,
  slug: tags.slug,
  icon: tags.icon,
  color: tags.color,
  description: tags.description,
  category: tags.category,
};

export type TagFields = { [K in keyof typeof tagColumns]: (typeof tags.$inferSelect)[K] };

/** The fields of `tagColumns` of a tag's row (without its creation time, counts …). */
export function tagFields(row: TagFields): TagFields {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    icon: row.icon,
    color: row.color,
    description: row.description,
    category: row.category,
  };
}

/**
 * The tags of a vendor (the SQL of its id, e.g. a column of the outer query)
 * as a JSON array of `tagColumns` objects, by name: a subquery for listings.
 */
export function tagsJson(vendorId: SQLWrapper): SQL {
  const fields = sql.join(
    Object.entries(tagColumns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
    sql`, `,
  );
  return sql`(select coalesce(json_agg(json_build_object(${fields}) order by ${tags.name}), '[]'::json)
         from ${vendorTags} join ${tags} on ${tags.id} = ${vendorTags.tagId}
        where ${vendorTags.vendorId} = ${vendorId})`;
}

/**
 * Whether the vendor (the SQL of its id) carries one of these tags (by slug), as a join the
 * planner can turn either way: walking a sort index, one probe of vendor_tags' primary key per
 * vendor; counting the matches, from the tag's index (vendor_tags_tag_idx) to the vendors
 * (docs/decisions/0083: an `= any(array(…))` of the tag ids hid their number from the planner,
 * which then counted through every vendor).
 */
export function carriesTag(vendorId: SQLWrapper, slugs: readonly string[]): SQL {
  return sql`exists (select 1 from ${vendorTags} join ${tags} on ${tags.id} = ${vendorTags.tagId} where ${vendorTags.vendorId} = ${vendorId} and ${inArray(tags.slug, [...slugs])})`;
}

/** The tags a producer can choose (product categories, then features such as Bio), by name. */
export async function tagChoices(db: Executor) {
  return db
    .select(tagColumns)
    .from(tags)
    .orderBy(desc(eq(tags.category, 'product')), asc(tags.name));
}

/** The tags with these ids (unknown ones are missing from the answer). */
export async function tagsById(
  db: Executor,
  ids: readonly string[],
): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(inArray(tags.id, [...ids]));
}

/** The ids of the tags the vendor carries. */
export async function tagIdsOf(db: Executor, vendorId: string): Promise<string[]> {
  const rows = await db
    .select({ id: vendorTags.tagId })
    .from(vendorTags)
    .where(eq(vendorTags.vendorId, vendorId));
  return rows.map((row) => row.id);
}

/** Names and slugs of the tags the vendor carries, by name (its data export). */
export async function tagNamesOf(
  db: Executor,
  vendorId: string,
): Promise<{ name: string; slug: string }[]> {
  return db
    .select({ name: tags.name, slug: tags.slug })
    .from(vendorTags)
    .innerJoin(tags, eq(tags.id, vendorTags.tagId))
    .where(eq(vendorTags.vendorId, vendorId))
    .orderBy(asc(tags.name));
}

/** The vendor carries exactly these tags from now on. */
export async function setVendorTags(
  tx: Executor,
  vendorId: string,
  tagIds: readonly string[],
): Promise<void> {
  await tx.delete(vendorTags).where(eq(vendorTags.vendorId, vendorId));
  if (tagIds.length) {
    await tx.insert(vendorTags).values(tagIds.map((tagId) => ({ vendorId, tagId })));
  }
}

/**
 * Many vendors carry these tags from now on (the bench's thousands of producers): as
 * setVendorTags for each, in one DELETE and one INSERT per 5,000 pairs.
 */
export async function setTagsOfVendors(
  tx: Executor,
  entries: readonly { vendorId: string; tagIds: readonly string[] }[],
): Promise<void> {
  if (entries.length === 0) return;
  await tx.delete(vendorTags).where(
    inArray(
      vendorTags.vendorId,
      entries.map((entry) => entry.vendorId),
    ),
  );
  const pairs = entries.flatMap(({ vendorId, tagIds }) =>
    [...new Set(tagIds)].map((tagId) => ({ vendorId, tagId })),
  );
  for (let start = 0; start < pairs.length; start += 5000) {
    await tx.insert(vendorTags).values(pairs.slice(start, start + 5000));
  }
}

/** The product categories as tags (a new database); answers each tag's id by its slug. */
export async function addProductTags(
  tx: Executor,
  categories: readonly ProductCategory[],
): Promise<Map<string, string>> {
  const rows = await tx
    .insert(tags)
    .values(
      categories.map((category) => ({
        name: category.name,
        slug: category.slug,
        icon: category.icon,
        color: category.color,
        category: 'product',
      })),
    )
    .returning({ id: tags.id, slug: tags.slug });
  return new Map(rows.map((tag) => [tag.slug, tag.id]));
}
