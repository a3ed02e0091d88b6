import { describe, expect, it } from "vitest";
import { groupSchema, userCreateSchema } from "./user-schemas";

const valid = { username: "sara", password: "long enough 1", branches: [2], default_branch: 2 };

describe("user schemas", () => {
  it("accepts a user with a default branch among their branches", async () => {
    await expect(userCreateSchema.validate(valid)).resolves.toMatchObject({ username: "sara", is_active: true, groups: [] });
  });

  it("refuses a short password, the username as password, and a default branch outside the branches", async () => {
    await expect(userCreateSchema.validate({ ...valid, password: "short" })).rejects.toThrow("must contain at least 8 characters");
    await expect(userCreateSchema.validate({ ...valid, password: "SARA" })).rejects.toThrow();
    await expect(userCreateSchema.validate({ ...valid, username: "patricia1", password: "PATRICIA1" })).rejects.toThrow(
      "The password must not be the username",
    );
    await expect(userCreateSchema.validate({ ...valid, default_branch: 3 })).rejects.toThrow(
      "The default branch must be one of the user's branches",
    );
    await expect(userCreateSchema.validate({ ...valid, username: "has space" })).rejects.toThrow("is invalid");
  });

  it("a role needs a name", async () => {
    await expect(groupSchema.validate({ name: " ", permissions: [] })).rejects.toThrow("This field is required");
  });
});
