/**
 * The chart of accounts (DESIGN "The books"): where every ledger account (account_type, account_id of
 * src/core/posting.ts) sits, with its default code, its name in the three languages and its class.
 * Pure: the server adds the records' own names (a cashbox, a party, an expense type) and the codes and
 * names a user changed; the class and the group follow from the account type alone and never change.
 */

export type AccountClass = "asset" | "liability" | "equity" | "income" | "expense";

export const ACCOUNT_CLASSES: readonly AccountClass[] = ["asset", "liability", "equity", "income", "expense"];

/** Asset and expense balances are debit - credit; the others credit - debit. */
export const isDebitNormal = (accountClass: AccountClass) => accountClass === "asset" || accountClass === "expense";

export interface LocalName {
  en: string;
  ar: string;
  ckb: string;
}

export interface ChartGroup {
  code: string;
  class: AccountClass;
  name: LocalName;
}

const group = (code: string, accountClass: AccountClass, en: string, ar: string, ckb: string): ChartGroup => ({
  code,
  class: accountClass,
  name: { en, ar, ckb },
});

/** The groups an accountant expects, in chart order; an empty one (salaries payable) is where later postings go. */
export const CHART_GROUPS = {
  cash: group("1100", "asset", "Cash and cashboxes", "النقد والصناديق", "پارە و سندووقەکان"),
  receivables: group("1200", "asset", "Receivables", "الذمم المدينة", "قەرزی لای کڕیاران"),
  inventory: group("1300", "asset", "Inventory", "المخزون", "کاڵای کۆگا"),
  employeeAdvances: group("1400", "asset", "Employee advances", "سلف الموظفين", "پێشەکی کارمەندان"),
  supplierCredits: group("1500", "asset", "Supplier credit notes", "إشعارات دائنة من الموردين", "تێبینی قەرزی دابینکەران"),
  payables: group("2100", "liability", "Payables", "الذمم الدائنة", "قەرزی دابینکەران"),
  salariesPayable: group("2200", "liability", "Salaries payable", "رواتب مستحقة", "مووچەی نەدراو"),
  customerCredits: group("2300", "liability", "Customer credit notes", "إشعارات دائنة للعملاء", "تێبینی قەرزی کڕیاران"),
  capital: group("3100", "equity", "Capital", "رأس المال", "سەرمایە"),
  openingBalanceEquity: group(
    "3200",
    "equity",
    "Opening balance equity",
    "حقوق ملكية الأرصدة الافتتاحية",
    "مافی خاوەندارێتی باڵانسی سەرەتایی",
  ),
  retainedEarnings: group("3300", "equity", "Retained earnings", "الأرباح المحتجزة", "قازانجی هەڵگیراو"),
  otherEquity: group("3900", "equity", "Other accounts", "حسابات أخرى", "هەژمارەکانی تر"),
  sales: group("4100", "income", "Sales", "المبيعات", "فرۆشتن"),
  otherIncome: group("4200", "income", "Other income", "إيرادات أخرى", "داهاتی تر"),
  costOfGoods: group("5100", "expense", "Cost of goods sold", "تكلفة البضاعة المباعة", "تێچووی کاڵای فرۆشراو"),
  expenses: group("5200", "expense", "Expenses", "المصروفات", "خەرجییەکان"),
  payroll: group("5300", "expense", "Payroll", "الرواتب", "مووچە"),
  damagedStock: group("5400", "expense", "Damaged stock", "البضاعة التالفة", "کاڵای تێکچوو"),
  cashOverShort: group("5500", "expense", "Cash over and short", "فائض وعجز الصندوق", "زیادە و کەمی سندووق"),
  exchange: group("5600", "expense", "Exchange gains and losses", "أرباح وخسائر الصرف", "قازانج و زیانی ئاڵوگۆڕی دراو"),
} as const satisfies Record<string, ChartGroup>;

export type ChartGroupKey = keyof typeof CHART_GROUPS;

export const CHART_GROUP_KEYS = Object.keys(CHART_GROUPS) as ChartGroupKey[];

/** The account types whose accounts follow a record (account_id is the record's id), and the group each joins. */
export const RECORD_ACCOUNT_GROUPS = {
  cashbox: "cash",
  customer: "receivables",
  employee: "employeeAdvances",
  supplier: "payables",
  capital: "capital",
  income: "otherIncome",
  expense: "expenses",
  customer_credit: "customerCredits",
  supplier_credit: "supplierCredits",
} as const satisfies Record<string, ChartGroupKey>;

export type RecordAccountType = keyof typeof RECORD_ACCOUNT_GROUPS;

interface FixedAccount {
  accountType: string;
  code: string;
  group: ChartGroupKey;
  name: LocalName;
}

const fixed = (accountType: string, code: string, groupKey: ChartGroupKey, en: string, ar: string, ckb: string): FixedAccount => ({
  accountType,
  code,
  group: groupKey,
  name: { en, ar, ckb },
});

/**
 * The accounts without an id (account_id null). Salaries are ("expense", null) and capital without a
 * partner ("capital", null); debit invoices (an amount owed without goods: a fee, an opening balance)
 * sit with opening balance equity beside the opening balance documents' own account.
 */
