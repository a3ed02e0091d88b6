import { Box, Button, Icon, Stack, Text } from "@chakra-ui/react";
import { useLingui } from "@lingui/react";
import { useAtom, useAtomValue } from "jotai";
import { LuChevronDown, LuHouse } from "react-icons/lu";
import { useEffect } from "react";
import { NavLink, useLocation } from "react-router";
import { currentSidebarAtom, storedUserAtom } from "../lib/app-state";
import { visibleAreas } from "./nav-areas";
import { translateTitle } from "./route-title";
import { Trans } from "@lingui/react/macro";

const linkStyle = {
  display: "block",
  paddingInlineStart: "2.75rem",
  paddingInlineEnd: "0.75rem",
  paddingBlock: "0.6rem",
  borderRadius: "0.375rem",
  fontSize: "0.9rem",
} as const;

/** The area list; only the current area is expanded. Links are filtered by the user's permissions. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { i18n } = useLingui();
  const user = useAtomValue(storedUserAtom);
  const [current, setCurrent] = useAtom(currentSidebarAtom);
  const areas = visibleAreas(user);
  const { pathname } = useLocation();

  // Follow the screen: opening /sale/... (by link, history or URL) expands the Sale area.
  const routeArea = areas.find((area) =>
    area.links.some((route) => pathname === `/${route.path}` || pathname.startsWith(`/${route.path}/`)),
  )?.key;
  useEffect(() => {
    if (routeArea) setCurrent(routeArea);
  }, [routeArea, setCurrent]);

  return (
    <Stack as="nav" gap="1" p="2" overflowY="auto" h="full">
      <NavItem to="/" end onNavigate={onNavigate}>
        <Icon as={LuHouse} boxSize="5" me="3" verticalAlign="middle" />
        <Trans>Dashboard</Trans>
      </NavItem>
      {areas.map((area) => {
        const open = area.key === current;
        return (
          <Box key={area.key}>
            <Button
              variant="ghost"
              w="full"
              justifyContent="flex-start"
              size="lg"
              fontWeight={open ? "bold" : "medium"}
              onClick={() => setCurrent(area.key)}
              aria-expanded={open}
            >
              <Icon as={area.icon} boxSize="5" />
              <Text flex="1" textAlign="start">
                {i18n._(area.label)}
              </Text>
              <Icon as={LuChevronDown} transform={open ? "rotate(180deg)" : undefined} transition="transform 0.2s" />
            </Button>
            {open && (
              <Stack gap="0.5" mt="1">
                {area.links.map((route) => (
                  <NavItem key={route.name} to={`/${route.path}`} onNavigate={onNavigate} indent>
                    {translateTitle(i18n, route.title)}
                  </NavItem>
                ))}
              </Stack>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}

function NavItem(props: { to: string; end?: boolean; indent?: boolean; onNavigate?: () => void; children: React.ReactNode }) {
  return (
    <Box
      asChild
      css={{
        "&:hover": { bg: "bg.muted" },
        "&.active": { bg: "brand.subtle", color: "brand.fg", fontWeight: "semibold" },
      }}
    >
      <NavLink
        to={props.to}
        end={props.end}
        onClick={props.onNavigate}
        style={props.indent ? linkStyle : { ...linkStyle, paddingInlineStart: "1rem", fontSize: "1rem" }}
      >
        {props.children}
      </NavLink>
    </Box>
  );
}
