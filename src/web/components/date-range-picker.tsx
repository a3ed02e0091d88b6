import { useEffect, useState } from "react";
import { Box, Button, Flex, Menu, Portal, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { LuCalendarRange } from "react-icons/lu";
import { DATE_PRESET_KEYS, isValidDateRange, presetRange, type DatePresetKey, type DateRange } from "../../core/dates";
import { MESSAGES } from "../../core/messages";
import { translateMessage } from "../lib/messages";
import { DateInput, useDateProblem } from "./form/date-input";

export interface DateRangePickerProps {
  value: DateRange | null;
  /** Called only with a valid range (two dates, start not after end), or null when both are cleared. */
  onChange: (range: DateRange | null) => void;
  size?: "xs" | "sm" | "md";
}

/** Start and end date inputs with the presets of SPEC section 9. */
export function DateRangePicker({ value, onChange, size = "sm" }: DateRangePickerProps) {
  const { t } = useLingui();
  const [start, setStart] = useState(value?.start ?? "");
  const [end, setEnd] = useState(value?.end ?? "");
  useEffect(() => {
    setStart(value?.start ?? "");
    setEnd(value?.end ?? "");
  }, [value?.start, value?.end]);

  const presetLabels: Record<DatePresetKey, string> = {
    today: t`Today`,
    yesterday: t`Yesterday`,
    this_month: t`This month`,
    last_month: t`Last month`,
    last_2_months: t`Last 2 months`,
    last_3_months: t`Last 3 months`,
    last_6_months: t`Last 6 months`,
    this_year: t`This year`,
    last_year: t`Last year`,
  };

  const commit = (nextStart: string, nextEnd: string) => {
    setStart(nextStart);
    setEnd(nextEnd);
    if (!nextStart && !nextEnd) onChange(null);
    else if (isValidDateRange(nextStart, nextEnd)) onChange({ start: nextStart, end: nextEnd });
  };
  const invalid = (start !== "" || end !== "") && !isValidDateRange(start, end);
  const dateProblem = useDateProblem();
  const problem = dateProblem(start) ?? dateProblem(end) ?? translateMessage(MESSAGES.selectStartAndEndDate);

  return (
    <Flex direction="column" gap="1">
      <Flex gap="1" align="center" wrap="wrap">
        <Box w="40">
          <DateInput size={size} aria-label={t`Start date`} value={start} onValueChange={(next) => commit(next, end)} />
        </Box>
        <Text aria-hidden>–</Text>
        <Box w="40">
          <DateInput size={size} aria-label={t`End date`} value={end} onValueChange={(next) => commit(start, next)} />
        </Box>
        <Menu.Root>
          <Menu.Trigger asChild>
            <Button size={size} variant="outline" aria-label={t`Date presets`}>
              <LuCalendarRange />
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content>
                {DATE_PRESET_KEYS.map((key) => (
                  <Menu.Item
                    key={key}
                    value={key}
                    onClick={() => {
                      const range = presetRange(key);
                      commit(range.start, range.end);
                    }}
                  >
                    {presetLabels[key]}
                  </Menu.Item>
                ))}
                <Menu.Item value="clear" onClick={() => commit("", "")}>
                  <Trans>Clear</Trans>
                </Menu.Item>
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      </Flex>
      {invalid ? (
        <Text role="alert" color="fg.error" fontSize="xs">
          {problem}
        </Text>
      ) : null}
    </Flex>
  );
}
