/**
 * Splits an SQL script (a pg_dump in plain format) into batches of whole statements, each about
 * `maxChars` long (a batch ends at the first statement end past it), so a big dump goes to
 * the server as a few simple queries rather than one. A semicolon ends a statement only outside
 * quotes ('...', "..."), dollar quotes ($tag$...$tag$) and comments.
 */
export function* sqlBatches(script: string, maxChars = 1 << 20): Generator<string> {
  let batchStart = 0;
  let i = 0;
  const n = script.length;
  while (i < n) {
    const c = script[i];
    if (c === "'" || c === '"') {
      i = script.indexOf(c, i + 1);
      // A doubled quote inside a literal is an escaped one: the loop lands on it again and skips on.
      i = i < 0 ? n : i + 1;
    } else if (c === "-" && script[i + 1] === "-") {
      i = script.indexOf("\n", i);
      i = i < 0 ? n : i + 1;
    } else if (c === "/" && script[i + 1] === "*") {
      let depth = 1;
      i += 2;
      while (i < n && depth > 0) {
        const pair = script.slice(i, i + 2);
        if (pair === "/*" || pair === "*/") {
          depth += pair === "/*" ? 1 : -1;
          i += 2;
        } else i++;
      }
    } else if (c === "$") {
      const tag = /^\$[A-Za-z_]*\$/.exec(script.slice(i, i + 64));
      if (tag && !/[A-Za-z0-9_]/.test(script[i - 1] ?? "")) {
        const close = script.indexOf(tag[0], i + tag[0].length);
        i = close < 0 ? n : close + tag[0].length;
      } else i++;
    } else if (c === ";") {
      i++;
      if (i - batchStart >= maxChars) {
        yield script.slice(batchStart, i);
        batchStart = i;
      }
    } else i++;
  }
  const rest = script.slice(batchStart);
  if (rest.trim()) yield rest;
}
