// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderInLanguage } from "../../testing/render";
import type { ColumnDef } from "./column-def";
import { SimpleTable } from "./simple-table";

interface Line {
  id: number;
  name: string;
}

const columns: ColumnDef<Line>[] = [
  { key: "id", title: "ID", sortable: true },
  { key: "name", title: "Name" },
];
const lines: Line[] = Array.from({ length: 120 }, (_, i) => ({ id: i + 1, name: `Line ${i + 1}` }));

/** The body rows on screen (the head row and the footer's are left out). */
const bodyRows = () => within(screen.getByRole("table")).getAllByRole("row").slice(1);

afterEach(cleanup);

describe("the simple table's footer", { timeout: 30_000 }, () => {
  it("offers 10, 25, 50, 100 and all rows per page, and shows as many", async () => {
    await renderInLanguage("en", <SimpleTable columns={columns} rows={lines} label="Lines" />);
    const choice = screen.getByRole<HTMLSelectElement>("combobox", { name: "Rows per page" });
    expect([...choice.options].map((o) => o.textContent)).toEqual(["10", "25", "50", "100", "All"]);
    expect(bodyRows()).toHaveLength(25);
    expect(screen.getByText("Page 1 of 5 (120 records)")).toBeTruthy();

    fireEvent.change(choice, { target: { value: "10" } });
    expect(bodyRows()).toHaveLength(10);
    fireEvent.click(screen.getByRole("button", { name: "Next page" }));
    expect(bodyRows()[0].textContent).toContain("Line 11");
    expect(screen.getByText("Page 2 of 12 (120 records)")).toBeTruthy();

    // A new page size starts again from the first page.
    fireEvent.change(choice, { target: { value: "100" } });
    expect(bodyRows()).toHaveLength(100);
    expect(bodyRows()[0].textContent).toContain("Line 1");
    fireEvent.change(choice, { target: { value: "all" } });
    expect(bodyRows()).toHaveLength(120);
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Next page" }).disabled).toBe(true);
  });

  it("pages the sorted rows, not the rows as given", async () => {
    await renderInLanguage("en", <SimpleTable columns={columns} rows={lines} label="Lines" defaultPageSize={10} />);
    const sort = within(screen.getByRole("columnheader", { name: "ID" })).getByRole("button");
    fireEvent.click(sort);
    fireEvent.click(sort);
    expect(bodyRows()[0].textContent).toContain("Line 120");
  });

  it("says All in Arabic and Kurdish", async () => {
    await renderInLanguage("ar", <SimpleTable columns={columns} rows={lines} label="Lines" />);
    const arabic = [...screen.getByRole<HTMLSelectElement>("combobox").options].map((o) => o.textContent);
    cleanup();
    await renderInLanguage("ckb", <SimpleTable columns={columns} rows={lines} label="Lines" />);
    const kurdish = [...screen.getByRole<HTMLSelectElement>("combobox").options].map((o) => o.textContent);
    expect(arabic.slice(0, 4)).toEqual(["10", "25", "50", "100"]);
    expect(arabic[4]).not.toBe("All");
    expect(kurdish[4]).not.toBe("All");
    expect(kurdish[4]).not.toBe(arabic[4]);
  });

  it("has no footer when there are no rows", async () => {
    await renderInLanguage("en", <SimpleTable columns={columns} rows={[]} label="Lines" />);
    expect(screen.getByText("No results found")).toBeTruthy();
    expect(screen.queryByRole("combobox", { name: "Rows per page" })).toBeNull();
  });
});
