import { describe, expect, it } from "vitest";
import { changePasswordSchema, loginSchema, profileSchema } from "./auth-schemas";
import { errorsOf } from "./schema-test-helpers";

describe("loginSchema", () => {
  it("passes and trims the username but not the password", () => {
    expect(loginSchema.validateSync({ username: " admin ", password: " secret " })).toEqual({
      username: "admin",
      password: " secret ",
    });
  });
  it("requires both fields", () => {
    expect(errorsOf(loginSchema, { username: "  ", password: "" })).toEqual({
      username: ["This field is required"],
      password: ["This field is required"],
    });
  });
  it("caps the lengths", () => {
    expect(errorsOf(loginSchema, { username: "u".repeat(151), password: "p".repeat(129) })).toEqual({
      username: ["at most 150 characters"],
      password: ["at most 128 characters"],
    });
  });
});

describe("changePasswordSchema", () => {
  const valid = { old_password: "old-pass", new_password: "new-password", confirm_password: "new-password" };

  it("passes a valid body", () => {
    expect(errorsOf(changePasswordSchema, valid)).toBeNull();
  });
  it("needs at least 8 characters", () => {
    expect(errorsOf(changePasswordSchema, { ...valid, new_password: "short", confirm_password: "short" })).toEqual({
      new_password: ["must contain at least 8 characters"],
    });
  });
  it("needs the confirmation to match", () => {
    expect(errorsOf(changePasswordSchema, { ...valid, confirm_password: "other-password" })).toEqual({
      confirm_password: ["Passwords must match"],
    });
  });
  it("requires every field", () => {
    expect(errorsOf(changePasswordSchema, {})).toEqual({
      old_password: ["This field is required"],
      new_password: ["This field is required"],
      confirm_password: ["This field is required"],
    });
  });
});

describe("profileSchema", () => {
  it("passes a full or empty profile", () => {
    expect(errorsOf(profileSchema, { first_name: "Ara", last_name: "Omer", email: "ara@example.com", phone: "0750" })).toBeNull();
    expect(errorsOf(profileSchema, { email: null })).toBeNull();
  });
  it("checks the email and lengths", () => {
    expect(errorsOf(profileSchema, { email: "not-an-email", first_name: "x".repeat(151) })).toEqual({
      email: ["must be a valid email"],
      first_name: ["at most 150 characters"],
    });
  });
});
