import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { useAtom, useAtomValue } from "jotai";
import { useEffect, type ReactNode } from "react";
import { LuChevronDown, LuHouse } from "react-icons/lu";
import { NavLink, useLocation } from "react-router";
import { currentSidebarAtom, storedUserAtom } from "../lib/app-state";
import { visibleAreas } from "./nav-areas";
import { translateTitle } from "./route-title";

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
    <nav className="shell-nav">
      <NavItem to="/" end onNavigate={onNavigate}>
        <LuHouse aria-hidden />
        <Trans>Dashboard</Trans>
      </NavItem>
      {areas.map((area) => {
        const open = area.key === current;
        const AreaIcon = area.icon;
        return (
          <div key={area.key}>
            <button
              type="button"
              className="shell-button shell-button-lg shell-nav-area"
              onClick={() => setCurrent(area.key)}
              aria-expanded={open}
            >
              <AreaIcon aria-hidden />
              <span>{i18n._(area.label)}</span>
              <LuChevronDown aria-hidden className="shell-nav-chevron" />
            </button>
            {open && (
              <div className="shell-nav-links">
                {area.links.map((route) => (
                  <NavItem key={route.name} to={`/${route.path}`} onNavigate={onNavigate}>
                    {translateTitle(i18n, route.title)}
                  </NavItem>
                ))}
              </div>
            )}
          </div>
        );
      })}
    </nav>
  );
}

function NavItem(props: { to: string; end?: boolean; onNavigate?: () => void; children: ReactNode }) {
  return (
    <NavLink to={props.to} end={props.end} onClick={props.onNavigate}>
      {props.children}
    </NavLink>
  );
}
