import { Box, CloseButton, Drawer, Flex, Portal, useBreakpointValue } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { useAtom, useAtomValue } from "jotai";
import { Suspense, use, useEffect, useState, type ReactNode } from "react";
import { Navigate, Outlet } from "react-router";
import { drawerOpenAtom, storedUserAtom, tokenAtom } from "../lib/app-state";
import { bootOffline } from "../offline/boot";
import { LogoutGuard } from "./logout-guard";
import { usePermissionRefresh } from "./permission-refresh";
import { Sidebar } from "./sidebar";
import { ScreenFallback } from "./route-screen";
import { runStartup } from "./startup";
import { TopBar } from "./top-bar";

const SIDEBAR_WIDTH = "260px";

/**
 * The routed screen waits for the offline runtime (its own chunk, asked for by main.tsx at start-up),
 * so no screen runs a create without the outbox; the top bar and the sidebar show meanwhile.
 */
function OfflineReady({ children }: { children: ReactNode }) {
  use(bootOffline());
  return children;
}

/**
 * The signed-in frame: top bar, sidebar and the routed screen. Wide screens (a 10-inch tablet in
 * landscape and up) keep the sidebar beside the content and collapse it with the menu button; narrow
 * ones open it as an overlay drawer from the start edge ("start" is logical: right in RTL).
 */
export function ShellLayout() {
  const token = useAtomValue(tokenAtom);
  const user = useAtomValue(storedUserAtom);
  const [pinnedOpen, setPinnedOpen] = useAtom(drawerOpenAtom);
  const [overlayOpen, setOverlayOpen] = useState(false);
  const compact = useBreakpointValue({ base: true, lg: false }, { ssr: false }) ?? false;
  const { t } = useLingui();

  const signedIn = Boolean(token && user?.id);
  useEffect(() => {
    if (signedIn) void runStartup();
  }, [signedIn, token]);
  usePermissionRefresh(signedIn);

  if (!signedIn) return <Navigate to="/login" replace />;

  const toggle = () => (compact ? setOverlayOpen((open) => !open) : setPinnedOpen(!pinnedOpen));

  return (
    <Flex direction="column" minH="100dvh">
      <TopBar onToggleDrawer={toggle} />
      <LogoutGuard />
      <Flex flex="1" minH="0">
        {!compact && pinnedOpen && (
          <Box
            as="aside"
            w={SIDEBAR_WIDTH}
            flexShrink={0}
            borderInlineEndWidth="1px"
            bg="bg.panel"
            position="sticky"
            top="14"
            h="calc(100dvh - 3.5rem)"
          >
            <Sidebar />
          </Box>
        )}
        <Box as="main" flex="1" minW="0" p={{ base: "3", md: "5" }}>
          <Suspense fallback={<ScreenFallback />}>
            <OfflineReady>
              <Outlet />
            </OfflineReady>
          </Suspense>
        </Box>
      </Flex>
      {compact && (
        <Drawer.Root open={overlayOpen} onOpenChange={(e) => setOverlayOpen(e.open)} placement="start" size="xs">
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content>
                <Drawer.Header>
                  <Drawer.Title>{t`Menu`}</Drawer.Title>
                  <Drawer.CloseTrigger asChild>
                    <CloseButton size="sm" />
                  </Drawer.CloseTrigger>
                </Drawer.Header>
                <Drawer.Body p="0">
                  <Sidebar onNavigate={() => setOverlayOpen(false)} />
                </Drawer.Body>
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      )}
    </Flex>
  );
}
