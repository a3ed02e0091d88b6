import type { AuthUser } from "../../../src/core/api-types";
import { json } from "../../api/support/json";
import type { FaultServer } from "./fault-server";

/** A user signed in on the fault server: the token a device holds, its id and its default branch. */
export interface SignedIn {
  token: string;
  userId: number;
  branch: number;
}

export async function signIn(fs: FaultServer, username: string): Promise<SignedIn> {
  const token = await fs.login(username);
  const me = json<AuthUser>(await fs.call(token, "GET", "/api/user/me/"));
  return { token, userId: me.id, branch: me.default_branch_id ?? me.branches[0].id };
}
