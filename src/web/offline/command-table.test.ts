import { describe, expect, it } from "vitest";
import { COMMANDS, type CommandName } from "./command-table";
import { queuedCreate } from "./commands";

const names = Object.keys(COMMANDS) as CommandName[];
const rule = (name: CommandName) => COMMANDS[name].offline;

describe("the command table", () => {
  it("queues every create offline but those the server must check at once", () => {
    const needsNetwork = names.filter((n) => n.endsWith("-create") && !rule(n).queued).sort();
    expect(needsNetwork).toEqual([
      "capital-create",
      "cashbox-adjustment-create",
      "cashbox-count-create",
      "cashbox-transfer-create",
      "customer-debit-invoice-create",
      "inventory-create",
      "money-conversion-create",
      "supplier-debit-invoice-create",
    ]);
  });

  it("sends every edit, delete and action at once, each with the reason a screen shows offline", () => {
    const queued = names.filter((n) => rule(n).queued).filter((n) => !n.endsWith("-create"));
    expect(queued).toEqual(["sale-quotation-convert"]);
    const reason = (n: CommandName) => {
      const r = rule(n);
      return r.queued ? null : r.reason.message;
    };
    expect(reason("customer-delete")).toBe("Deleting needs a connection");
    expect(reason("sale-edit")).toBe("Editing needs a connection");
    expect(reason("customer-edit")).toBe("This needs a connection: it cannot be saved offline");
    expect(reason("cashbox-transfer-create")).toBe("This needs a connection: it cannot be saved offline");
  });

  it("makes the outbox entry of a queued command: its path, body and local effects", () => {
    const extra = queuedCreate("sale-extra-create", { saleId: 12, body: { items: [{ stock: 2, quantity: "3", price: "500" }] } });
    expect(extra).toMatchObject({ resource: "sale/12/extra/", body: { items: [{ stock: 2, quantity: "3" }] } });
    expect(extra.localEffect).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: "stock-take", stock_id: 2, quantity: "3" })]),
    );
    const convert = queuedCreate("sale-quotation-convert", {
      id: 40,
      payment: { payment_type: "cash", cashbox: 2, paid_amount: "0" },
      sale: { inventory: 1, items: [] },
    });
    expect(convert).toMatchObject({ resource: "sale-quotation/40/convert/", body: { payment_type: "cash", cashbox: 2 } });
    expect(queuedCreate("item-group-create", { name: "Tools" })).toMatchObject({
      resource: "item-group/",
      body: { name: "Tools" },
      localEffect: { kind: "pending-row", table: "item_group", row: { name: "Tools" } },
    });
  });

  it("queues an opening balance offline with its form token, and edits and deletes it online", () => {
    const empty = { cashboxes: [], customers: [], suppliers: [], stock: [] };
    expect(queuedCreate("opening-balance-create", { branch: 1, input_date: "2026-01-01", ...empty, form_token: "t1" })).toMatchObject({
      resource: "accounting/opening-balance/",
      body: { branch: 1, form_token: "t1" },
    });
    expect(COMMANDS["opening-balance-edit"].url({ id: 4, body: { branch: 1, input_date: "2026-01-01", ...empty } })).toBe(
      "accounting/opening-balance/4/",
    );
    expect(COMMANDS["opening-balance-delete"].offline.queued).toBe(false);
  });

  it("puts an edit and a delete at the record's path", () => {
    expect(COMMANDS["customer-edit"].url({ id: 5, body: { name: "A", branch: 1 } })).toBe("customer/5/");
    expect(COMMANDS["customer-edit"].method).toBe("PUT");
    expect(COMMANDS["role-delete"].url({ id: 3 })).toBe("user/group/3/");
    expect(COMMANDS["role-delete"].method).toBe("DELETE");
    expect(COMMANDS["inventory-rename"].method).toBe("PATCH");
  });
});
