import type { FastifyInstance } from "fastify";
import { changeSalePriceSchema } from "../../../core/validation/purchase-schemas";
import type { Db } from "../../db/client";
import { authOf, type AuthContext } from "../../http/access";
import { hideCostColumns } from "../../http/cost-columns";
import { registerListRoutes } from "../../http/list-routes";
import { parseId, readOne, validateBody } from "../../http/resource";
import { sql } from "drizzle-orm";
import { stockListSpec } from "./stock-list";
import { changeSalePrices } from "./stock-sale-price";
import { searchStock, stockById, STOCK_SEARCH_CODES, type StockScopeQuery } from "./stock-search";
import { stockStatement, type StatementQuery } from "./stock-statement";

/** What a stock row tells of its cost. */
const STOCK_COST_COLUMNS = ["purchase_price"] as const;

/** Stock list, read, search, statement and sale price changes. Stock itself changes only through documents. */
export function registerStockRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  const view = { access: { permissions: ["view_stock"] } };
  const search = { access: { permissions: STOCK_SEARCH_CODES } };

  // all/ and the searches serve every form that picks stock; its purchase price only to who may see cost.
  const withCostOf = <Row extends object>(rows: Row[], auth: AuthContext) => hideCostColumns(auth, rows, STOCK_COST_COLUMNS);
  registerListRoutes(app, db, "/api/stock/", stockListSpec, {
    view: view.access.permissions,
    all: search.access.permissions,
    map: withCostOf,
  });
  app.get("/api/stock/search/", { config: search }, async (request) => {
    const q = (request.query ?? {}) as StockScopeQuery & { keyword?: string };
    const auth = authOf(request);
    return withCostOf(await searchStock(db, auth, typeof q.keyword === "string" ? q.keyword : "", q), auth);
  });
  app.get("/api/stock/search-by-id/", { config: search }, async (request) => {
    const q = (request.query ?? {}) as StockScopeQuery & { id?: string };
    const auth = authOf(request);
    const [row] = withCostOf([await stockById(db, auth, q.id, q)], auth);
    return row;
  });
  app.get("/api/stock/statement/", { config: view }, async (request) =>
    stockStatement(db, authOf(request), (request.query ?? {}) as StatementQuery),
  );
  app.post(
    "/api/stock/change-sale-price/",
    { config: { access: { permissions: ["change_stock"] }, body: changeSalePriceSchema } },
    async (request) => {
      const body = await validateBody(changeSalePriceSchema, request.body);
      const results = await changeSalePrices(db, authOf(request), body);
      return { message: "Updated successfully", results };
    },
  );
  app.get("/api/stock/:id/", { config: view }, async (request) =>
    readOne(db, stockListSpec, sql`s.id`, parseId((request.params as { id: string }).id), authOf(request)),
  );
}
