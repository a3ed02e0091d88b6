import { forwardRef, useImperativeHandle, useRef, useState } from "react";
import { Box, Field, HStack, Input, Spinner } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { toIsoDate } from "../../../core/dates";
import { MESSAGES } from "../../../core/messages";
import { translateMessage } from "../../lib/messages";
import { showError } from "../../lib/toast";
import { CameraScanButton } from "../scanner/camera-scan-button";
import { playAlert } from "../selectors/alert-sound";
import { shouldSearch } from "../selectors/item-search-pick";
import { focusFirstChoice, SearchChoiceList } from "../selectors/search-choice-list";
import { addOrMergeLine, type DocumentLine, type MergeOptions, type PriceField } from "./document-lines";
import { creditHeld, type HeldStock } from "./held-stock";
import { decideScan, type ScanCandidate } from "./scan-decision";
import { lookUpStock } from "./stock-scan-lookup";

export interface StockScanFieldProps extends MergeOptions {
  /** The chosen inventory; without one a scan says "Select inventory". */
  inventoryId: number | null;
  branchId?: number | null;
  lines: readonly DocumentLine[];
  /** The new lines and the index of the line added or raised. */
  onLinesChange: (lines: DocumentLine[], index: number) => void;
  /** Only stock rows with quantity above zero (default: `checkStock`). */
  existQty?: boolean;
  /** Price taken from the stock row (default sale_price). */
  priceField?: PriceField;
  label?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  /** Stock the edited document already holds: a scanned row can give its cached quantity plus this. */
  held?: HeldStock;
  /** Replaces the default look-up (cache, then stock/search/), e.g. for a return's own lines. */
  lookUp?: (keyword: string) => Promise<ScanCandidate[]>;
  /** A sale: a barcode with one batch in date and in stock takes it without asking (scan-decision.ts). */
  selling?: boolean;
}

export interface StockScanFieldHandle {
  focus: () => void;
  /** Scans a code as if typed and Entered (the camera's reads come this way). */
  submit: (code: string) => void;
}

const SPINNER_DELAY_MS = 150;

/**
 * The scan field of stock documents: keyboard-wedge scanners type the barcode then Enter. It keeps
 * focus, looks up locally first, adds the line or raises its quantity, lets the user choose among
 * several rows, and on a miss plays the alert sound and resets.
 */
export const StockScanField = forwardRef<StockScanFieldHandle, StockScanFieldProps>(function StockScanField(props, ref) {
  const {
    inventoryId,
    branchId,
    lines,
    onLinesChange,
    existQty,
    priceField = "sale_price",
    label,
    autoFocus,
    disabled,
    lookUp,
    selling,
    held,
    ...mergeOptions
  } = props;
  const { t } = useLingui();
  const [choices, setChoices] = useState<ScanCandidate[]>([]);
  const [loading, setLoading] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  // Scans typed while a look-up runs are queued, so a fast scanner never loses one.
  const queue = useRef<string[]>([]);
  const busy = useRef(false);
  const linesRef = useRef(lines);
  linesRef.current = lines;

  const refocus = () => window.setTimeout(() => inputRef.current?.focus(), 0);

  const take = (candidate: ScanCandidate) => {
    setChoices([]);
    const result = addOrMergeLine(linesRef.current, held ? creditHeld(candidate.line, held) : candidate.line, mergeOptions);
    if (result.kind === "refused") {
      playAlert();
      showError(translateMessage(result.message));
    } else {
      linesRef.current = result.lines;
      onLinesChange(result.lines, result.index);
    }
    refocus();
  };

  const scan = async (code: string) => {
    if (!inventoryId) {
      playAlert();
      showError(translateMessage(MESSAGES.selectInventory));
      return;
    }
    const found = lookUp
      ? await lookUp(code).catch(() => [])
      : await lookUpStock(code, { inventoryId, branchId, existQty: existQty ?? mergeOptions.checkStock ?? false, priceField });
    const decision = decideScan(found, code, selling ? toIsoDate(new Date()) : undefined);
    if (decision.kind === "none") {
      playAlert();
      showError(translateMessage(MESSAGES.itemNotFound));
    } else if (decision.kind === "pick") take(decision.item);
    else setChoices(decision.items);
  };

  const drain = async () => {
    if (busy.current) return;
    busy.current = true;
    // A cache hit takes a millisecond: the spinner shows only when a look-up waits on the server.
    const slow = window.setTimeout(() => setLoading(true), SPINNER_DELAY_MS);
    try {
      while (queue.current.length > 0) await scan(queue.current.shift()!);
    } finally {
      busy.current = false;
      window.clearTimeout(slow);
      setLoading(false);
      refocus();
    }
  };

  /** A scanner's Enter and a camera's read alike: queued, then looked up in order. */
  const submit = (code: string) => {
    if (!shouldSearch(code)) return;
    queue.current.push(code.trim());
    void drain();
  };
  const submitRef = useRef(submit);
  submitRef.current = submit;
  useImperativeHandle(ref, () => ({ focus: () => inputRef.current?.focus(), submit: (code: string) => submitRef.current(code) }), []);

  return (
    <Field.Root disabled={disabled}>
      <Field.Label>{label ?? t`Scan barcode`}</Field.Label>
      <HStack gap="2" w="full" align="start">
        <Box position="relative" flex="1" minW="0">
          <Input
            ref={inputRef}
            name="scan"
            size="lg"
            autoFocus={autoFocus}
            autoComplete="off"
            inputMode="search"
            placeholder={t`Scan or type, then Enter`}
            // Uncontrolled: a scanner types a dozen keys per scan, and none of them needs a render.
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                // A scan never submits the form nor moves focus.
                event.preventDefault();
                event.stopPropagation();
                const keyword = event.currentTarget.value;
                if (!shouldSearch(keyword)) return;
                event.currentTarget.value = "";
                submit(keyword);
              } else if (event.key === "Escape") setChoices([]);
              else if (event.key === "ArrowDown") focusFirstChoice(event);
            }}
          />
          {loading ? <Spinner size="xs" position="absolute" insetInlineEnd="3" top="4" /> : null}
          <SearchChoiceList
            choices={choices}
            choiceKey={(choice) => choice.line.key}
            onTake={take}
            onDismiss={() => {
              setChoices([]);
              refocus();
            }}
            roomy
          >
            {(choice) => choice.label}
          </SearchChoiceList>
        </Box>
        <CameraScanButton disabled={disabled} onCode={submit} onClose={refocus} />
      </HStack>
    </Field.Root>
  );
});
