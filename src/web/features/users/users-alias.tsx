import { Navigate } from "react-router";
import { USERS_PATH } from "./user-form";

/** /setting/user, the path a person would guess, leads to SPEC's /setting.user. */
export default function UsersAlias() {
  return <Navigate to={USERS_PATH} replace />;
}
