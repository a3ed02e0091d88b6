import { useRef, useState } from "react";
import { Box, Field, Input, Spinner } from "@chakra-ui/react";
import { useAtomValue } from "jotai";
import { useLingui } from "@lingui/react/macro";
import { api, isNetworkError } from "../../lib/api-client";
import { batchTrackingAtom } from "../../lib/app-state";
import { TIMINGS } from "../../lib/timings";
import { playAlert } from "./alert-sound";
import { findCachedByBarcode, searchCachedItems } from "./item-cache-search";
import { pickSearchResult, shouldSearch } from "./item-search-pick";
import { focusFirstChoice, SearchChoiceList } from "./search-choice-list";

/** An item search result (SPEC section 3). */
export interface ItemSearchResult {
  id: number;
  barcode: string | null;
  name: string;
  item_type: number;
  stock?: unknown;
  is_new_record?: boolean;
  quantity?: string;
}

export interface ItemSelectProps {
  onPick: (item: ItemSearchResult) => void;
  branchId?: number | null;
  inventoryId?: number | null;
  /** Among several results, pick the single exact barcode match. */
  exactBarcode?: boolean;
  /** Clears the box after a pick (SPEC: 200 ms later). */
  clearAfterPick?: boolean;
  label?: string;
  autoFocus?: boolean;
}

/** The scan box: keyboard-wedge scanners type the barcode then Enter; a miss beeps and resets. */
export function ItemSelect({
  onPick,
  branchId,
  inventoryId,
  exactBarcode = true,
  clearAfterPick = true,
  label,
  autoFocus,
}: ItemSelectProps) {
  const { t } = useLingui();
  const batch = useAtomValue(batchTrackingAtom);
  const [keyword, setKeyword] = useState("");
  const [choices, setChoices] = useState<ItemSearchResult[]>([]);
  const [loading, setLoading] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const pick = (item: ItemSearchResult) => {
    setChoices([]);
    onPick(item);
    if (clearAfterPick) window.setTimeout(() => setKeyword(""), TIMINGS.itemSelectResetMs);
    else setKeyword(item.name);
  };
  const miss = () => {
    playAlert();
    setKeyword("");
    setChoices([]);
  };
  /** Cache first (exact barcode), then the server; without an answer from it, the cache by name. */
  const lookUp = async (): Promise<ItemSearchResult[]> => {
    // Batch search answers per batch and stock, which the cache does not hold.
    if (!batch) {
      const cached = await findCachedByBarcode(keyword);
      if (cached.length > 0) return cached;
    }
    const searchParams: Record<string, string> = { keyword: keyword.trim() };
    if (branchId) searchParams.branch_id = String(branchId);
    if (inventoryId) searchParams.inventory_id = String(inventoryId);
    // Offline (or no answer), the cache answers, batch tracking or not: its rows carry no batch.
    const fromCache = async () => {
      const byBarcode = batch ? await findCachedByBarcode(keyword) : [];
      return byBarcode.length > 0 ? byBarcode : searchCachedItems(keyword);
    };
    if (typeof navigator !== "undefined" && navigator.onLine === false) return fromCache();
    try {
      return await api.get(batch ? "item/batch-search/" : "item/search/", { searchParams }).json<ItemSearchResult[]>();
    } catch (error) {
      if (isNetworkError(error)) return fromCache();
      throw error;
    }
  };
  const search = async () => {
    if (!shouldSearch(keyword)) return;
    setLoading(true);
    try {
      const outcome = pickSearchResult(await lookUp(), keyword, exactBarcode);
      if (outcome.kind === "none") miss();
      else if (outcome.kind === "pick") pick(outcome.item);
      else setChoices(outcome.items);
    } catch {
      miss();
    } finally {
      setLoading(false);
      inputRef.current?.focus();
    }
  };

  return (
    <Field.Root>
      <Field.Label>{label ?? t`Item`}</Field.Label>
      <Box position="relative" w="full">
        <Input
          ref={inputRef}
          autoFocus={autoFocus}
          autoComplete="off"
          placeholder={t`Scan or type, then Enter`}
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              // A scan never submits the form nor moves focus.
              event.preventDefault();
              void search();
            } else if (event.key === "Escape") setChoices([]);
            else if (event.key === "ArrowDown") focusFirstChoice(event);
          }}
        />
        {loading ? <Spinner size="xs" position="absolute" insetInlineEnd="2" top="3" /> : null}
        <SearchChoiceList
          choices={choices}
          choiceKey={(item) => item.id}
          onTake={pick}
          onDismiss={() => {
            setChoices([]);
            inputRef.current?.focus();
          }}
        >
          {(item) => `${item.barcode ? `${item.barcode} - ` : ""}${item.name}`}
        </SearchChoiceList>
      </Box>
    </Field.Root>
  );
}
