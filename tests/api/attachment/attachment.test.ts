import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ATTACHMENT_MAX_BYTES } from "../../../src/core/attachments";
import { MESSAGES } from "../../../src/core/messages";
import { queryRows } from "../../../src/server/db/client";
import { makeUser } from "../master-data/helpers";
import { newItem, post, purchaseBody, withPurchaseDemo, type PurchaseContext } from "../purchase/helpers";

let c: PurchaseContext;
withPurchaseDemo((context) => (c = context));

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n", "latin1");

interface Attachment {
  id: number;
  file_name: string;
  content_type: string;
  size: number;
  created_by_name: string | null;
}

/** A multipart body of one `file` part, as a browser's FormData sends it. */
function multipart(content: Buffer, filename: string, type = "application/octet-stream") {
  const boundary = "----attachment-test";
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(token: string, path: string, content: Buffer, filename: string, type?: string) {
  const { payload, contentType } = multipart(content, filename, type);
  const res = await c.t.app.inject({
    method: "POST",
    url: `/api/${path}attachment/`,
    payload,
    headers: { authorization: `Bearer ${token}`, "content-type": contentType },
  });
  return { status: res.statusCode, body: res.json<Attachment & Record<string, unknown>>() };
}

const download = (token: string, path: string, id: number) =>
  c.t.app.inject({ method: "GET", url: `/api/${path}attachment/${id}/`, headers: { authorization: `Bearer ${token}` } });

async function firstDocument(table: "expense" | "payment", branchId: number): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    c.t.db,
    sql`select id from ${sql.identifier(table)} where branch_id = ${branchId} order by id limit 1`,
  );
  expect(row).toBeDefined();
  return row.id;
}

async function newPurchase(): Promise<number> {
  const res = await post<{ id: number }>(c.t, c.admin, "purchase/", purchaseBody(c.demo, await newItem(c.t, c.admin)));
  expect(res.status).toBe(201);
  return res.body.id;
}

