import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client";
import { registerAccounting } from "./accounting/accounting.routes";
import { registerCreditNoteRoutes } from "./documents/credit-note.routes";
import { registerPurchaseRoutes } from "./purchase/purchase.routes";
import { registerSaleRoutes } from "./sale/sale.routes";
import { registerSaleReportRoutes } from "./report/sale-report.routes";
import { registerStockDocumentRoutes } from "./stock/stock-documents.routes";
import { registerStockRoutes } from "./stock/stock.routes";
import { registerPlainReportRoutes } from "./report/report-plain.routes";
import { registerStockReportRoutes } from "./report/stock-report.routes";

/** The documents that move stock and money: each posts stock movements and ledger lines. */
export function registerDocuments(app: FastifyInstance, deps: { db: Db }) {
  registerStockRoutes(app, deps);
  registerStockDocumentRoutes(app, deps);
  registerPurchaseRoutes(app, deps);
  registerSaleRoutes(app, deps);
  registerCreditNoteRoutes(app, deps);
  registerAccounting(app, deps);
  registerSaleReportRoutes(app, deps);
  registerStockReportRoutes(app, deps);
  registerPlainReportRoutes(app, deps);
}
