import { describe, expect, it } from "vitest";
import { customerSchema, partnerSchema, supplierSchema } from "./partner-schemas";
import { errorsOf } from "./schema-test-helpers";

describe("supplierSchema", () => {
  it("passes a valid supplier, trimming the name", () => {
    expect(supplierSchema.validateSync({ name: "  Ali Co ", phone: "0750", address: null, branches: [1, "2"] })).toEqual({
      name: "Ali Co",
      phone: "0750",
      address: null,
      branches: [1, 2],
    });
  });
  it("refuses a blank name and an empty branch list", () => {
    expect(errorsOf(supplierSchema, { name: "   ", branches: [] })).toEqual({
      name: ["This field is required"],
      branches: ["Select at least one branch"],
    });
  });
  it("refuses bad branch ids", () => {
    expect(errorsOf(supplierSchema, { name: "A", branches: [1, 0] })).toEqual({ "branches[1]": ["must be positive"] });
  });
  it("caps phone length", () => {
    expect(errorsOf(supplierSchema, { name: "A", branches: [1], phone: "1".repeat(33) })).toEqual({
      phone: ["at most 32 characters"],
    });
  });
});

describe("customerSchema", () => {
  it("passes a valid customer", () => {
    expect(errorsOf(customerSchema, { name: "Sara", phone: "0770", address: "Erbil", city: 2, branch: 1 })).toBeNull();
    expect(errorsOf(customerSchema, { name: "Sara", city: "", branch: "1" })).toBeNull();
  });
  it("requires a trimmed name and a branch", () => {
    expect(errorsOf(customerSchema, { name: " " })).toEqual({
      name: ["This field is required"],
      branch: ["This field is required"],
    });
  });
});

describe("customerSchema credit_limit", () => {
  it("is optional, >= 0, to the cent; empty means no limit", () => {
    expect(errorsOf(customerSchema, { name: "S", branch: 1, credit_limit: "1500000" })).toBeNull();
    expect(errorsOf(customerSchema, { name: "S", branch: 1, credit_limit: 0 })).toBeNull();
    expect(errorsOf(customerSchema, { name: "S", branch: 1, credit_limit: "" })).toBeNull();
    expect(errorsOf(customerSchema, { name: "S", branch: 1, credit_limit: null })).toBeNull();
    expect(errorsOf(customerSchema, { name: "S", branch: 1, credit_limit: "-1" })).toEqual({
      credit_limit: ["greater than or equal to 0"],
    });
    expect(errorsOf(customerSchema, { name: "S", branch: 1, credit_limit: "1.005" })).toHaveProperty("credit_limit");
    expect(errorsOf(customerSchema, { name: "S", branch: 1, credit_limit: "x" })).toHaveProperty("credit_limit");
  });
});

describe("partnerSchema", () => {
  it("passes a customer, a supplier or both", () => {
    expect(errorsOf(partnerSchema, { name: "P", is_customer: true })).toBeNull();
    expect(errorsOf(partnerSchema, { name: "P", is_supplier: true })).toBeNull();
    expect(errorsOf(partnerSchema, { name: "P", is_customer: true, is_supplier: true })).toBeNull();
  });
  it("needs at least one role", () => {
    expect(errorsOf(partnerSchema, { name: "P", is_customer: false, is_supplier: false })).toEqual({
      is_customer: ["Choose customer, supplier or both"],
    });
    expect(errorsOf(partnerSchema, { name: "P" })).toEqual({ is_customer: ["Choose customer, supplier or both"] });
  });
});
