// Page helpers: every selector the e2e tests use lives here, written against accessible names
// (labels, roles, button texts), so that a change of the UI is one edit in this file.
import { expect, type Locator, type Page, type Response } from "@playwright/test";
import type { Credentials } from "./users";

const ARABIC = /[\u0600-\u06FF]/;

export class LoginPage {
  constructor(private readonly page: Page) {}

  readonly username = (): Locator => this.page.getByLabel("Username", { exact: true });
  readonly password = (): Locator => this.page.getByLabel("Password", { exact: true });
  readonly submit = (): Locator => this.page.getByRole("button", { name: "Sign in", exact: true });

  async goto(): Promise<void> {
    await this.page.goto("/login");
  }

  /** Signs in through the form and waits until the app has left the login page. */
  async signIn(user: Credentials): Promise<void> {
    await this.goto();
    await this.username().fill(user.username);
    await this.password().fill(user.password);
    await this.submit().click();
    await expect(this.page).not.toHaveURL(/\/login(\/|\?|$)/);
  }
}

/** Chrome around every signed-in page: sidebar and user menu. */
export class Shell {
  constructor(private readonly page: Page) {}

  readonly sidebar = (): Locator => this.page.getByRole("navigation").first();
  // By test id: its accessible name is the user's name and "user menu" in the page's language.
  readonly userMenu = (): Locator => this.page.getByTestId("user-menu").first();

  /** Opens the user menu and picks a language by its own name ("English", "العربية", "کوردی"). */
  async switchLanguage(languageName: string): Promise<void> {
    const choice = this.page
      .getByRole("menuitem", { name: languageName })
      .or(this.page.getByRole("menuitemradio", { name: languageName }))
      .or(this.page.getByRole("option", { name: languageName }))
      .or(this.page.getByRole("button", { name: languageName }))
      .first();
    const lang = { English: "en", العربية: "ar", کوردی: "ckb" }[languageName];
    // Retried while the menu is still settling (its first press loads it), as logout() is.
    await expect(async () => {
      if (!(await choice.isVisible())) await this.userMenu().click();
      await choice.click({ timeout: 2_000 });
      if (lang) await expect.poll(() => this.page.evaluate(() => document.documentElement.lang), { timeout: 2_000 }).toBe(lang);
    }).toPass({ timeout: 20_000 });
  }

