import { addDays, isoDayInBerlin } from '@housnkuh/shared/format';
import { VERIFY_STATUSES, type VerifyStatus } from '@housnkuh/shared/catalog';
import {
  type DirectoryQuery,
  type DirectoryResponse,
  type PublicTag,
  type PublicVendor,
} from '@housnkuh/shared/schemas/directory';
import { usableCoordinates } from '@housnkuh/shared/address';
import { normalizeForSearch } from '@housnkuh/shared/search';
import { WEEKDAYS } from '@housnkuh/shared/weekdays';
import type { SiteSettings } from '@housnkuh/shared/schemas/settings';
import { and, asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isUuid } from '@housnkuh/shared/schemas/params';
import { tags, vendorTags } from './schema';
import { firstContractStart, hasListableContract, heldUnitsJson } from '../contracts/public';
import { imageUrl } from '../media/public';
import { vendorListing as v } from '../vendors/public';
import { TRIAL_DAYS } from '@housnkuh/shared/catalog';
import { DIRECTORY_COUNT_CAP } from '@housnkuh/shared/directory';
import { carriesTag, tagColumns, tagsJson } from './tags.service';

/**
 * Shown in the directory: released by an admin, agreed to by the producer
 * (profile switch) and holding a contract that is scheduled, in its free
 * month or active (docs/product/vendor-lifecycle.md; before the opening every
 * contract is scheduled: "ab der Eröffnung dabei"). A condition on a
 * source of vendor rows with these three columns (one of the vendors
 * module's column sets).
 */
export function isListed(vendor: {
  id: SQLWrapper;
  isPublic: SQLWrapper;
  profileVisible: SQLWrapper;
}): SQL {
  return sql`(${vendor.isPublic} and ${vendor.profileVisible} and ${hasListableContract(vendor.id)})`;
}

/** Whether the vendor is shown in the directory now (its own profile says so). */
export async function isVendorListed(db: Executor, vendorId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: v.id })
    .from(v)
    .where(and(eq(v.id, vendorId), isListed(v)));
  return Boolean(row);
}

/** Every listed vendor's id and last change, by name (the sitemap's producer pages). */
export async function listedVendorStamps(
  db: Executor,
  limit: number,
): Promise<{ id: string; updatedAt: Date }[]> {
  return db
    .select({ id: v.id, updatedAt: v.updatedAt })
    .from(v)
    .where(isListed(v))
    .orderBy(v.nameKey)
    .limit(limit);
}

/** The addresses of the listed vendors (the only ones the map page may look up). */
export async function listedAddresses(db: Executor): Promise<
  {
    strasse: string | null;
    hausnummer: string | null;
    plz: string | null;
    ort: string | null;
  }[]
> {
  return db
    .select({ strasse: v.strasse, hausnummer: v.hausnummer, plz: v.plz, ort: v.ort })
    .from(v)
    .where(isListed(v));
}

/** `LIKE` pattern for a literal piece of text: %, _ and \ lose their meaning. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * registrationStatus as the directory filters it, the same rule as the
 * account status: before the shop opens everyone listed is pre-registered;
 * afterwards the first 30 days from the later of opening and contract start
 * are the trial, the time after it is 'active'.
 */
function registrationCondition(
  status: NonNullable<DirectoryQuery['registrationStatus']>,
  openingDate: string | null,
  today: string,
): SQL {
  const open = openingDate !== null && openingDate <= today;
  if (status === 'preregistered') return open ? sql`false` : sql`true`;
  if (!open) return sql`false`;
  const trialStart = sql`greatest(${openingDate}::date, ${firstContractStart(v.id)})`;
  const inTrial = sql`(${trialStart} <= ${today}::date and ${trialStart} > ${addDays(today, -TRIAL_DAYS)}::date)`;
  return status === 'trial' ? inTrial : sql`not ${inTrial}`;
}

/** The WHERE of a directory query. */
export function directoryConditions(
  query: DirectoryQuery,
  settings: Pick<SiteSettings, 'openingDate'>,
  today = isoDayInBerlin(),
): SQL {
  const conditions: SQL[] = [isListed(v)];
  if (query.search) {
    // Every word must appear (in any of the searched fields).
    const words = normalizeForSearch(query.search).split(' ').filter(Boolean).slice(0, 10);
    for (const word of words) {
      conditions.push(sql`${v.searchText} like ${likePattern(word)} escape '\\'`);
    }
  }
  if (query.tags?.length) {
    conditions.push(carriesTag(v.id, query.tags));
  }
  if (query.standorte?.length) {
    const towns = query.standorte.map((town) => town.toLocaleLowerCase('de-DE'));
    conditions.push(sql`lower(${v.ort}) in ${towns}`);
  }
  if (query.verifyStatus) conditions.push(eq(v.verifyStatus, query.verifyStatus));
  if (query.registrationStatus) {
    conditions.push(registrationCondition(query.registrationStatus, settings.openingDate, today));
  }
  return and(...conditions)!;
}

