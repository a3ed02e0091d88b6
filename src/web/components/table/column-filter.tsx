import { useEffect, useRef, useState } from "react";
import { Flex, IconButton, Input, Menu, Portal } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { LuFilter } from "react-icons/lu";
import {
  DEFAULT_NUMBER_OPERATOR,
  DEFAULT_TEXT_OPERATOR,
  NUMBER_OPERATORS,
  TEXT_OPERATORS,
  type NumberOperator,
  type TextOperator,
} from "../../../core/list-query";
import { useDebouncedCallback } from "../../lib/debounce";
import { TIMINGS } from "../../lib/timings";
import { MultiSelect, type OptionValue } from "../multi-select";
import type { ColumnDef } from "./column-def";
import { columnFilter, type ListQueryAction, type ListQueryState } from "./list-query-state";
import { useListOptions } from "./use-list-options";

export interface ColumnFilterProps<Row> {
  column: ColumnDef<Row>;
  state: ListQueryState;
  dispatch: (action: ListQueryAction) => void;
}

/** The per-column filter cell of the second header row. */
export function ColumnFilter<Row>({ column, state, dispatch }: ColumnFilterProps<Row>) {
  if (column.filterType === "text") return <TextFilter column={column} state={state} dispatch={dispatch} />;
  if (column.filterType === "number") return <NumberFilter column={column} state={state} dispatch={dispatch} />;
  if (column.filterType === "list") return <ListFilter column={column} state={state} dispatch={dispatch} />;
  return null;
}

const queryField = <Row,>(column: ColumnDef<Row>) => column.column ?? column.key;

function TextFilter<Row>({ column, state, dispatch }: ColumnFilterProps<Row>) {
  const { t } = useLingui();
  const field = queryField(column);
  const current = columnFilter(state, field);
  const currentOperator = (current?.operator as TextOperator | undefined) ?? DEFAULT_TEXT_OPERATOR;
  const [text, setText] = useState(current?.value ?? "");
  const [operator, setOperator] = useState<TextOperator>(currentOperator);
  const timer = useRef<number | undefined>(undefined);
  // Follows outside changes (refresh, restore), but keeps what is being typed (a trailing space, say).
  useEffect(() => {
    const applied = current?.value ?? "";
    setText((typed) => (typed.trim() === applied ? typed : applied));
    setOperator(currentOperator);
  }, [current?.value, currentOperator]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const apply = (value: string, op: TextOperator) => {
    window.clearTimeout(timer.current);
    if (value.trim() === "" && !current) return;
    if (value.trim() === (current?.value ?? "") && op === currentOperator) return;
    dispatch({ type: "textFilter", column: field, operator: op, value });
  };
  const labels: Record<TextOperator, string> = {
    istartswith: t`Starts with`,
    iendswith: t`Ends with`,
    icontains: t`Contains`,
    iexact: t`Exact`,
    not: t`Not`,
  };
  return (
    <Flex gap="0.5" align="center">
      <OperatorMenu
        label={t`Filter operator ${column.title}`}
        operators={TEXT_OPERATORS}
        labels={labels}
        value={operator}
        active={Boolean(current)}
        onChange={(op) => {
          setOperator(op);
          if (text.trim() !== "") apply(text, op);
        }}
      />
      <Input
        size="xs"
        aria-label={t`Filter ${column.title}`}
        value={text}
        bg={current ? "blue.subtle" : undefined}
        borderColor={current ? "blue.solid" : undefined}
        onChange={(event) => {
          const value = event.target.value;
          setText(value);
          window.clearTimeout(timer.current);
          timer.current = window.setTimeout(() => apply(value, operator), TIMINGS.serverSearchDebounceMs);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") apply(text, operator);
        }}
      />
    </Flex>
  );
}

function NumberFilter<Row>({ column, state, dispatch }: ColumnFilterProps<Row>) {
  const { t } = useLingui();
  const field = queryField(column);
  const current = columnFilter(state, field);
  const currentOperator = (current?.operator as NumberOperator | undefined) ?? DEFAULT_NUMBER_OPERATOR;
  const [text, setText] = useState(current?.value ?? "");
  const [operator, setOperator] = useState<NumberOperator>(currentOperator);
  useEffect(() => {
    setText(current?.value ?? "");
    setOperator(currentOperator);
  }, [current?.value, currentOperator]);

  const labels: Record<NumberOperator, string> = { equal: "=", gt: ">", gte: ">=", lt: "<", lte: "<=", not: "≠" };
  // Number filters apply on Enter only (SPEC section 5).
  const apply = (op: NumberOperator) => dispatch({ type: "numberFilter", column: field, operator: op, value: text });
  return (
    <Flex gap="0.5" align="center">
      <OperatorMenu
        label={t`Filter operator ${column.title}`}
        operators={NUMBER_OPERATORS}
        labels={labels}
        value={operator}
        active={Boolean(current)}
        onChange={(op) => {
          setOperator(op);
          if (text !== "") apply(op);
        }}
      />
      <Input
        size="xs"
        inputMode="decimal"
        aria-label={t`Filter ${column.title}`}
        value={text}
        bg={current ? "blue.subtle" : undefined}
        borderColor={current ? "blue.solid" : undefined}
        onChange={(event) => setText(event.target.value.replace(/[^\d.]/g, ""))}
        onKeyDown={(event) => {
          if (event.key === "Enter") apply(operator);
        }}
      />
    </Flex>
  );
}

function ListFilter<Row>({ column, state, dispatch }: ColumnFilterProps<Row>) {
  const { t } = useLingui();
  const field = queryField(column);
  const current = columnFilter(state, field);
  const { options, loading, search } = useListOptions(column);
  const values = current ? current.value.split(",") : [];
  // Ticks shown while a debounced choice waits to apply.
  const [picked, setPicked] = useState<OptionValue[] | null>(null);
  const apply = useDebouncedCallback((next: OptionValue[]) => {
    setPicked(null);
    dispatch({ type: "listFilter", column: field, values: next });
  }, column.listFilterDebounceMs ?? 0);
  const shown = picked ?? values;
  return (
    <MultiSelect
      size="xs"
      label={t`Filter ${column.title}`}
      placeholder=" "
      options={options}
      value={shown}
      active={shown.length > 0}
      loading={loading}
      onSearch={column.listEndpoint ? search : undefined}
      onChange={(next) => {
        if (!column.listFilterDebounceMs) {
          dispatch({ type: "listFilter", column: field, values: next });
          return;
        }
        setPicked(next);
        apply(next);
      }}
    />
  );
}

interface OperatorMenuProps<Op extends string> {
  label: string;
  operators: readonly Op[];
  labels: Record<Op, string>;
  value: Op;
  active: boolean;
  onChange: (op: Op) => void;
}

function OperatorMenu<Op extends string>({ label, operators, labels, value, active, onChange }: OperatorMenuProps<Op>) {
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <IconButton aria-label={label} size="2xs" variant={active ? "solid" : "ghost"} colorPalette={active ? "blue" : "gray"}>
          <LuFilter />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.RadioItemGroup value={value} onValueChange={(details) => onChange(details.value as Op)}>
              {operators.map((op) => (
                <Menu.RadioItem key={op} value={op}>
                  {labels[op]}
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
