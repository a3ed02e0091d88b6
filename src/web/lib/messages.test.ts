import { beforeAll, describe, expect, it } from "vitest";
import { MESSAGES, type MessageKey } from "../../core/messages";
import { i18n } from "./i18n";
import { MESSAGE_DESCRIPTORS, translateMessage } from "./messages";

describe("MESSAGE_DESCRIPTORS", () => {
  it("has a descriptor with the same text for every MESSAGES entry", () => {
    for (const key of Object.keys(MESSAGES) as MessageKey[]) {
      const descriptor = MESSAGE_DESCRIPTORS[key];
      expect(descriptor, key).toBeDefined();
      expect(descriptor.message, key).toBe(MESSAGES[key]);
    }
    expect(Object.keys(MESSAGE_DESCRIPTORS).sort()).toEqual(Object.keys(MESSAGES).sort());
  });
});

describe("translateMessage", () => {
  beforeAll(() => {
    // A tiny test catalog keyed by the descriptors' generated ids.
    const id = (key: MessageKey) => MESSAGE_DESCRIPTORS[key].id;
    i18n.loadAndActivate({
      locale: "ar",
      messages: {
        [id("required")]: "هذا الحقل مطلوب",
        [id("minLength")]: "يجب أن يحتوي على {min} أحرف على الأقل",
      },
    });
  });

  it("translates a plain server message", () => {
    expect(translateMessage("This field is required")).toBe("هذا الحقل مطلوب");
  });

  it("translates an interpolated yup message and keeps its values", () => {
    expect(translateMessage("must contain at least 3 characters")).toBe("يجب أن يحتوي على 3 أحرف على الأقل");
  });

  it("falls back to the English template when the catalog lacks it", () => {
    expect(translateMessage("Item not found")).toBe("Item not found");
    expect(translateMessage("Unknown filter: price__foo")).toBe("Unknown filter: price__foo");
  });

  it("leaves unknown text as it came", () => {
    expect(translateMessage("Something unheard of")).toBe("Something unheard of");
  });
});
