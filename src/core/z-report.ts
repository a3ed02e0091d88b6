/**
 * The Z report of a cashbox count (a shift's close): what moved the cashbox between the count before
 * and this one, read from the cashbox's ledger rows and grouped by the kind of document that booked
 * them. Pure: the server reads the rows (cashbox-count.ts), this module groups and totals them, so
 * opening + movements = expected holds by construction, to the fils.
 */
import { add, isZero, sub, sum, toDecimalString, type MoneyInput } from "./money";

/**
 * The cashbox's ledger rows of the period, summed per document type: what came in and went out (a
 * reversal's row counts against the side it reverses, so a deleted document nets to nothing) and how
 * many documents moved money each way.
 */
export interface ZReportSourceRow {
  document_type: string;
  /** Documents that moved money either way. */
  documents: number;
  documents_in: number;
  money_in: MoneyInput;
  documents_out: number;
  money_out: MoneyInput;
}

/** The report's lines, in the order they print. */
export const Z_REPORT_KINDS = [
  "sales",
  "change",
  "refunds",
  "receipts",
  "payments",
  "expenses",
  "incomes",
  "purchases",
  "purchase_refunds",
  "transfers_in",
  "transfers_out",
  "conversions",
  "capital",
  "salaries",
  "adjustments",
  "other",
] as const;
export type ZReportKind = (typeof Z_REPORT_KINDS)[number];

type Direction = "in" | "out";

/** One kind for both directions, or one per direction (a sale's cash taken and the change it gave). */
const KIND_OF: Readonly<Record<string, ZReportKind | Readonly<Record<Direction, ZReportKind>>>> = {
  sale: { in: "sales", out: "change" },
  sale_return: "refunds",
  receipt: "receipts",
  payment: "payments",
  expense: "expenses",
  income: "incomes",
  purchase: "purchases",
  purchase_return: "purchase_refunds",
  cashbox_transfer: { in: "transfers_in", out: "transfers_out" },
  cashbox_money_conversion: "conversions",
  capital: "capital",
  payroll: "salaries",
  salary_advance: "salaries",
  cashbox_adjustment: "adjustments",
};

/** The kind a document type's money in (or out) of the cashbox is reported under; unknown types are "other". */
export function zReportKind(documentType: string, direction: Direction): ZReportKind {
  const kind = KIND_OF[documentType];
  if (kind === undefined) return "other";
  return typeof kind === "string" ? kind : kind[direction];
}

export interface ZReportLine {
  kind: ZReportKind;
  documents: number;
  money_in: string;
  money_out: string;
  /** money_in - money_out: what the kind added to the cashbox. */
  net: string;
}

export interface ZReport {
  opening: string;
  lines: ZReportLine[];
  /** The sum of the lines' nets. */
  movements: string;
  /** opening + movements. */
  expected: string;
  /** null before the count (the open shift's preview). */
  counted: string | null;
  /** counted - expected: over (positive) or short (negative); null before the count. */
  difference: string | null;
}

/** Groups the period's rows by kind (only kinds that moved money, in Z_REPORT_KINDS order) and totals them. */
export function buildZReport(opening: MoneyInput, rows: readonly ZReportSourceRow[], counted: MoneyInput | null): ZReport {
  const acc = new Map<ZReportKind, { documents: number; in: MoneyInput; out: MoneyInput }>();
  const bump = (kind: ZReportKind, documents: number, moneyIn: MoneyInput, moneyOut: MoneyInput) => {
    const was = acc.get(kind) ?? { documents: 0, in: 0, out: 0 };
    acc.set(kind, { documents: was.documents + documents, in: add(was.in, moneyIn), out: add(was.out, moneyOut) });
  };
  for (const row of rows) {
    const kindIn = zReportKind(row.document_type, "in");
    const kindOut = zReportKind(row.document_type, "out");
    if (kindIn === kindOut) {
      // A document that moved money both ways is one document of its kind.
      bump(kindIn, row.documents, row.money_in, row.money_out);
    } else {
      bump(kindIn, row.documents_in, row.money_in, 0);
      bump(kindOut, row.documents_out, 0, row.money_out);
    }
  }
  const lines: ZReportLine[] = Z_REPORT_KINDS.flatMap((kind) => {
    const line = acc.get(kind);
    if (!line || (line.documents === 0 && isZero(line.in) && isZero(line.out))) return [];
    return [
      {
        kind,
        documents: line.documents,
        money_in: toDecimalString(line.in),
        money_out: toDecimalString(line.out),
        net: toDecimalString(sub(line.in, line.out)),
      },
    ];
  });
  const movements = sum(lines.map((l) => l.net));
  const expected = add(opening, movements);
  return {
    opening: toDecimalString(opening),
    lines,
    movements: toDecimalString(movements),
    expected: toDecimalString(expected),
    counted: counted === null ? null : toDecimalString(counted),
    difference: counted === null ? null : toDecimalString(sub(counted, expected)),
  };
}