/** ORDER BY of a listing; the columns are unqualified so it works inside and outside the page subquery. */
function orderOf(query: DirectoryQuery): SQL {
  const dir = query.sortOrder === 'desc' ? sql`desc` : sql`asc`;
  switch (query.sortBy) {
    case 'unternehmen':
      return sql`company_key ${dir}, name_key ${dir}, id asc`;
    case 'registrationDate':
      return sql`created_at ${dir}, id asc`;
    default:
      return sql`name_key ${dir}, id asc`;
  }
}

/** A row of the listing query: the vendor's public columns, its tags and units as JSON, the total. */
interface ListingRow {
  id: string;
  name: string;
  unternehmen: string | null;
  slogan: string | null;
  beschreibung: string | null;
  profile_image_id: string | null;
  banner_image_id: string | null;
  telefon: string | null;
  public_email: string | null;
  website: string | null;
  verify_status: string;
  strasse: string | null;
  hausnummer: string | null;
  plz: string | null;
  ort: string | null;
  lat: number | null;
  lng: number | null;
  facebook: string | null;
  instagram: string | null;
  oeffnungszeiten: unknown;
  created: string;
  total: string | number;
  tag_list: PublicTag[] | string | null;
  unit_list: PublicVendor['mietfaecher'] | string | null;
  /** The start of the first scheduled or running contract ('YYYY-MM-DD'). */
  first_start: string | null;
}

/**
 * How many rows match, counting no further than `limit` + 1: past `limit` the answer only says
 * "more". Reading stops at that match, so the count's work is bounded by the cap, not by the
 * number of producers.
 */
function cappedCount(where: SQL, limit: number): SQL {
  return sql`(select count(*) from (select 1 from ${v} where ${where} limit ${limit + 1}) counted)`;
}

/**
 * One page of listed vendors in one query, with the number of matches (counted up to
 * `countLimit` + 1, cappedCount) and the tags and rented units of the page's rows as JSON. One
 * round trip matters for the embedded database.
 */
async function queryListing(
  db: Executor,
  where: SQL,
  order: SQL,
  limit: number,
  offset: number,
  countLimit: number,
): Promise<ListingRow[]> {
  // the units a contract holds today (a change from a later day is not shown yet)
  const today = isoDayInBerlin();
  // The page on its own, sorted and limited: where many producers match, the planner walks the
  // sort's index of listed producers (vendors_listed_*_idx) and stops after the page; where few
  // match, it finds them through the search's trigram index or the tag index and sorts those.
  // Then the public columns, tags and units of just that page.
  // (v: the vendors module's listing columns, a subquery PostgreSQL plans like the table)
  const result = await db.execute(sql`
    with page as (
      select id from ${v} where ${where} order by ${order} limit ${limit} offset ${offset}
    )
    select p.*,
      ${tagsJson(sql`p.id`)} as tag_list,
      ${heldUnitsJson(sql`p.id`, today)} as unit_list,
      (${firstContractStart(sql`p.id`)})::text as first_start
    from (
      select v.id, v.name, v.unternehmen, v.slogan, v.beschreibung, v.profile_image_id,
             v.banner_image_id, v.telefon, v.public_email, v.website, v.verify_status, v.strasse,
             v.hausnummer, v.plz, v.ort, v.lat, v.lng, v.facebook, v.instagram,
             v.oeffnungszeiten, v.name_key, v.company_key, v.created_at,
             to_json(v.created_at) #>> '{}' as created,
             ${cappedCount(where, countLimit)} as total
        from page join ${v} on v.id = page.id
    ) p
    order by ${order}`);
  return (result as unknown as { rows: ListingRow[] }).rows;
}

