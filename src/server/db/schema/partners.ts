import { boolean, integer, pgTable, primaryKey, serial, text, index } from "drizzle-orm/pg-core";
import { createdBy, lineOf, money, refersTo, stamps, syncable } from "./columns";
import { branch } from "./organisation";
import { city } from "./stock-master";

export const supplier = pgTable("supplier", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  phone: text("phone").notNull().default(""),
  address: text("address").notNull().default(""),
  createdBy: createdBy(),
  ...stamps,
  ...syncable,
});

/** A supplier serves one or more branches (SPEC section 3: "branches (list with id)"). */
export const supplierBranch = pgTable(
  "supplier_branch",
  {
    supplierId: lineOf("supplier_id", () => supplier.id),
    branchId: refersTo("branch_id", () => branch.id),
  },
  (t) => [primaryKey({ columns: [t.supplierId, t.branchId] })],
);

export const customer = pgTable(
  "customer",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    phone: text("phone").notNull().default(""),
    address: text("address").notNull().default(""),
    cityId: integer("city_id").references(() => city.id),
    branchId: refersTo("branch_id", () => branch.id),
    isGeneral: boolean("is_general").notNull().default(false),
    /** Most the customer may owe, in the base currency; null: no limit. The counter warns past it. */
    creditLimit: money("credit_limit"),
    createdBy: createdBy(),
    ...stamps,
    ...syncable,
  },
  (t) => [index("customer_branch_idx").on(t.branchId)],
);

export const partner = pgTable("partner", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  phone: text("phone").notNull().default(""),
  address: text("address").notNull().default(""),
  isCustomer: boolean("is_customer").notNull().default(false),
  isSupplier: boolean("is_supplier").notNull().default(false),
  isGeneral: boolean("is_general").notNull().default(false),
  createdBy: createdBy(),
  ...stamps,
  ...syncable,
});
