import { useLingui } from "@lingui/react/macro";
import { I18nProvider } from "@lingui/react";
import { StrictMode, useEffect } from "react";
import { createRoot } from "react-dom/client";
import { useActiveLanguage } from "../../app/use-active-language";
import { i18n } from "../../lib/i18n";
import { SignInPage } from "./sign-in-page";

function DocumentTitle() {
  const { t } = useLingui();
  const title = t`Sign in`;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}

function FirstSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const { ready } = useActiveLanguage();
  if (!ready) return null;
  return (
    <I18nProvider i18n={i18n}>
      <DocumentTitle />
      <SignInPage onSignedIn={onSignedIn} />
    </I18nProvider>
  );
}

/**
 * A device without a session opens on the sign-in page alone (main.tsx): React and the page's own
 * chunk, without the app (Chakra, the router, the shell), which loads once the user has signed in.
 * `signedIn` is called with the function that unmounts this page, to call right before the app
 * renders into the same container (the page stays, its button busy, while the app loads).
 */
export function mountFirstSignIn(container: HTMLElement, signedIn: (unmount: () => void) => Promise<void>): void {
  const root = createRoot(container);
  const onSignedIn = () => void signedIn(() => root.unmount()).catch((error: unknown) => console.error(error));
  root.render(
    <StrictMode>
      <FirstSignIn onSignedIn={onSignedIn} />
    </StrictMode>,
  );
}
