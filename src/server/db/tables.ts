// The one place that gathers every schema file for the Drizzle client (drizzle-kit reads the folder itself).
export * from "./schema/organisation";
export * from "./schema/auth";
export * from "./schema/stock-master";
export * from "./schema/partners";
export * from "./schema/stock";
export * from "./schema/ledger";
export * from "./schema/purchase";
export * from "./schema/sale";
export * from "./schema/accounting";
export * from "./schema/audit";
export * from "./schema/hr";
export * from "./schema/accounting-documents";
export * from "./schema/debit-invoice-allocation";
export * from "./schema/attachment";
export * from "./schema/credit-note";
export * from "./schema/opening-balance";