function text(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function json<T>(value: T | string | null): T | null {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/** A (0, 0) or missing position counts as unknown (spec §9). */
function coordinates(row: ListingRow) {
  if (row.lat === null || row.lng === null) return null;
  return usableCoordinates({ lat: Number(row.lat), lng: Number(row.lng) });
}

/** The public fields of a vendor (spec §3 "Public vendor"): nothing else leaves the server. */
function toPublicVendor(row: ListingRow, today = isoDayInBerlin()): PublicVendor {
  const tagList = json(row.tag_list) ?? [];
  const hours = (json(row.oeffnungszeiten as Record<string, unknown> | string | null) ??
    {}) as Record<string, unknown>;
  return {
    id: row.id,
    name: row.name,
    unternehmen: text(row.unternehmen),
    slogan: text(row.slogan),
    beschreibung: text(row.beschreibung),
    profilBild: imageUrl(row.profile_image_id, 'profile'),
    bannerBild: imageUrl(row.banner_image_id, 'banner'),
    telefon: text(row.telefon),
    email: text(row.public_email),
    website: text(row.website),
    verifyStatus: (VERIFY_STATUSES as readonly string[]).includes(row.verify_status)
      ? (row.verify_status as VerifyStatus)
      : 'unverified',
    adresse: {
      strasse: text(row.strasse),
      hausnummer: text(row.hausnummer),
      plz: text(row.plz),
      ort: text(row.ort),
      koordinaten: coordinates(row),
    },
    socialMedia: { facebook: text(row.facebook), instagram: text(row.instagram) },
    oeffnungszeiten: Object.fromEntries(
      WEEKDAYS.map((day) => [day, typeof hours[day] === 'string' ? hours[day].trim() : '']),
    ) as PublicVendor['oeffnungszeiten'],
    tags: tagList,
    mietfaecher: json(row.unit_list) ?? [],
    kategorien: tagList.filter((tag) => tag.category === 'product').map((tag) => tag.name),
    registrationDate: new Date(row.created).toISOString(),
    dabeiAb: row.first_start && row.first_start > today ? row.first_start : null,
  };
}

/** Verify statuses and tags that occur among listed vendors (for the filter box). */
export async function availableFilters(
  db: Executor,
): Promise<DirectoryResponse['availableFilters']> {
  const [statusRows, tagRows] = await Promise.all([
    db.execute(
      sql`select ${sql.join(
        VERIFY_STATUSES.map(
          (status) =>
            sql`exists (select 1 from ${v} where ${v.verifyStatus} = ${status} and ${isListed(v)}) as ${sql.identifier(status)}`,
        ),
        sql`, `,
      )}`,
    ),
    db
      .select(tagColumns)
      .from(tags)
      .where(
        sql`exists (select 1 from ${vendorTags} join ${v} on ${v.id} = ${vendorTags.vendorId} where ${vendorTags.tagId} = ${tags.id} and ${isListed(v)})`,
      )
      .orderBy(asc(tags.name)),
  ]);
  const present = (statusRows as unknown as { rows: Record<VerifyStatus, boolean>[] }).rows[0];
  return {
    verifyStatuses: VERIFY_STATUSES.filter((status) => present?.[status] === true),
    allTags: tagRows,
  };
}

export const DIRECTORY_MESSAGES = {
  listed: 'Direktvermarkter erfolgreich geladen.',
  found: 'Direktvermarkter gefunden.',
  notFound: 'Direktvermarkter nicht gefunden.',
} as const;

async function countOnly(db: Executor, where: SQL, countLimit: number): Promise<number> {
  const result = await db.execute(sql`select ${cappedCount(where, countLimit)} as total`);
  return Number((result as unknown as { rows: { total: string | number }[] }).rows[0]?.total ?? 0);
}

/** GET /api/vendor-auth/public/profiles (spec §7). */
export async function listDirectory(
  db: Executor,
  query: DirectoryQuery,
  settings: Pick<SiteSettings, 'openingDate'>,
  options: {
    today?: string;
    /** The filter lists, e.g. from a short-lived cache; read from the database if absent. */
    filters?: () => Promise<DirectoryResponse['availableFilters']>;
    /** Count exactly up to this many matches (default DIRECTORY_COUNT_CAP; tests set fewer). */
    countCap?: number;
  } = {},
): Promise<DirectoryResponse> {
  const where = directoryConditions(query, settings, options.today);
  const offset = (query.page - 1) * query.limit;
  // Counted exactly up to the cap, or to the end of this page if that lies deeper: the page
  // then always knows whether a next page exists.
  const countLimit = Math.max(options.countCap ?? DIRECTORY_COUNT_CAP, offset + query.limit);
  const [rows, filters] = await Promise.all([
    queryListing(db, where, orderOf(query), query.limit, offset, countLimit),
    options.filters ? options.filters() : availableFilters(db),
  ]);
  // Past the last page there is no row to carry the count: count on its own.
  const counted = rows[0]
    ? Number(rows[0].total)
    : offset === 0
      ? 0
      : await countOnly(db, where, countLimit);
  const capped = counted > countLimit;
  // capped: the pages known to exist (counted is countLimit + 1, one past this page at least)
  const totalPages = Math.ceil(counted / query.limit);
  return {
    success: true,
    message: DIRECTORY_MESSAGES.listed,
    vendors: rows.map((row) => toPublicVendor(row, options.today)),
    pagination: {
      currentPage: query.page,
      totalPages,
      totalCount: Math.min(counted, countLimit),
      hasPrevPage: query.page > 1,
      hasNextPage: query.page < totalPages,
      totalCountCapped: capped,
    },
    availableFilters: filters,
  };
}

/** One listed vendor, or undefined (unknown, hidden, or not an id at all). */
export async function findPublicVendor(
  db: Executor,
  id: string,
): Promise<PublicVendor | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await queryListing(db, and(eq(v.id, id), isListed(v))!, sql`id asc`, 1, 0, 0);
  return row ? toPublicVendor(row) : undefined;
}
