import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { queryRows } from "../../../src/server/db/client";
import type { NumberedTable } from "../../../src/server/modules/documents/document-number";
import type { TestApp, TestResponse } from "./test-app";

/** The last number a branch gave a document type (0 before its first). */
export async function counter(t: TestApp, branchId: number, documentType: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select last_number as n from document_counter where branch_id = ${branchId} and document_type = ${documentType}`,
  );
  return row ? Number(row.n) : 0;
}

/** Rows of a document table, and those still holding the placeholder number (none once creates have committed). */
async function documentRows(t: TestApp, table: NumberedTable): Promise<{ all: number; unnumbered: number }> {
  const [row] = await queryRows<{ all: number; unnumbered: number }>(
    t.db,
    sql`select count(*)::int as all, (count(*) filter (where invoice_no = 0))::int as unnumbered from ${sql.identifier(table)}`,
  );
  return row;
}

type Create = () => Promise<TestResponse<unknown>>;

/**
 * Five creates of one branch and a refused one run at once (DESIGN section 3): the five take the
 * branch's next five numbers and the refused one leaves nothing, neither a row nor a number, so
 * the counter moves by five without a gap. Answers the six responses, the refused one third, for checks of what it left.
 */
export async function expectConsecutiveNumbers(
  t: TestApp,
  document: { branch: number; documentType: string; table: NumberedTable },
  create: Create,
  refused: Create,
): Promise<TestResponse<unknown>[]> {
  const before = await counter(t, document.branch, document.documentType);
  const rowsBefore = await documentRows(t, document.table);
  const results = await Promise.all([create(), create(), refused(), create(), create(), create()]);
  expect(results.map((r) => r.status)).toEqual([201, 201, 400, 201, 201, 201]);
  const numbers = results.filter((r) => r.status === 201).map((r) => (r.body as { invoice_no: number }).invoice_no);
  expect(numbers.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5].map((k) => before + k));
  expect(await counter(t, document.branch, document.documentType)).toBe(before + 5);
  expect(await documentRows(t, document.table)).toEqual({ all: rowsBefore.all + 5, unnumbered: 0 });
  return results;
}
