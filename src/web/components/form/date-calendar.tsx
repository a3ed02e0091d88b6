import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { Box, chakra, Flex, IconButton, Table, Text } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { LuChevronLeft, LuChevronRight } from "react-icons/lu";
import { calendarWeeks, moveCalendarFocus, shiftMonth, weekdayDates } from "../../../core/calendar";
import { toDate, toIsoDate } from "../../../core/dates";
import { chakraLocale, isLanguage, isRtl } from "../../lib/i18n";

export interface DateCalendarProps {
  /** The chosen day (yyyy-MM-dd), or null. */
  value: string | null;
  onSelect: (iso: string) => void;
  /** Today (yyyy-MM-dd); the current date unless a test gives one. */
  today?: string;
}

/**
 * A month of days to pick from, Sunday first in every language (SPEC section 9), right to left in
 * Arabic and Kurdish. Keyboard: arrows by day and week, Home/End, Page Up/Down by month (Shift: year),
 * Enter or Space picks; the popover around it closes on Escape.
 */
export function DateCalendar({ value, onSelect, today: givenToday }: DateCalendarProps) {
  const { t, i18n } = useLingui();
  const language = isLanguage(i18n.locale) ? i18n.locale : "en";
  const rtl = isRtl(language);
  const locale = chakraLocale(language);
  const today = givenToday ?? toIsoDate(new Date());
  const [focused, setFocused] = useState(value ?? today);
  const weeks = useMemo(() => calendarWeeks(focused), [focused]);
  const headingId = useId();
  const grid = useRef<HTMLTableElement>(null);
  // The focus follows the focused day once the user moves it, not on the first drawing (the popover focuses it then).
  const moved = useRef(false);

  const formats = useMemo(
    () => ({
      month: new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", numberingSystem: "latn" }),
      dayName: new Intl.DateTimeFormat(locale, { weekday: "long" }),
      dayShort: new Intl.DateTimeFormat(locale, { weekday: "short" }),
      full: new Intl.DateTimeFormat(locale, { weekday: "long", day: "numeric", month: "long", year: "numeric", numberingSystem: "latn" }),
    }),
    [locale],
  );

  useEffect(() => {
    if (!moved.current) return;
    grid.current?.querySelector<HTMLButtonElement>(`button[data-date="${focused}"]`)?.focus();
  }, [focused]);

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const next = moveCalendarFocus(focused, event.key, { rtl, shift: event.shiftKey });
    if (next === null) return;
    event.preventDefault();
    moved.current = true;
    setFocused(next);
  };
  const showMonth = (months: number) => {
    moved.current = false;
    setFocused(shiftMonth(focused, months));
  };
  // In right-to-left languages "previous" points right: the icons follow the reading direction.
  const PreviousIcon = rtl ? LuChevronRight : LuChevronLeft;
  const NextIcon = rtl ? LuChevronLeft : LuChevronRight;

  return (
    <Box dir={rtl ? "rtl" : "ltr"} data-testid="date-calendar">
      <Flex align="center" justify="space-between" gap="2" mb="2">
        <IconButton type="button" size="xs" variant="ghost" aria-label={t`Previous month`} onClick={() => showMonth(-1)}>
          <PreviousIcon />
        </IconButton>
        <Text id={headingId} fontWeight="semibold" aria-live="polite">
          {formats.month.format(toDate(focused))}
        </Text>
        <IconButton type="button" size="xs" variant="ghost" aria-label={t`Next month`} onClick={() => showMonth(1)}>
          <NextIcon />
        </IconButton>
      </Flex>
      <Table.Root ref={grid} size="sm" role="grid" aria-labelledby={headingId} onKeyDown={onKeyDown} css={{ tableLayout: "fixed" }}>
        <Table.Header>
          <Table.Row>
            {weekdayDates().map((date) => (
              <Table.ColumnHeader key={date.getDay()} textAlign="center" px="1" abbr={formats.dayName.format(date)}>
                {formats.dayShort.format(date)}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {weeks.map((week) => (
            <Table.Row key={week[0].iso}>
              {week.map((day) => {
                const selected = day.iso === value;
                return (
                  <Table.Cell key={day.iso} role="gridcell" p="0.5" textAlign="center" aria-selected={selected}>
                    <chakra.button
                      type="button"
                      data-date={day.iso}
                      tabIndex={day.iso === focused ? 0 : -1}
                      aria-label={formats.full.format(toDate(day.iso))}
                      aria-current={day.iso === today ? "date" : undefined}
                      w="8"
                      h="8"
                      borderRadius="md"
                      fontSize="sm"
                      color={selected ? "white" : day.inMonth ? undefined : "fg.muted"}
                      bg={selected ? "blue.solid" : undefined}
                      borderWidth={day.iso === today ? "1px" : undefined}
                      _hover={selected ? undefined : { bg: "bg.muted" }}
                      onClick={() => onSelect(day.iso)}
                    >
                      {day.day}
                    </chakra.button>
                  </Table.Cell>
                );
              })}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