  /** Opens the user menu (unless it is open) and picks Logout; retried while the menu is still settling. */
  async chooseLogout(): Promise<void> {
    const logout = this.page.getByRole("menuitem", { name: "Logout" });
    await expect(async () => {
      if (!(await logout.isVisible())) await this.userMenu().click();
      await logout.click({ timeout: 2_000 });
      await expect(logout).toBeHidden({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  }

  async expectRightToLeft(): Promise<void> {
    await expect.poll(() => this.page.evaluate(() => document.documentElement.dir)).toBe("rtl");
  }

  async expectSidebarInArabic(): Promise<void> {
    await expect(this.sidebar()).toContainText(ARABIC);
  }
}

/** A list screen built on the shared paged table (SPEC section 2). */
export class ListPage {
  constructor(
    private readonly page: Page,
    /** route, e.g. "/stock/item-group" */
    readonly path: string,
    /** API resource the table reads, e.g. "item-group/" */
    readonly resource: string,
  ) {}

  async goto(): Promise<void> {
    await this.page.goto(this.path);
  }

  async expectOpen(): Promise<void> {
    await expect(this.page).toHaveURL(new RegExp(`${escapeRe(this.path)}/?(\\?.*)?$`));
  }

  readonly addButton = (): Locator => this.page.getByRole("button", { name: "Add", exact: true });
  readonly filter = (column: string): Locator => this.page.getByLabel(`Filter ${column}`, { exact: true });
  readonly header = (column: string): Locator => this.page.getByRole("columnheader", { name: column, exact: true }).first();
  /** What to click to sort by a column: its sort button, or the header itself. */
  readonly sortControl = (column: string): Locator =>
    this.header(column).getByRole("button", { name: column, exact: true }).or(this.header(column)).first();
  /** Body rows whose text contains `text`. */
  readonly rows = (text: string): Locator => this.page.getByRole("row").filter({ hasText: text });

  /** Resolves with the next list call of this table (GET <resource> with query parameters). */
  nextListResponse(match: (url: URL) => boolean = () => true): Promise<Response> {
    return this.page.waitForResponse((r) => {
      const url = new URL(r.url());
      return r.request().method() === "GET" && url.pathname.endsWith(`/api/${this.resource}`) && match(url);
    });
  }

  /** Types into a column's filter and waits for the table to reload with that value in its query. */
  async filterBy(column: string, value: string): Promise<void> {
    const input = this.filter(column);
    const reload = this.nextListResponse((url) => [...url.searchParams.values()].includes(value));
    await input.fill("");
    await input.fill(value);
    await input.press("Enter");
    expect((await reload).ok()).toBe(true);
  }

  /** Clicks a sortable header and waits for the reload with `ordering=<key>` (or `-<key>`). */
  async sortBy(column: string, key: string, direction: "asc" | "desc" = "asc"): Promise<void> {
    const expected = direction === "asc" ? key : `-${key}`;
    const reload = this.nextListResponse((url) => url.searchParams.get("ordering") === expected);
    await this.sortControl(column).click();
    expect((await reload).ok()).toBe(true);
  }

  async openForEdit(text: string): Promise<void> {
    await this.rows(text).first().dblclick();
  }

  async deleteRow(text: string): Promise<void> {
    await this.rows(text).first().getByRole("button", { name: "Delete" }).click();
    await this.page.getByRole("button", { name: "Confirm", exact: true }).click();
  }
}

/** An add or edit form screen. */
export class FormPage {
  constructor(private readonly page: Page) {}

  readonly field = (label: string): Locator => this.page.getByRole("textbox", { name: label, exact: true });
  readonly saveButton = (): Locator => this.page.getByRole("button", { name: "Save", exact: true });

  async fill(values: Record<string, string>): Promise<void> {
    for (const [label, value] of Object.entries(values)) await this.field(label).fill(value);
  }

  async save(): Promise<void> {
    await this.saveButton().click();
  }
}

/** A document form with a scan box (purchase, transfer, sale...). */
export class DocumentFormPage {
  constructor(private readonly page: Page) {}

  readonly scanBox = (): Locator => this.page.getByRole("textbox", { name: "Scan barcode" });
  /** The totals panel, and the payment status badge in it (its text names the status; "Paid" is also a row label). */
  readonly totals = (): Locator => this.page.getByTestId("document-totals");
  readonly paymentStatus = (): Locator => this.totals().getByTestId("payment-status");

  /** Opens the form and waits for its scan box (give a longer timeout offline, where the service worker serves the app). */
  async open(path: string, timeout?: number): Promise<Locator> {
    await this.page.goto(path);
    await expect(this.scanBox()).toBeVisible({ timeout });
    return this.scanBox();
  }

  /** The document's date, typed day first (DD/MM/YYYY). */
  readonly date = (): Locator => this.page.getByRole("textbox", { name: "Date", exact: true });
  readonly saveButton = (): Locator => this.page.getByRole("button", { name: "Save", exact: true });

  /** A line's amount as shown ("Quantity 1"): a button until it is edited (line-amount-field.tsx). */
  readonly lineAmount = (label: string): Locator => this.page.getByRole("button", { name: label, exact: true });

  /** Types a line's amount: the shown value turns into an input when clicked. */
  async setLineAmount(label: string, value: string): Promise<void> {
    await this.lineAmount(label).click();
    await this.page.getByRole("textbox", { name: label, exact: true }).fill(value);
  }

  /** Picks an option of the select labelled `label`; a select with a single choice is picked and hidden, so skipped. */
  async choose(label: string, option: string): Promise<void> {
    const box = this.page.getByRole("combobox", { name: new RegExp(`^${label}`) });
    if (!(await box.isVisible())) return;
    await box.click();
    await box.fill(option);
    await this.page.getByRole("option", { name: option, exact: true }).first().click();
  }
}

/** The pagination control under a paged list: its previous and next buttons, named in the shown language. */
export class Pagination {
  private static readonly NAMES = {
    en: { previous: "Previous page", next: "Next page" },
    ar: { previous: "الصفحة السابقة", next: "الصفحة التالية" },
    ckb: { previous: "پەڕەی پێشوو", next: "پەڕەی دواتر" },
  } as const;

  constructor(
    private readonly page: Page,
    private readonly language: keyof typeof Pagination.NAMES = "en",
  ) {}

  readonly previous = (): Locator => this.page.getByRole("button", { name: Pagination.NAMES[this.language].previous, exact: true });
  readonly next = (): Locator => this.page.getByRole("button", { name: Pagination.NAMES[this.language].next, exact: true });
}

export class NotFoundPage {
  constructor(private readonly page: Page) {}

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveTitle(/Page not found/);
  }
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** An account statement screen (cashbox, customer or supplier): filters, the two balances and the entries table. */
export class StatementPage {
  constructor(
    private readonly page: Page,
    readonly kind: "cashbox" | "customer" | "supplier",
  ) {}

  async goto(): Promise<void> {
    await this.page.goto(`/accounting/${this.kind}/detail-account-statement`);
  }

  /** The account selector ("Cashbox", "Customer" or "Supplier"). */
  readonly accountSelect = (): Locator =>
    this.page.getByRole("combobox", { name: new RegExp(`^${this.kind[0].toUpperCase()}${this.kind.slice(1)}`) });
  readonly opening = (): Locator => this.page.getByRole("group", { name: "Opening balance", exact: true });
  readonly closing = (): Locator => this.page.getByRole("group", { name: "Closing balance", exact: true });
  readonly inWords = (): Locator => this.page.getByRole("group", { name: "Amount in words", exact: true });
  readonly table = (): Locator => this.page.getByRole("table", { name: "Statement entries", exact: true });
  /** The body rows of the entries table (one per ledger entry). */
  readonly entries = (): Locator => this.table().locator("tbody tr");
  readonly printButton = (): Locator => this.page.getByRole("button", { name: "Print A4", exact: true });
  readonly exportButton = (): Locator => this.page.getByRole("button", { name: "Export CSV", exact: true });
  readonly datePresets = (): Locator => this.page.getByRole("button", { name: "Date presets", exact: true });

  /** Resolves with the next statement call of this screen. */
  nextStatement(): Promise<Response> {
    return this.page.waitForResponse(
      (r) => r.request().method() === "GET" && new URL(r.url()).pathname.endsWith(`/api/accounting/statement/${this.kind}/`),
    );
  }

  /** Picks the account by the option's shown name. */
  async chooseAccount(option: string): Promise<void> {
    const box = this.accountSelect();
    await box.click();
    await box.fill(option);
    await this.page.getByRole("option", { name: option, exact: true }).first().click();
  }

  /** Picks a date preset ("This year") or "Clear" from the date range's menu. */
  async choosePreset(name: string): Promise<void> {
    await this.datePresets().click();
    await this.page.getByRole("menuitem", { name, exact: true }).click();
  }
}

/** The dashboard (/): its region of cards, each card's title a link to the list or report behind it, and its charts. */
export class DashboardPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto("/");
  }

  /** The cards' region, named "Today's figures" in the shown language. */
  readonly cards = (name = "Today's figures"): Locator => this.page.getByRole("region", { name, exact: true });
  readonly cardLink = (title: string): Locator => this.cards().getByRole("link", { name: title, exact: true });
  /** A chart by its accessible name, once Recharts has drawn it: scrolled to first, as a chart draws when it nears the viewport. */
  async chart(name: string): Promise<Locator> {
    const box = this.page.getByRole("img", { name, exact: true });
    await box.scrollIntoViewIfNeeded();
    return box.locator("svg.recharts-surface").first();
  }
}

/** The attachments panel of a document view (purchase, expense, payment). */
export class AttachmentsPanel {
  constructor(private readonly page: Page) {}

  readonly panel = (): Locator => this.page.getByRole("region", { name: "Attachments" });
  readonly fileInput = (): Locator => this.page.getByLabel("Add attachment", { exact: true });
  readonly listed = (fileName: string): Locator => this.panel().getByRole("listitem").filter({ hasText: fileName });

  async attach(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.fileInput().setInputFiles(file);
  }
}
