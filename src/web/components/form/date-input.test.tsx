// @vitest-environment jsdom
import { useState } from "react";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Language } from "../../lib/app-state";
import { chakraLocale } from "../../lib/i18n";
import { renderInLanguage } from "../../testing/render";
import { DateInput } from "./date-input";

/** A date field as a form holds it: the value the input hands back is what it shows next. */
function Field({ initial = "", onValue }: { initial?: string; onValue?: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateInput
      aria-label="Date"
      value={value}
      onValueChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

const sundayIn = (language: Language) => new Intl.DateTimeFormat(chakraLocale(language), { weekday: "long" }).format(new Date(2026, 0, 4));

async function openCalendar(): Promise<HTMLElement> {
  fireEvent.click(screen.getAllByRole("button")[0]);
  return screen.findByRole("grid");
}

beforeAll(() => {
  // A browser whose own locale starts the week on Monday: the calendar must not follow it.
  Object.defineProperty(window.navigator, "language", { value: "de-DE", configurable: true });
  Object.defineProperty(window.navigator, "languages", { value: ["de-DE", "fr-FR"], configurable: true });
  // jsdom has no layout: the popover's positioning asks for these.
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(cleanup);

// The first render loads Chakra's system and a catalog: slow on a busy machine.
describe("the date input's calendar", { timeout: 30_000 }, () => {
  it.each<Language>(["en", "ar", "ckb"])("starts its weeks on Sunday in %s, whatever the browser's locale", async (language) => {
    await renderInLanguage(language, <Field initial="2026-11-18" />);
    const grid = await openCalendar();
    const headers = within(grid).getAllByRole("columnheader");
    expect(headers).toHaveLength(7);
    expect(headers[0].getAttribute("abbr")).toBe(sundayIn(language));
    // The first cell of every week is a Sunday.
    const firstOfWeeks = within(grid)
      .getAllByRole("row")
      .slice(1)
      .map((row) => within(row).getAllByRole("button")[0].getAttribute("data-date") ?? "");
    expect(firstOfWeeks).toEqual(["2026-11-01", "2026-11-08", "2026-11-15", "2026-11-22", "2026-11-29"]);
    expect(screen.getByTestId("date-calendar").getAttribute("dir")).toBe(language === "en" ? "ltr" : "rtl");
  });

  it("moves with the keyboard from the chosen day, and the day picked fills the field and closes the calendar", async () => {
    const values: string[] = [];
    await renderInLanguage("en", <Field initial="2026-11-18" onValue={(v) => values.push(v)} />);
    const grid = await openCalendar();
    const chosen = within(grid).getByRole("button", { name: "Wednesday, November 18, 2026" });
    await waitFor(() => expect(document.activeElement).toBe(chosen));
    fireEvent.keyDown(chosen, { key: "ArrowRight" });
    fireEvent.keyDown(document.activeElement ?? chosen, { key: "ArrowDown" });
    const next = within(grid).getByRole("button", { name: "Thursday, November 26, 2026" });
    expect(document.activeElement).toBe(next);
    // A button's Enter is the browser's click (the end-to-end test presses it).
    act(() => next.click());
    expect(values).toEqual(["2026-11-26"]);
    expect(screen.getByRole<HTMLInputElement>("textbox", { name: "Date" }).value).toBe("26/11/2026");
    await waitFor(() => expect(screen.queryByRole("grid")).toBeNull());
  });

  it("moves right to left in Arabic: the left arrow is the next day", async () => {
    await renderInLanguage("ar", <Field initial="2026-11-18" />);
    const grid = await openCalendar();
    const chosen = within(grid)
      .getAllByRole("button")
      .find((b) => b.getAttribute("data-date") === "2026-11-18");
    if (!chosen) throw new Error("the chosen day is not in the grid");
    await waitFor(() => expect(document.activeElement).toBe(chosen));
    fireEvent.keyDown(chosen, { key: "ArrowLeft" });
    expect(document.activeElement?.getAttribute("data-date")).toBe("2026-11-19");
  });

  it("closes on Escape without changing the date", async () => {
    const values: string[] = [];
    await renderInLanguage("en", <Field initial="2026-11-18" onValue={(v) => values.push(v)} />);
    const grid = await openCalendar();
    // The popover listens for Escape once it has opened, which is when it moves the focus into the grid:
    // a key pressed before that is lost (the flake this test had on a busy machine).
    await waitFor(() => expect(grid.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement ?? grid, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("grid")).toBeNull());
    expect(values).toEqual([]);
  });

  it("still takes a typed date, day first, two-digit year expanded", async () => {
    const values: string[] = [];
    await renderInLanguage("en", <Field onValue={(v) => values.push(v)} />);
    fireEvent.change(screen.getByRole("textbox", { name: "Date" }), { target: { value: "21/11/26" } });
    expect(values.at(-1)).toBe("2026-11-21");
    const grid = await openCalendar();
    expect(within(grid).getByRole("gridcell", { selected: true }).textContent).toBe("21");
  });
});
