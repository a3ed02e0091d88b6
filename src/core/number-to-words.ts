/**
 * Amounts written out in Central Kurdish (Sorani, Arabic script), SPEC section 5:
 * - input that is not a number gives exactly MESSAGES.numberNotValid;
 * - up to 9 integer digits are written as words, groups joined with " و " ("and");
 * - 10 or more digits are spelled digit by digit, except exactly 1000000000, which is "یەک ملیار".
 * Conventions: 100 is "سەد" and 1000 is "هەزار" (no "one"); 1000000 is "یەک ملیۆن".
 * Negative numbers get the prefix "سالب"; a fraction is read after "پۆینت" as a whole number,
 * its leading zeros as "سفر" (12.05 -> "دوازدە پۆینت سفر پێنج").
 * Accepted input: numbers, and strings with ASCII or Arabic-Indic digits, optional sign, point and
 * thousands commas ("1,250.50").
 */
import { MESSAGES } from "./messages";
import { toMoney, type MoneyInput } from "./money";

const ZERO_WORD = "سفر";
const UNITS = ["", "یەک", "دوو", "سێ", "چوار", "پێنج", "شەش", "حەوت", "هەشت", "نۆ"];
const TEENS = ["دە", "یازدە", "دوازدە", "سێزدە", "چواردە", "پازدە", "شازدە", "حەڤدە", "هەژدە", "نۆزدە"];
const TENS = ["", "", "بیست", "سی", "چل", "پەنجا", "شەست", "حەفتا", "هەشتا", "نەوەد"];
const HUNDRED = "سەد";
const THOUSAND = "هەزار";
const MILLION = "ملیۆن";
const BILLION = "ملیار";
const AND = " و ";
const NEGATIVE = "سالب";
const POINT = "پۆینت";

const DIGIT_WORDS = [ZERO_WORD, ...UNITS.slice(1)];
const MAX_WORD_DIGITS = 9;
const ONE_BILLION = "1000000000";

/** Currency words by ISO code; the minor unit is read after the major one. */
export const CURRENCY_WORDS: Record<string, { major: string; minor: string }> = {
  IQD: { major: "دینار", minor: "فلس" },
  USD: { major: "دۆلار", minor: "سەنت" },
};

/** 1..999 */
function underThousand(n: number): string {
  const parts: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds === 1) parts.push(HUNDRED);
  else if (hundreds > 1) parts.push(`${UNITS[hundreds]} ${HUNDRED}`);
  if (rest >= 10 && rest < 20) parts.push(TEENS[rest - 10]);
  else if (rest > 0) {
    const tens = Math.floor(rest / 10);
    const units = rest % 10;
    if (tens > 0) parts.push(TENS[tens]);
    if (units > 0) parts.push(UNITS[units]);
  }
  return parts.join(AND);
}

/** 0..999,999,999 (safe in a float: integer arithmetic well under 2^53). */
function integerWords(n: number): string {
  if (n === 0) return ZERO_WORD;
  const millions = Math.floor(n / 1_000_000);
  const thousands = Math.floor((n % 1_000_000) / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  if (millions > 0) parts.push(`${underThousand(millions)} ${MILLION}`);
  if (thousands === 1) parts.push(THOUSAND);
  else if (thousands > 1) parts.push(`${underThousand(thousands)} ${THOUSAND}`);
  if (rest > 0) parts.push(underThousand(rest));
  return parts.join(AND);
}

/** Words for a string of decimal digits (no sign, no point). */
function digitsToWords(digits: string): string {
  const trimmed = digits.replace(/^0+(?=\d)/, "");
  if (trimmed === ONE_BILLION) return `${UNITS[1]} ${BILLION}`;
  if (trimmed.length > MAX_WORD_DIGITS) return [...trimmed].map((d) => DIGIT_WORDS[Number(d)]).join(" ");
  return integerWords(Number(trimmed));
}

function fractionWords(fraction: string): string {
  const leadingZeros = /^0*/.exec(fraction)![0].length;
  const rest = fraction.slice(leadingZeros);
  const words = Array<string>(leadingZeros).fill(ZERO_WORD);
  if (rest) words.push(digitsToWords(rest));
  return words.join(" ");
}

const ARABIC_INDIC = /[\u0660-\u0669]/g;
const EXTENDED_ARABIC_INDIC = /[\u06F0-\u06F9]/g;
const NUMBER_TEXT = /^([+-]?)(\d+)(?:\.(\d*))?$|^([+-]?)\.(\d+)$/;

/** Normalises the input to sign, integer digits and fraction digits; null when not a number. */
function splitNumber(input: string | number): { negative: boolean; integer: string; fraction: string } | null {
  let text: string;
  if (typeof input === "number") {
    if (!Number.isFinite(input)) return null;
    text = toMoney(input).toFixed(); // avoids "1e+21"
  } else if (typeof input === "string") {
    text = input
      .trim()
      .replace(ARABIC_INDIC, (d) => String(d.charCodeAt(0) - 0x0660))
      .replace(EXTENDED_ARABIC_INDIC, (d) => String(d.charCodeAt(0) - 0x06f0))
      .replace(/[,\u066C]/g, "") // thousands separators, also the Arabic one
      .replace(/\u066B/g, "."); // Arabic decimal separator
  } else {
    return null;
  }
  const match = NUMBER_TEXT.exec(text);
  if (!match) return null;
  const sign = match[1] ?? match[4] ?? "";
  const integer = match[2] ?? "0";
  const fraction = (match[3] ?? match[5] ?? "").replace(/0+$/, "");
  const isZero = /^0+$/.test(integer) && fraction === "";
  return { negative: sign === "-" && !isZero, integer, fraction };
}

/** The number in Sorani words, or MESSAGES.numberNotValid. */
export function numberToWords(input: string | number): string {
  const parts = splitNumber(input);
  if (!parts) return MESSAGES.numberNotValid;
  let words = digitsToWords(parts.integer);
  if (parts.fraction) words += ` ${POINT} ${fractionWords(parts.fraction)}`;
  return parts.negative ? `${NEGATIVE} ${words}` : words;
}

/**
 * An amount with its currency word: 1250 IQD -> "هەزار و دوو سەد و پەنجا دینار".
 * Rounded half-up to 2 decimals; cents are read after the major unit with the minor unit word
 * (12.50 USD -> "دوازدە دۆلار و پەنجا سەنت"). An unknown currency code is written as the code.
 */
export function amountInWords(amount: MoneyInput, currencyCode: string): string {
  let fixed: string;
  try {
    fixed = typeof amount === "string" ? toMoney(normaliseDigits(amount)).toFixed(2) : toMoney(amount).toFixed(2);
  } catch {
    return MESSAGES.numberNotValid;
  }
  const negative = fixed.startsWith("-");
  const [integer, cents] = (negative ? fixed.slice(1) : fixed).split(".");
  const code = currencyCode.toUpperCase();
  const currency = CURRENCY_WORDS[code] ?? { major: code, minor: "" };
  let words = `${digitsToWords(integer)} ${currency.major}`;
  if (cents !== "00") {
    const minor = currency.minor ? ` ${currency.minor}` : "";
    words += `${AND}${integerWords(Number(cents))}${minor}`;
  }
  return negative && /[1-9]/.test(fixed) ? `${NEGATIVE} ${words}` : words;
}

function normaliseDigits(text: string): string {
  const parts = splitNumber(text);
  if (!parts) return text; // toMoney then rejects it
  return `${parts.negative ? "-" : ""}${parts.integer}${parts.fraction ? `.${parts.fraction}` : ""}`;
}
