import { useCallback, useEffect, useReducer } from "react";
import { initialListQuery, listQueryReducer, storageKeyFor, type ListQueryAction, type ListQueryState } from "./list-query-state";

function readSaved(key: string): Partial<ListQueryState> | null {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as Partial<ListQueryState>) : null;
  } catch {
    return null;
  }
}

/**
 * The list's query state, saved in localStorage per page title and restored on mount (SPEC section 4);
 * `opening` wins over what was saved (a date range the URL names).
 */
export function useListQuery(pageTitle: string, defaults: Partial<ListQueryState> = {}, opening: Partial<ListQueryState> = {}) {
  const key = storageKeyFor(pageTitle);
  const [state, dispatch] = useReducer(listQueryReducer, defaults, (initial) => {
    const base = initialListQuery(initial);
    const saved = readSaved(key);
    return { ...(saved ? listQueryReducer(base, { type: "restore", saved }) : base), ...opening };
  });
  useEffect(() => {
    try {
      localStorage.setItem(key, JSON.stringify(state));
    } catch {
      // Storage full or blocked: the list still works, it just is not remembered.
    }
  }, [key, state]);
  const reset = useCallback(() => dispatch({ type: "reset", initial: initialListQuery(defaults) }), [defaults]);
  return { state, dispatch: dispatch as (action: ListQueryAction) => void, reset };
}
