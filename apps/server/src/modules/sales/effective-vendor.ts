// The one rule for whose sale a line is (docs/decisions/0031): the producer the EAN named at the
// import (sales_lines.vendor_id), else the admin's assignment (sales_line_assignments.vendor_id,
// "Nicht zugeordnete Verkäufe"). A line marked "kein Verkauf eines Direktvermarkters" and a line
// still waiting have none. Every query of the sales module that asks "whose sale" (the reports,
// the settlement to come, the demo removal check) uses these expressions and nothing else.
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { saleLineColumns } from './line-columns';
import { salesLineAssignments, salesLines } from './schema';

/** The join that brings a line's assignment (left join: most lines have none). */
export const assignmentOfLine = eq(salesLineAssignments.salesLineId, salesLines.id);

/** The effective producer of a line: `coalesce(line.vendor_id, assignment.vendor_id)`. */
export const effectiveVendorId: SQL<string | null> = sql<
  string | null
>`coalesce(${salesLines.vendorId}, ${salesLineAssignments.vendorId})`;

/** The effective product of a line, by the same rule. */
export const effectiveProductId: SQL<string | null> = sql<
  string | null
>`coalesce(${salesLines.productId}, ${salesLineAssignments.productId})`;

/**
 * The lines of one producer (the effective one), written so that PostgreSQL can use the
 * index (vendor_id, sold_at) for the lines the EAN assigned.
 */
export function isSaleOfVendor(vendorId: string): SQL {
  return or(
    eq(salesLines.vendorId, vendorId),
    and(isNull(salesLines.vendorId), eq(salesLineAssignments.vendorId, vendorId)),
  )!;
}

/** A line waiting for the admin: no producer from its EAN and no assignment yet. */
export const isUnassigned: SQL = and(
  isNull(salesLines.vendorId),
  isNull(salesLineAssignments.salesLineId),
)!;

const qb = new QueryBuilder();

/**
 * Every sales line with its effective producer and product (a subquery, which PostgreSQL
 * plans like the tables): for reports that group or filter by producer.
 */
export const effectiveSalesLines = qb
  .select({
    id: salesLines.id,
    ...saleLineColumns,
    vendorId: effectiveVendorId.as('effective_vendor_id'),
    productId: effectiveProductId.as('effective_product_id'),
    /** 'ean' (from the EAN at import), 'product' / 'no_vendor' (the admin's), null (waiting). */
    assignedBy: sql<
      'ean' | 'product' | 'no_vendor' | null
    >`case when ${salesLines.vendorId} is not null then 'ean' else ${salesLineAssignments.kind} end`.as(
      'assigned_by',
    ),
  })
  .from(salesLines)
  .leftJoin(salesLineAssignments, assignmentOfLine)
  .as('effective_sales_lines');
