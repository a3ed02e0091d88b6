import { useAtomValue } from "jotai";
import { Navigate, useNavigate } from "react-router";
import { storedUserAtom, tokenAtom } from "../../lib/app-state";
import { SignInPage } from "./sign-in-page";

/** The router's /login route: the sign-in page, or the dashboard when a session is already there. */
export default function LoginPage() {
  const navigate = useNavigate();
  const token = useAtomValue(tokenAtom);
  const user = useAtomValue(storedUserAtom);
  if (token && user?.id) return <Navigate to="/" replace />;
  return <SignInPage onSignedIn={() => navigate("/", { replace: true })} />;
}