export const FIXED_ACCOUNTS: readonly FixedAccount[] = [
  fixed("inventory", "1301", "inventory", "Inventory", "المخزون", "کاڵای کۆگا"),
  fixed("capital", "3101", "capital", "Capital (no partner)", "رأس المال (بدون شريك)", "سەرمایە (بێ هاوبەش)"),
  fixed(
    "debit_invoice",
    "3201",
    "openingBalanceEquity",
    "Debit invoices (opening balances and fees)",
    "فواتير مدينة (أرصدة افتتاحية ورسوم)",
    "پسوڵەی قەرز (باڵانسی سەرەتایی و کرێ)",
  ),
  fixed("retained_earnings", "3301", "retainedEarnings", "Retained earnings", "الأرباح المحتجزة", "قازانجی هەڵگیراو"),
  fixed("opening_balance_equity", "3202", "openingBalanceEquity", "Opening balances", "الأرصدة الافتتاحية", "باڵانسە سەرەتاییەکان"),
  fixed("revenue", "4101", "sales", "Sales revenue", "إيرادات المبيعات", "داهاتی فرۆشتن"),
  fixed("cost_of_goods", "5101", "costOfGoods", "Cost of goods sold", "تكلفة البضاعة المباعة", "تێچووی کاڵای فرۆشراو"),
  fixed("expense", "5301", "payroll", "Salaries", "الرواتب", "مووچەکان"),
  fixed("damaged_stock", "5401", "damagedStock", "Damaged stock", "البضاعة التالفة", "کاڵای تێکچوو"),
  fixed("cash_over_short", "5501", "cashOverShort", "Cash over and short", "فائض وعجز الصندوق", "زیادە و کەمی سندووق"),
  fixed("currency_exchange", "5601", "exchange", "Currency exchange clearing", "مقاصة تحويل العملات", "پاکتاوکردنی ئاڵوگۆڕی دراو"),
  fixed("exchange_gain_loss", "5602", "exchange", "Exchange gains and losses", "أرباح وخسائر الصرف", "قازانج و زیانی ئاڵوگۆڕی دراو"),
];

/** The stable id of an account in the API: "inventory", "cashbox-3", "expense" (salaries), "expense-5". */
export const accountKey = (accountType: string, accountId: number | null) =>
  accountId === null ? accountType : `${accountType}-${accountId}`;

const ACCOUNT_KEY = /^([a-z][a-z_]{0,39})(?:-([1-9]\d{0,8}))?$/;

/** The account of a key, or null for anything that is not one (the route answers 404). */
export function parseAccountKey(key: string): { accountType: string; accountId: number | null } | null {
  const match = ACCOUNT_KEY.exec(key);
  if (!match) return null;
  return { accountType: match[1], accountId: match[2] === undefined ? null : Number(match[2]) };
}

export interface AccountPlace {
  group: ChartGroupKey;
  class: AccountClass;
  code: string;
  /** The name of a fixed account; null for a record's account (the record names it). */
  name: LocalName | null;
}

/** A record account's default code: its group's code and the record's id. */
export const recordAccountCode = (groupKey: ChartGroupKey, id: number) => `${CHART_GROUPS[groupKey].code}-${String(id).padStart(4, "0")}`;

/**
 * Where an account of the ledger sits. An account type this chart does not know yet (a later kind of
 * posting) lands under "Other accounts" in equity, so the statements still balance and show it.
 */
export function placeAccount(accountType: string, accountId: number | null): AccountPlace {
  if (accountId === null) {
    const known = FIXED_ACCOUNTS.find((a) => a.accountType === accountType);
    if (known) return { group: known.group, class: CHART_GROUPS[known.group].class, code: known.code, name: known.name };
  } else if (accountType in RECORD_ACCOUNT_GROUPS) {
    const groupKey = RECORD_ACCOUNT_GROUPS[accountType as RecordAccountType];
    return { group: groupKey, class: CHART_GROUPS[groupKey].class, code: recordAccountCode(groupKey, accountId), name: null };
  }
  const label = accountKey(accountType, accountId);
  return {
    group: "otherEquity",
    class: "equity",
    code: `${CHART_GROUPS.otherEquity.code}-${label}`,
    name: { en: label, ar: label, ckb: label },
  };
}

/** Codes people type: letters, digits, dots and dashes, up to 20. */
export const ACCOUNT_CODE = /^[A-Za-z0-9][A-Za-z0-9.-]{0,19}$/;

/** The order of the chart: by class, then by code. */
export function compareAccounts(a: { class: AccountClass; code: string }, b: { class: AccountClass; code: string }): number {
  const byClass = ACCOUNT_CLASSES.indexOf(a.class) - ACCOUNT_CLASSES.indexOf(b.class);
  return byClass !== 0 ? byClass : a.code.localeCompare(b.code, "en", { numeric: true });
}

/** An account of the chart as the API answers it (with the names in each language). */
export interface ChartAccount {
  id: string;
  code: string;
  name: string;
  name_ar: string;
  name_ckb: string;
  class: AccountClass;
  group: ChartGroupKey;
  /** The group's code. */
  parent: string;
  account_type: string;
  account_id: number | null;
  /** The record's branch (a cashbox, a customer, an employee); null when every branch shares it. */
  branch: number | null;
  /** The code or a name was changed from the chart's default. */
  changed: boolean;
}
