import { expect, test } from "@playwright/test";
import { apiGet } from "./support/offline";
import { DocumentFormPage, FormPage } from "./support/pages";
import { type Paged, signedIn } from "./support/session";
import { ADMIN } from "./support/users";

interface OpenNote {
  id: number;
  number: number;
  amount: string;
  used: string;
  open: string;
}

/**
 * A customer's credit note used by a receipt in the browser: a paid sale, its return as a credit note (no
 * refund), then a receipt whose picker lists the note with its open amount and uses part of it; the view
 * shows the note used and its open amount falls by that much. On a new receipt, an amount typed for the
 * note goes when the customer changes: it is not sent for the other customer.
 */
test("a receipt uses part of a customer's credit note; another customer clears the amount typed", async ({ page, request }) => {
  test.setTimeout(240_000);
  const { token, branch } = await signedIn(page, ADMIN);
  const headers = { Authorization: `Bearer ${token}` };
  const post = async <T>(path: string, body: Record<string, unknown>): Promise<T> => {
    const answer = await request.post(`/api/${path}`, {
      headers,
      data: { ...body, form_token: `e2e-${path}-${Date.now()}-${Math.random()}` },
    });
    expect(answer.status(), `${path}: ${await answer.text()}`).toBe(201);
    return (await answer.json()) as T;
  };
  const stamp = Date.now();
  const customerName = `Credit note customer ${stamp}`;
  const otherName = `Other customer ${stamp}`;
  const customer = await post<{ id: number }>("customer/", { name: customerName, branch: branch.id });
  await post<{ id: number }>("customer/", { name: otherName, branch: branch.id });
  const iqd = (
    await apiGet<{ id: number; branch: number; currency: number; currency_code: string; name: string }[]>(
      request,
      token,
      "accounting/cashbox/all/",
    )
  ).find((c) => c.branch === branch.id && c.currency_code === "IQD")!;
  const inventory = branch.inventories[0].id;
  const [row] = (
    await apiGet<Paged<{ id: number; quantity: string }>>(request, token, `stock/?inventory=${inventory}&item_type=1&page_size=100`)
  ).results.filter((r) => Number(r.quantity) >= 2);

  // A sale of two paid in cash, and the return of one as a credit note of 5,000.
  const sale = await post<{ id: number }>("sale/", {
    branch: branch.id,
    inventory,
    customer: customer.id,
    currency: iqd.currency,
    payment_type: "cash",
    cashbox: iqd.id,
    paid_amount: "10000",
    discount: "0",
    items: [{ stock: row.id, quantity: "2", price: "5000" }],
  });
  const note = await post<{ id: number; invoice_no: number; credit_note_amount: string; refund_amount: string }>("sale-return/", {
    sale: sale.id,
    items: [{ stock: row.id, quantity: "1", price: "5000" }],
    credit_note: true,
  });
  expect([note.credit_note_amount, note.refund_amount]).toEqual(["5000.00", "0.00"]);
  const openNotes = async () => (await apiGet<Paged<OpenNote>>(request, token, `sale/credit-note/?customer=${customer.id}`)).results;

  const form = new FormPage(page);
  const pick = new DocumentFormPage(page);
  const newReceipt = async (name: string) => {
    await page.goto("/accounting/receipt/add");
    await expect(page.getByRole("combobox", { name: "Customer" })).toBeVisible({ timeout: 40_000 });
    await pick.choose("Branch", branch.name);
    await pick.choose("Customer", name);
    await pick.choose("Cashbox", `${iqd.name} (IQD)`);
  };
  const picker = page.getByTestId("credit-note-picker");
  const noteTable = picker.getByRole("table", { name: "Open credit notes" });
  const noteAmount = page.getByLabel(`Amount of credit note ${note.invoice_no}`);

  // The picker lists the note with its open amount; the receipt uses 2,000 of it beside 1,000 in cash.
  await newReceipt(customerName);
  await expect(noteTable.getByRole("row").filter({ hasText: String(note.invoice_no) })).toContainText("5,000");
  await form.fill({ Amount: "1000" });
  await noteAmount.fill("2000");
  const created = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/api/accounting/receipt/"));
  await form.save();
  const answer = await created;
  expect(answer.status()).toBe(201);
  const receipt = (await answer.json()) as { id: number; credit_notes: { credit_note: number; amount: string }[] };
  expect(receipt.credit_notes).toEqual([expect.objectContaining({ credit_note: note.id, amount: "2000.00" })]);
  await expect(page).toHaveURL(new RegExp(`/accounting/receipt/${receipt.id}/view/?$`));
  const used = page.getByRole("table", { name: "Credit notes used" });
  await expect(used).toBeVisible();
  await expect(used.getByRole("row").filter({ hasText: String(note.invoice_no) })).toContainText("2,000");
  // The note's open amount fell by what the receipt used.
  expect((await openNotes()).map((n) => [n.id, n.amount, n.used, n.open])).toEqual([[note.id, "5000.00", "2000.00", "3000.00"]]);

  // A new receipt: an amount typed for the note, then another customer: the amount is gone, and not sent.
  await newReceipt(customerName);
  await expect(noteTable.getByRole("row").filter({ hasText: String(note.invoice_no) })).toContainText("3,000");
  await form.fill({ Amount: "500" });
  await noteAmount.fill("1000");
  await expect(picker).toContainText("1,000");
  await pick.choose("Customer", otherName);
  await expect(picker).toContainText("No open credit notes in this currency.");
  await pick.choose("Customer", customerName);
  await expect(noteAmount).toHaveValue("");
  await pick.choose("Customer", otherName);
  const other = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/api/accounting/receipt/"));
  await form.save();
  const otherAnswer = await other;
  expect((otherAnswer.request().postDataJSON() as { credit_notes: unknown[] }).credit_notes).toEqual([]);
  expect(otherAnswer.status()).toBe(201);
  expect((await openNotes()).map((n) => n.open)).toEqual(["3000.00"]);
});
