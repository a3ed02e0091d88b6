import { describe, expect, it } from "vitest";
import { pathFor } from "./route-paths";
import { SHELL_ROUTES } from "./route-table";

const byPath = new Map(SHELL_ROUTES.map((route) => [route.path, route]));
const codesOf = (path: string) => byPath.get(path)?.permissions;

describe("route table", () => {
  it("has unique names and paths", () => {
    expect(new Set(SHELL_ROUTES.map((r) => r.name)).size).toBe(SHELL_ROUTES.length);
    expect(byPath.size).toBe(SHELL_ROUTES.length);
  });

  it("titles every route but the dashboard", () => {
    expect(SHELL_ROUTES.filter((r) => !r.title).map((r) => r.name)).toEqual(["dashboard"]);
  });

  it("needs no permission for dashboard, profile and not-found", () => {
    for (const name of ["dashboard", "profile", "not-found"]) {
      expect(SHELL_ROUTES.find((r) => r.name === name)?.permissions).toEqual([]);
    }
  });

  it("follows view_/add_/change_ + model for list, add and edit screens", () => {
    expect(codesOf("stock/measurement")).toEqual(["view_measurement"]);
    expect(codesOf("stock/item-group/add")).toEqual(["add_itemgroup"]);
    expect(codesOf("stock/item-subgroup/:id/edit")).toEqual(["change_itemsubgroup"]);
    expect(codesOf("stock/inventory-stock-transfer/:id/view")).toEqual(["view_inventorystocktransfer"]);
    expect(codesOf("purchase/purchase-return")).toEqual(["view_purchasereturn"]);
    expect(codesOf("sale/sale-quotation/add")).toEqual(["add_salequotation"]);
    expect(codesOf("accounting/exchange-rate/:id/edit")).toEqual(["change_exchangerate"]);
  });

  it("gives every list screen its /add and /:id/edit", () => {
    const lists = SHELL_ROUTES.filter((r) => r.name.endsWith("-list") && byPath.has(`${r.path}/add`));
    expect(lists.length).toBeGreaterThan(30);
    // A closed cashbox count is the one record that is never edited (routes/accounting.ts says so with editable: false).
    const neverEdited = new Set(["accounting/cashbox/count"]);
    for (const list of lists) expect(byPath.has(`${list.path}/:id/edit`), list.path).toBe(!neverEdited.has(list.path));
  });

  it("carries SPEC's special codes", () => {
    expect(codesOf("stock/stock/change-sale-price")).toEqual(["change_stock"]);
    expect(codesOf("stock/print-stock")).toEqual(["view_stock"]);
    expect(codesOf("sale/sale/:id/extra")).toEqual(["change_sale", "add_sale"]);
    expect(codesOf("accounting/cashbox/transfer/add")).toEqual(["add_cashbox"]);
    expect(codesOf("accounting/cashbox/detail-account-statement")).toEqual(["view_cashbox_detail_account_statement"]);
    expect(codesOf("accounting/customer-debit-invoice/:id/view")).toEqual(["view_sale_debit_invoice"]);
    expect(codesOf("report/customer-stock-statement")).toEqual(["view_customer"]);
    expect(codesOf("report/profit")).toEqual(["report_view_profit"]);
    expect(codesOf("hr/payroll-list")).toEqual(["view_employeecontract"]);
    expect(codesOf("setting.user")).toEqual(["view_user"]);
    expect(codesOf("setting/print")).toEqual(["view_print"]);
    expect(codesOf("partner/:id/edit")).toEqual(["change_partner"]);
  });

  it("builds paths from names", () => {
    expect(pathFor("not-found")).toBe("/not-found");
    expect(pathFor("dashboard")).toBe("/");
    expect(pathFor("item-edit", { id: 5 })).toBe("/stock/item/5/edit");
    expect(pathFor("login")).toBe("/login");
    expect(() => pathFor("nope")).toThrow();
  });
});
