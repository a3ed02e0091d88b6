import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { launchDevice } from "./device-browser";
import { childCpu, cpuBetween } from "./process-cpu";

/**
 * The floor of the first reference load on this machine and this Chromium (issue 12, a diagnostic,
 * not a benchmark): a bare page on a new device puts ITEMS item-like records into IndexedDB with the
 * device database's item indexes (db.ts: id, barcode, code, name, *stock_ids), pages of 5000 a
 * transaction as the pull stores them, and nothing else: no network, no server, no app. Whatever the
 * app does, its first load cannot be faster than this; the good-link budget (20 s) is judged against it.
 *
 *   npx tsx tests/bench/idb-floor.ts        ITEMS=100000 by default; INDEXES=barcode,code (a subset), or
 *                                           INDEXES= (empty) for the store alone
 */
const items = Number(process.env.ITEMS ?? 100_000);
const ITEM_INDEXES = ["barcode", "code", "name", "stock_ids"];
const indexes = (process.env.INDEXES ?? ITEM_INDEXES.join(",")).split(",").filter((name) => ITEM_INDEXES.includes(name));

const server = createServer((_request, response) => {
  response.setHeader("content-type", "text/html");
  response.end("<!doctype html><title>IndexedDB floor</title>");
}).listen(0, "127.0.0.1");
await new Promise((resolve) => server.once("listening", resolve));
const device = await launchDevice({ serviceWorkers: "block" });
try {
  const page = await device.context.newPage();
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  const cpuBefore = childCpu();
  const ms = await page.evaluate(
    async ({ items, indexes }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open("floor", 1);
        open.onupgradeneeded = () => {
          const store = open.result.createObjectStore("item", { keyPath: "id" });
          for (const name of indexes) store.createIndex(name, name, { multiEntry: name === "stock_ids" });
        };
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(new Error(String(open.error)));
      });
      const started = performance.now();
      for (let first = 0; first < items; first += 5000) {
        await new Promise<void>((resolve, reject) => {
          const tx = db.transaction("item", "readwrite");
          const store = tx.objectStore("item");
          for (let id = first + 1; id <= Math.min(first + 5000, items); id++)
            store.put({
              id,
              code: `I${id}`,
              barcode: `62${String(id).padStart(11, "0")}`,
              name: `Item ${id} of the bench's catalogue`,
              sale_price: "12.50",
              purchase_price: "10.00",
              unit: "pcs",
              item_group_id: 3,
              min_quantity: "2",
              is_active: true,
              image: null,
              stock: [{ id, inventory_id: 1, item_id: id, quantity: "5" }],
              stock_ids: [id],
            });
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(new Error(String(tx.error)));
        });
      }
      return performance.now() - started;
    },
    { items, indexes },
  );
  console.log(
    `${items.toLocaleString("en-US")} records ${indexes.length > 0 ? `with the indexes ${indexes.join(", ")}` : "without indexes"}: ${(ms / 1000).toFixed(1)} s; CPU ${cpuBetween(cpuBefore, childCpu())}`,
  );
} finally {
  await device.close();
  server.close();
}
