import { Flex, Heading, IconButton, Spacer } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { LuMenu } from "react-icons/lu";
import { Link } from "react-router";
import { PRODUCT_NAME } from "./navigation-rule";
import { SyncStatusButton } from "./sync-status-button";
import { UpdateButton } from "./update-button";
import { UserMenuButton } from "./user-menu-button";

export function TopBar({ onToggleDrawer }: { onToggleDrawer: () => void }) {
  const { t } = useLingui();
  return (
    <Flex as="header" align="center" gap="2" px="3" h="14" borderBottomWidth="1px" bg="bg.panel" position="sticky" top="0" zIndex="docked">
      <IconButton variant="ghost" size="lg" aria-label={t`Toggle menu`} onClick={onToggleDrawer}>
        <LuMenu />
      </IconButton>
      <Heading size="md" color="brand.fg" asChild>
        <Link to="/">{PRODUCT_NAME}</Link>
      </Heading>
      <Spacer />
      <UpdateButton />
      <SyncStatusButton />
      <UserMenuButton />
    </Flex>
  );
}
