import { useAtom, useAtomValue } from "jotai";
import { Suspense, useCallback, useEffect, useState } from "react";
import { Navigate, Outlet } from "react-router";
import { drawerOpenAtom, storedUserAtom, tokenAtom } from "../lib/app-state";
import { yieldToMain } from "../lib/yield-to-main";
import { useMediaQuery } from "../lib/use-media-query";
import { bootOffline } from "../offline/boot";
import { afterFirstScreen } from "./first-screen";
import { LogoutGuard } from "./logout-guard";
import { MenuDrawer } from "./menu-drawer";
import { OfflineBanner } from "./offline-banner";
import { usePermissionRefresh } from "./permission-refresh";
import { Sidebar } from "./sidebar";
import { ScreenFallback } from "./route-screen";
import { WIDE_SCREEN } from "./screen-width";
import { runStartup } from "./startup";
import { TopBar } from "./top-bar";
import "./shell.css";

/**
 * The signed-in frame: top bar, sidebar and the routed screen, drawn with its own style sheet
 * (shell.css), not Chakra, so the first screen after sign-in does not wait for Chakra's theme system
 * (the first screen's budget, DESIGN section 6). Wide screens keep the sidebar beside the content and collapse it with
 * the menu button; narrow ones open it as a drawer from the start edge ("start" is logical: right in RTL).
 */
export function ShellLayout() {
  const token = useAtomValue(tokenAtom);
  const user = useAtomValue(storedUserAtom);
  const [pinnedOpen, setPinnedOpen] = useAtom(drawerOpenAtom);
  const [overlayOpen, setOverlayOpen] = useState(false);
  const compact = !useMediaQuery(WIDE_SCREEN);
  const closeDrawer = useCallback(() => setOverlayOpen(false), []);

  const signedIn = Boolean(token && user?.id);
  // Once the first screen has painted: the offline layer (unless that screen started it) and the
  // refresh of what the device keeps of the session (app/first-screen.ts).
  useEffect(() => {
    if (!signedIn) return;
    void afterFirstScreen().then(async () => {
      void bootOffline();
      await yieldToMain(); // the two start in tasks of their own
      void runStartup();
    });
  }, [signedIn, token]);
  usePermissionRefresh(signedIn);

  if (!signedIn) return <Navigate to="/login" replace />;

  const toggle = () => (compact ? setOverlayOpen((open) => !open) : setPinnedOpen(!pinnedOpen));

  return (
    <div className="shell">
      <TopBar onToggleDrawer={toggle} />
      <OfflineBanner />
      <LogoutGuard />
      <div className="shell-body">
        {!compact && pinnedOpen && (
          <aside className="shell-aside">
            <Sidebar />
          </aside>
        )}
        <main className="shell-main">
          <Suspense fallback={<ScreenFallback />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      {compact && <MenuDrawer open={overlayOpen} onClose={closeDrawer} />}
    </div>
  );
}
