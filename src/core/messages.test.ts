import { describe, expect, it } from "vitest";
import { MESSAGES, interpolate, matchTemplate } from "./messages";

describe("MESSAGES", () => {
  it("holds the exact texts of SPEC sections 5 and 8", () => {
    expect(MESSAGES.required).toBe("This field is required");
    expect(MESSAGES.minLength).toBe("must contain at least {min} characters");
    expect(MESSAGES.saved).toBe("Saved successfully");
    expect(MESSAGES.approved).toBe("Approved Successfully");
    expect(MESSAGES.refreshPage).toBe("There was an error, please refresh the page and try again");
    expect(MESSAGES.notEnoughQuantity).toBe("No enough quantity available");
    expect(MESSAGES.numberNotValid).toBe("The entered number was not valid");
  });

  it("has no two keys with the same text, so a text maps back to one key", () => {
    const texts = Object.values(MESSAGES);
    expect(new Set(texts).size).toBe(texts.length);
  });
});

describe("interpolate", () => {
  it("fills placeholders", () => {
    expect(interpolate(MESSAGES.minLength, { min: 3 })).toBe("must contain at least 3 characters");
    expect(interpolate(MESSAGES.unknownFilter, { name: "price__foo" })).toBe("Unknown filter: price__foo");
  });
  it("leaves a placeholder without a value as it is", () => {
    expect(interpolate("between {min} and {max}", { min: 1 })).toBe("between 1 and {max}");
  });
  it("returns a template without placeholders unchanged", () => {
    expect(interpolate(MESSAGES.saved)).toBe("Saved successfully");
  });
  it("does not treat inherited properties as values", () => {
    expect(interpolate("{toString}", {})).toBe("{toString}");
  });
});

describe("matchTemplate", () => {
  it("recognises an interpolated message and extracts its values", () => {
    expect(matchTemplate("must contain at least 3 characters")).toEqual({
      template: MESSAGES.minLength,
      values: { min: "3" },
    });
    expect(matchTemplate("Unknown ordering: -price")).toEqual({
      template: MESSAGES.unknownOrdering,
      values: { name: "-price" },
    });
  });

  it("prefers the longer template when a shorter one would also match", () => {
    expect(matchTemplate("greater than or equal to 0")).toEqual({
      template: MESSAGES.greaterThanOrEqual,
      values: { min: "0" },
    });
    expect(matchTemplate("greater than 0")).toEqual({ template: MESSAGES.greaterThan, values: { min: "0" } });
    expect(matchTemplate("less than or equal to 10")?.template).toBe(MESSAGES.lessThanOrEqual);
  });

  it("recognises plain messages with empty values", () => {
    expect(matchTemplate("Deleted successfully")).toEqual({ template: MESSAGES.deleted, values: {} });
  });

  it("gives null for unknown text and partial matches", () => {
    expect(matchTemplate("Something else")).toBeNull();
    expect(matchTemplate("x must contain at least 3 characters")).toBeNull();
    expect(matchTemplate("must contain at least  characters")).toBeNull();
  });

  it("round-trips every template through interpolate", () => {
    // Every placeholder used anywhere must be filled below, or the round trip proves nothing.
    const used = new Set(Object.values(MESSAGES).flatMap((t) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1])));
    expect([...used].sort()).toEqual(["cell", "length", "max", "min", "name", "names", "row", "value", "values"]);
    for (const template of Object.values(MESSAGES)) {
      const values = {
        min: "2",
        max: "9",
        name: "field",
        values: "1, 2",
        length: "4",
        value: "true",
        names: "a, b",
        row: "12",
        cell: "B3",
      };
      const text = interpolate(template, values);
      const match = matchTemplate(text);
      expect(match?.template).toBe(template);
      expect(interpolate(match!.template, match!.values)).toBe(text);
    }
  });
});
