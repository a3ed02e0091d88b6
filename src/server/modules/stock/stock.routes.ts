import type { FastifyInstance } from "fastify";
import { changeSalePriceSchema } from "../../../core/validation/purchase-schemas";
import type { Db } from "../../db/client";
import { authOf } from "../../http/access";
import { registerListRoutes } from "../../http/list-routes";
import { parseId, readOne, validateBody } from "../../http/resource";
import { sql } from "drizzle-orm";
import { stockListSpec } from "./stock-list";
import { changeSalePrices } from "./stock-sale-price";
import { searchStock, stockById, STOCK_SEARCH_CODES, type StockScopeQuery } from "./stock-search";
import { stockStatement, type StatementQuery } from "./stock-statement";

/** Stock list, read, search, statement and sale price changes. Stock itself changes only through documents. */
export function registerStockRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  const view = { access: { permissions: ["view_stock"] } };
  const search = { access: { permissions: STOCK_SEARCH_CODES } };

  registerListRoutes(app, db, "/api/stock/", stockListSpec, { view: view.access.permissions, all: search.access.permissions });
  app.get("/api/stock/search/", { config: search }, async (request) => {
    const q = (request.query ?? {}) as StockScopeQuery & { keyword?: string };
    return searchStock(db, authOf(request), typeof q.keyword === "string" ? q.keyword : "", q);
  });
  app.get("/api/stock/search-by-id/", { config: search }, async (request) => {
    const q = (request.query ?? {}) as StockScopeQuery & { id?: string };
    return stockById(db, authOf(request), q.id, q);
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
