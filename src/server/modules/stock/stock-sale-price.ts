import { eq, inArray, sql } from "drizzle-orm";
import type { ChangeSalePriceInput } from "../../../core/validation/purchase-schemas";
import { queryRows, type Db } from "../../db/client";
import { stock } from "../../db/tables";
import type { AuthContext } from "../../http/access";
import { fieldErrors } from "../../http/errors";
import { touched } from "../../http/resource";
import { MESSAGES } from "../../../core/messages";
import { stockSelect, stockSource, type StockRow } from "./stock-list";

/**
 * `stock/change-sale-price/`: new sale prices for stock rows of the caller's branches, in one
 * transaction; each bumps the row's sync version so the tablets pick the price up.
 */
export async function changeSalePrices(db: Db, auth: AuthContext, input: ChangeSalePriceInput): Promise<StockRow[]> {
  const ids = [...new Set(input.items.map((line) => line.stock))];
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: stock.id, branchId: stock.branchId, deletedAt: stock.deletedAt })
      .from(stock)
      .where(inArray(stock.id, ids))
      .for("update");
    const usable = new Set(rows.filter((r) => !r.deletedAt && auth.branchIds.includes(r.branchId)).map((r) => r.id));
    const errors: Record<string, string[]> = {};
    input.items.forEach((line, index) => {
      if (!usable.has(line.stock)) errors[`items[${index}].stock`] = [MESSAGES.invalidChoice];
    });
    if (Object.keys(errors).length) throw fieldErrors(errors);
    for (const line of input.items) {
      await tx
        .update(stock)
        .set({ salePrice: line.sale_price, ...touched() })
        .where(eq(stock.id, line.stock));
    }
    return queryRows<StockRow>(
      tx,
      sql`select ${stockSelect} from ${stockSource} where s.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) order by s.id`,
    );
  });
}
