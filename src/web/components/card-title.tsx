import type { ReactNode } from "react";
import { Flex, Heading, Icon, IconButton } from "@chakra-ui/react";
import { useNavigate } from "react-router";
import { useLingui } from "@lingui/react/macro";
import { LuArrowLeft, LuX } from "react-icons/lu";

export interface CardTitleProps {
  title: ReactNode;
  /** Shows a back button; a path goes there, `true` goes back in history. */
  back?: string | boolean;
  /** Shows a close button; a path goes there, a function is called. */
  close?: string | (() => void);
  /** Extra actions at the end of the bar. */
  actions?: ReactNode;
}

/** The title bar of a card or form screen, with optional back and close buttons. */
export function CardTitle({ title, back, close, actions }: CardTitleProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const goBack = () => (typeof back === "string" ? navigate(back) : navigate(-1));
  const doClose = () => (typeof close === "function" ? close() : close ? navigate(close) : undefined);
  return (
    <Flex align="center" gap="2" pb="3" mb="3" borderBottomWidth="1px">
      {back ? (
        <IconButton aria-label={t`Back`} variant="ghost" size="sm" onClick={goBack}>
          {/* Mirrored in right-to-left layouts so it points backwards. */}
          <Icon _rtl={{ transform: "scaleX(-1)" }}>
            <LuArrowLeft />
          </Icon>
        </IconButton>
      ) : null}
      <Heading as="h1" size="md" flex="1">
        {title}
      </Heading>
      {actions}
      {close ? (
        <IconButton aria-label={t`Close`} variant="ghost" size="sm" onClick={doClose}>
          <LuX />
        </IconButton>
      ) : null}
    </Flex>
  );
}
