import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { documentHeader, type PrintInfoLike } from "../document/document-print-html";
import { loadProvisionalInvoice } from "../../offline/provisional-invoice";
import { freshDb } from "../../offline/test-support";
import { provisionalToPrintable } from "./provisional-printable";
import type { SaleLabels } from "./sale-record";

const labels: SaleLabels = {
  title: "Sale Invoice",
  customer: "Customer",
  inventory: "Inventory",
  currency: "Currency",
  paymentType: "Payment Type",
  cash: "Cash",
  debit: "Debit",
  cashbox: "Cashbox",
  exchangeRate: "Exchange Rate",
};

// As the start-up loads them: the first branch first.
const printInfos: PrintInfoLike[] = [
  { branch: { id: 1 }, name: "Main branch", description: "", logo: "/media/main.png", phone: "0750", address: "Erbil" },
  { branch: { id: 2 }, name: "Bazaar branch", description: "Wholesale", logo: null, phone: "0770", address: "Sulaymaniyah" },
];

/** A sale of branch 2 queued on a device whose cache holds both branches' print info. */
async function queuedSaleOfBranch2() {
  const db = freshDb();
  await db.ref("print_info").bulkPut([
    { id: 11, branch_id: 1, name: "Main branch", phone: "0750", address: "Erbil", logo: "/media/main.png" },
    { id: 12, branch_id: 2, name: "Bazaar branch", description: "Wholesale", phone: "0770", address: "Sulaymaniyah", logo: null },
  ]);
  const body = {
    branch: 2,
    inventory: 6,
    customer: 3,
    currency: 1,
    payment_type: "cash",
    paid_amount: "0",
    discount: "0",
    items: [{ stock: 20, quantity: "1", price: "750" }],
  };
  const entryId = await db.outbox.add({
    user_id: 7,
    resource: "sale/",
    body,
    created_at: Date.UTC(2026, 0, 5),
    status: "pending",
    attempts: 0,
    next_attempt_at: 0,
    last_error: null,
    server_message: null,
    effects: [{ kind: "pending-doc", doc: "sale", number: "P-3" }],
    effects_applied: true,
  });
  return { db, entryId };
}

describe("provisional invoice print header", () => {
  it("prints the header of the sale's own branch, not the first branch's", async () => {
    const { db, entryId } = await queuedSaleOfBranch2();
    const invoice = await loadProvisionalInvoice(db, entryId);
    expect(invoice).toMatchObject({ invoice_no: "P-3", branch_id: 2, branch: { name: "Bazaar branch" } });
    const doc = provisionalToPrintable(invoice!, labels, "Pending");
    expect(doc).toMatchObject({ number: "Pending P-3", branchId: 2 });
    expect(documentHeader(doc, printInfos)).toMatchObject({
      name: "Bazaar branch",
      description: "Wholesale",
      phone: "0770",
      address: "Sulaymaniyah",
    });
    // Offline after a reload the start-up's print infos are empty: the cached header still prints.
    expect(documentHeader(doc, [])).toMatchObject({ name: "Bazaar branch" });
  });

  it("without its own header a document takes its branch's print info; an unknown branch prints none", () => {
    const doc = { branchId: 2, header: undefined };
    expect(documentHeader(doc, printInfos)?.name).toBe("Bazaar branch");
    expect(documentHeader({ branchId: 9 }, printInfos)).toBeNull();
    expect(documentHeader({ branchId: null }, printInfos)).toMatchObject({ name: "Main branch", logoUrl: "/media/main.png" });
  });
});
