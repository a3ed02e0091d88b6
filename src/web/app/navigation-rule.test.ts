import { describe, expect, it } from "vitest";
import { decideNavigation } from "./navigation-rule";

const clerk = { is_superuser: false, permissions: ["view_item", "add_item"] };
const admin = { is_superuser: true, permissions: [] };

describe("decideNavigation", () => {
  it("shows a route without permissions to anyone, titled with the product name when untitled", () => {
    expect(decideNavigation(null, [], null)).toEqual({ kind: "show", documentTitle: "Back Office" });
    expect(decideNavigation(clerk, [], "Profile")).toEqual({ kind: "show", documentTitle: "Profile" });
  });

  it("shows a route when the user holds one of the codes", () => {
    expect(decideNavigation(clerk, ["change_item", "add_item"], "Items")).toEqual({ kind: "show", documentTitle: "Items" });
  });

  it("lets a superuser through everything", () => {
    expect(decideNavigation(admin, ["view_sale"], "Sales")).toEqual({ kind: "show", documentTitle: "Sales" });
  });

  it("sends everyone else to not-found", () => {
    expect(decideNavigation(clerk, ["view_sale"], "Sales")).toEqual({ kind: "redirect", to: "not-found" });
    expect(decideNavigation(null, ["view_sale"], "Sales")).toEqual({ kind: "redirect", to: "not-found" });
  });
});
