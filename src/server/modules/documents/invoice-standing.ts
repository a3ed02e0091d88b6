import { sql, type SQL } from "drizzle-orm";

/**
 * The SQL twin of core invoiceStanding (src/core/payment-status.ts) over a sale or purchase row (alias
 * `a`), so lists filter, sort and sum by what is owed after the returns: the row keeps paid_amount and
 * returned_amount. The sale's expressions are indexed (sale_net_price_idx, sale_payment_status_idx):
 * keep them written exactly as in the migration.
 */
export function invoiceStandingSql(alias: "s" | "p" | "i") {
  const col = (name: string) => sql`${sql.identifier(alias)}.${sql.identifier(name)}`;
  const paid = col("paid_amount");
  const net: SQL = sql`(${col("total_price")} - ${col("discount")})`;
  const owed: SQL = sql`greatest(${col("total_price")} - ${col("discount")} - ${col("returned_amount")}, 0.00)`;
  return {
    net,
    owed,
    remaining: sql`greatest(${col("total_price")} - ${col("discount")} - ${col("returned_amount")} - ${paid}, 0.00)`,
    paymentStatus: sql`(case when ${paid} >= ${owed} then 'paid' when ${paid} > 0 then 'partial_paid' else 'unpaid' end)`,
  };
}
