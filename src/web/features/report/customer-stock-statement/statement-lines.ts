/** A customer stock statement's answer as one table: each item's lines, then its total line (print and export read the same). */

export interface CustomerStockAnswer {
  rows: {
    kind: "sale" | "sale_return";
    document_id: number;
    invoice_no: number;
    date: string;
    item: number;
    item_name: string;
    currency: number;
    currency_code: string;
    quantity: string;
    price: string;
    total: string;
  }[];
  items: {
    item: number;
    item_name: string;
    currency: number;
    currency_code: string;
    net_quantity: string;
    net_total: string;
  }[];
}

export type StatementLine =
  | ({ type: "line"; key: string } & CustomerStockAnswer["rows"][number])
  | { type: "total"; key: string; item_name: string; currency_code: string; quantity: string; total: string };

export function statementLines(answer: CustomerStockAnswer): StatementLine[] {
  const out: StatementLine[] = [];
  for (const total of answer.items) {
    answer.rows
      .filter((r) => r.item === total.item && r.currency === total.currency)
      .forEach((r, index) => out.push({ ...r, type: "line", key: `${r.kind}-${r.document_id}-${r.item}-${index}` }));
    out.push({
      type: "total",
      key: `total-${total.item}-${total.currency}`,
      item_name: total.item_name,
      currency_code: total.currency_code,
      quantity: total.net_quantity,
      total: total.net_total,
    });
  }
  return out;
}
