/**
 * JSON written piece by piece: a document's long lists are drawn from iterators (database
 * pages, read as the ZIP is pulled) one row at a time, so a file of the export never sits whole in memory.
 */

/** Rows at once (a short list, read when the document is written), or drawn one by one. */
type Rows = Iterable<unknown> | AsyncIterable<unknown> | Promise<Iterable<unknown>>;

/** A document's field: a value written at once, or a list drawn row by row. */
export type JsonField = unknown | { rows: () => Rows };

const isRows = (v: unknown): v is { rows: () => Rows } =>
  typeof v === "object" && v !== null && "rows" in v && typeof (v as { rows: unknown }).rows === "function";

const indent = (json: string, by: string) => json.replace(/\n/g, `\n${by}`);

/** The pieces of `{ "key": value, … }`, pretty-printed (two spaces). */
export async function* jsonDocument(fields: Record<string, JsonField>): AsyncGenerator<string> {
  const keys = Object.keys(fields);
  yield "{\n";
  for (const [k, key] of keys.entries()) {
    const value = fields[key];
    const comma = k < keys.length - 1 ? "," : "";
    if (!isRows(value)) {
      yield `  ${JSON.stringify(key)}: ${indent(JSON.stringify(value ?? null, null, 2), "  ")}${comma}\n`;
      continue;
    }
    yield `  ${JSON.stringify(key)}: [`;
    let first = true;
    for await (const row of await value.rows()) {
      yield `${first ? "" : ","}\n    ${indent(JSON.stringify(row, null, 2), "    ")}`;
      first = false;
    }
    yield `${first ? "" : "\n  "}]${comma}\n`;
  }
  yield "}\n";
}

/** A stored row with its instants in ms (fields named …At) written as ISO 8601 UTC, as the API writes them. */
export function withIsoTimes<T extends Record<string, unknown>>(row: T): T {
  const out: Record<string, unknown> = { ...row };
  for (const [key, value] of Object.entries(row)) {
    if (key.endsWith("At") && typeof value === "number") out[key] = new Date(value).toISOString();
  }
  return out as T;
}
