/** Pure rules of the number field (SPEC section 5): clamp to bounds, currency input 0 to 2 decimals. */

export interface NumberBounds {
  min?: number;
  max?: number;
}

/** Clamps a typed value to the bounds; an empty or non-numeric text stays as typed (the form validates it). */
export function clampNumberText(text: string, bounds: NumberBounds): string {
  const trimmed = text.trim();
  if (trimmed === "" || trimmed === "-" || Number.isNaN(Number(trimmed))) return trimmed;
  const value = Number(trimmed);
  if (bounds.min !== undefined && value < bounds.min) return String(bounds.min);
  if (bounds.max !== undefined && value > bounds.max) return String(bounds.max);
  return trimmed;
}

/** Adds one step (or subtracts with a negative step), then clamps. Works on the decimal text to avoid 0.1+0.2 drift. */
export function stepNumberText(text: string, step: number, bounds: NumberBounds): string {
  const current = text.trim() === "" || Number.isNaN(Number(text)) ? 0 : Number(text);
  const decimals = Math.max(decimalPlaces(String(step)), decimalPlaces(text.trim()));
  const next = Number((current + step).toFixed(decimals));
  return clampNumberText(String(next), bounds);
}

export function canStepUp(text: string, bounds: NumberBounds): boolean {
  if (bounds.max === undefined) return true;
  const value = Number(text);
  return text.trim() === "" || Number.isNaN(value) ? bounds.max > 0 : value < bounds.max;
}

export function canStepDown(text: string, bounds: NumberBounds): boolean {
  if (bounds.min === undefined) return true;
  const value = Number(text);
  return text.trim() === "" || Number.isNaN(value) ? bounds.min < 0 : value > bounds.min;
}

/** Keeps what a currency input may hold while typing: digits, one point, at most maxDecimals decimals. */
export function sanitizeCurrencyText(text: string, maxDecimals = 2, allowNegative = false): string {
  let out = "";
  let seenPoint = false;
  let decimals = 0;
  for (const [index, char] of [...text].entries()) {
    if (char === "-" && allowNegative && index === 0) out += char;
    else if (char === "." && !seenPoint && maxDecimals > 0) {
      seenPoint = true;
      out += char;
    } else if (char >= "0" && char <= "9") {
      if (seenPoint) {
        if (decimals >= maxDecimals) continue;
        decimals += 1;
      }
      out += char;
    }
  }
  return out;
}

function decimalPlaces(text: string): number {
  const point = text.indexOf(".");
  return point < 0 ? 0 : text.length - point - 1;
}
