import { setupI18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { describe, expect, it } from "vitest";
import { messages as ar } from "../../locales/ar.po";
import { auditChangeLines, auditFieldLabel } from "./audit-labels";

const arabic = setupI18n({ locale: "ar", messages: { ar } });

describe("a record's history in the user's language", () => {
  it("names the columns as the forms do, and a column it does not know by its words", () => {
    expect(auditFieldLabel(arabic, "paid_amount")).not.toBe("Paid Amount");
    expect(auditFieldLabel(arabic, "paid_amount")).toMatch(/\p{Script=Arabic}/u);
    expect(auditFieldLabel(arabic, "brand_new_column")).toBe("Brand new column");
  });

  it("shows flags as yes or no, timestamps in the display format and references by number", () => {
    const lines = auditChangeLines(arabic, {
      is_active: { old: true, new: false },
      approved_at: { old: null, new: "2026-11-25T06:10:00+00:00" },
      customer_id: { old: 3, new: 12 },
      note: { old: null, new: "first" },
      input_date: { old: "2026-11-24", new: "2026-11-25" },
      payment_type: { old: "cash", new: "debit" },
      ip: "10.0.0.1",
    });
    const byField = Object.fromEntries(lines.map((l) => [l.field, l]));
    expect(byField.is_active.old).toBe(arabic._(msg`Yes`));
    expect(byField.is_active.new).toBe(arabic._(msg`No`));
    expect(byField.is_active.old).not.toBe(byField.is_active.new);
    expect(byField.is_active.new).toMatch(/\p{Script=Arabic}/u);
    expect(byField.approved_at.new).not.toContain("T06:10");
    expect(byField.approved_at.new).toMatch(/2026/);
    expect(byField.customer_id).toMatchObject({ old: "#3", new: "#12", isChange: true });
    expect(byField.input_date).toMatchObject({ old: "24/11/2026", new: "25/11/2026" });
    expect(byField.payment_type.new).toMatch(/\p{Script=Arabic}/u);
    expect(byField.note).toMatchObject({ old: "", new: "first" });
    expect(byField.ip).toMatchObject({ old: "", new: "10.0.0.1", isChange: false });
  });
});