describe("document attachments", () => {
  it("takes an image and a PDF by their content, lists them and gives back the same bytes", async () => {
    const purchase = `purchase/${await newPurchase()}/`;
    const image = await upload(c.admin, purchase, PNG, "supplier invoice.png", "image/png");
    expect(image.status).toBe(201);
    expect(image.body).toMatchObject({
      file_name: "supplier invoice.png",
      content_type: "image/png",
      size: PNG.length,
      created_by_name: "admin",
    });
    // The name the browser claims does not matter: the bytes say PDF.
    const pdf = await upload(c.admin, purchase, PDF, "پسوڵە.bin");
    expect(pdf.status).toBe(201);
    expect(pdf.body.content_type).toBe("application/pdf");

    const listed = await c.t.call<Attachment[]>(c.admin, "GET", `/api/${purchase}attachment/`);
    expect(listed.status).toBe(200);
    expect(listed.body.map((a) => a.file_name)).toEqual(["supplier invoice.png", "پسوڵە.bin"]);

    const got = await download(c.admin, purchase, image.body.id);
    expect(got.statusCode).toBe(200);
    expect(got.headers["content-type"]).toBe("image/png");
    expect(got.rawPayload.equals(PNG)).toBe(true);
    const gotPdf = await download(c.admin, purchase, pdf.body.id);
    expect(gotPdf.headers["content-type"]).toBe("application/pdf");
    expect(gotPdf.headers["content-disposition"]).toBe(
      `attachment; filename="_____.bin"; filename*=UTF-8''${encodeURIComponent("پسوڵە.bin")}`,
    );
    expect(gotPdf.headers["x-content-type-options"]).toBe("nosniff");
    expect(gotPdf.rawPayload.equals(PDF)).toBe(true);
  });

  it("refuses a text file named .pdf, a file over the cap and an empty upload, and stores nothing", async () => {
    const purchase = `purchase/${await newPurchase()}/`;
    const text = await upload(c.admin, purchase, Buffer.from("just some text, not a PDF"), "invoice.pdf", "application/pdf");
    expect(text).toEqual({ status: 400, body: { file: [MESSAGES.onlyImagesOrPdf] } });
    const big = Buffer.concat([PDF, Buffer.alloc(ATTACHMENT_MAX_BYTES)]);
    expect(await upload(c.admin, purchase, big, "big.pdf")).toEqual({ status: 400, body: { file: [MESSAGES.fileTooLarge] } });
    expect((await upload(c.admin, purchase, Buffer.alloc(0), "empty.png")).status).toBe(400);
    expect((await c.t.call<Attachment[]>(c.admin, "GET", `/api/${purchase}attachment/`)).body).toEqual([]);
  });

  it("works on expenses and payments, and a paid or settled document still takes its scan", async () => {
    for (const table of ["expense", "payment"] as const) {
      const path = `accounting/${table}/${await firstDocument(table, c.demo.erbil)}/`;
      const added = await upload(c.admin, path, PNG, "receipt.png");
      expect(added.status).toBe(201);
      expect((await download(c.admin, path, added.body.id)).rawPayload.equals(PNG)).toBe(true);
      // Another document's attachment is not found under this one.
      expect((await download(c.admin, `purchase/${await newPurchase()}/`, added.body.id)).statusCode).toBe(404);
    }
    const paid = await post<{ id: number }>(
      c.t,
      c.admin,
      "purchase/",
      purchaseBody(c.demo, await newItem(c.t, c.admin), {
        payment_type: "cash",
        cashbox: c.demo.cashboxes.erbil.iqd,
        paid_amount: "10000",
      }),
    );
    expect(paid.status).toBe(201);
    expect((await upload(c.admin, `purchase/${paid.body.id}/`, PDF, "paid.pdf")).status).toBe(201);
  });

  it("answers another branch's user 404 and a user without the permission 403", async () => {
    const id = await newPurchase();
    const path = `purchase/${id}/`;
    const added = await upload(c.admin, path, PNG, "a.png");
    const suli = await makeUser(c.t, ["view_purchase", "change_purchase", "add_purchase"], [c.demo.suli]);
    expect((await c.t.call(suli, "GET", `/api/${path}attachment/`)).status).toBe(404);
    expect((await download(suli, path, added.body.id)).statusCode).toBe(404);
    expect((await upload(suli, path, PNG, "b.png")).status).toBe(404);
    expect((await c.t.call(suli, "DELETE", `/api/${path}attachment/${added.body.id}/`)).status).toBe(404);

    const noView = await makeUser(c.t, ["view_expense"], [c.demo.erbil]);
    expect((await c.t.call(noView, "GET", `/api/${path}attachment/`)).status).toBe(403);
    expect((await download(noView, path, added.body.id)).statusCode).toBe(403);
    const viewOnly = await makeUser(c.t, ["view_purchase"], [c.demo.erbil]);
    expect((await download(viewOnly, path, added.body.id)).statusCode).toBe(200);
    expect((await upload(viewOnly, path, PNG, "c.png")).status).toBe(403);
    expect((await c.t.call(viewOnly, "DELETE", `/api/${path}attachment/${added.body.id}/`)).status).toBe(403);
    // The one who keys purchases in may attach the scan; removing one is a change.
    const keyer = await makeUser(c.t, ["view_purchase", "add_purchase"], [c.demo.erbil]);
    expect((await upload(keyer, path, PNG, "d.png")).status).toBe(201);
    expect((await c.t.call(keyer, "DELETE", `/api/${path}attachment/${added.body.id}/`)).status).toBe(403);
    expect((await c.t.call(c.admin, "GET", `/api/purchase/2147483647/attachment/`)).status).toBe(404);
  });

  it("removes an attachment, and deleting the document takes its attachments with it", async () => {
    const id = await newPurchase();
    const path = `purchase/${id}/`;
    const first = await upload(c.admin, path, PNG, "a.png");
    await upload(c.admin, path, PDF, "b.pdf");
    expect((await c.t.call(c.admin, "DELETE", `/api/${path}attachment/${first.body.id}/`)).body).toEqual({ message: MESSAGES.deleted });
    expect((await c.t.call(c.admin, "DELETE", `/api/${path}attachment/${first.body.id}/`)).status).toBe(404);
    expect((await c.t.call<Attachment[]>(c.admin, "GET", `/api/${path}attachment/`)).body.map((a) => a.file_name)).toEqual(["b.pdf"]);
    expect((await c.t.call(c.admin, "DELETE", `/api/${path}`)).status).toBe(200);
    const left = await queryRows<{ n: number }>(c.t.db, sql`select count(*)::int as n from document_attachment where purchase_id = ${id}`);
    expect(left[0].n).toBe(0);
  });
});
