// CSV exports (RFC 4180) that spreadsheet apps open as the shop meant them: every text cell is data, never a formula.

import { PRIVATE_CACHE_CONTROL } from "~/http/cache-control";

export type CsvValue = string | number | null | undefined;

// A cell starting with one of these is run as a formula by Excel, LibreOffice and Google Sheets (OWASP, "CSV
// injection"): such a cell gets a leading apostrophe, which those apps show as text and do not evaluate.
const formulaStart = /^[=+\-@\t\r]/;

/** One cell: text quoted when it holds a comma, quote, line break or edge space; a formula-like text defused. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/**
 * A streamed CSV download: the header line, then each row as the source yields it (a large export never sits in
 * memory). Starts with a byte-order mark, so that Excel reads the UTF-8 names as UTF-8. `onFinish` runs once when
 * the download ends: complete, failed, or given up by the browser.
 */
export function csvResponse(
  filename: string,
  header: readonly string[],
  rows: AsyncIterable<readonly CsvValue[]>,
  onError: (error: unknown) => void,
  onFinish: () => unknown = () => {},
): Response {
  const encoder = new TextEncoder();
  const iterator = rows[Symbol.asyncIterator]();
  let started = false;
  let finished = false;
  const finish = async () => {
    if (finished) return;
    finished = true;
    await onFinish();
  };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(header)}`));
        return;
      }
      try {
        // A few hundred rows per chunk: fewer, larger writes than one per row.
        let chunk = "";
        for (let count = 0; count < 200; count += 1) {
          const next = await iterator.next();
          if (next.done) {
            if (chunk) controller.enqueue(encoder.encode(chunk));
            controller.close();
            await finish();
            return;
          }
          chunk += csvLine(next.value);
        }
        controller.enqueue(encoder.encode(chunk));
      } catch (error) {
        onError(error);
        controller.error(error);
        await finish();
      }
    },
    async cancel() {
      try {
        await iterator.return?.();
      } finally {
        await finish();
      }
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": PRIVATE_CACHE_CONTROL,
      "X-Robots-Tag": "noindex",
    },
  });
}

/** A record of a CSV file as read: its cells and the line of the file it starts on (1 for the first). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/**
 * Reads CSV text (RFC 4180, as the exports above and spreadsheet apps write it): commas, quoted cells with doubled
 * quotes and line breaks, CRLF or LF; a leading byte-order mark is skipped; blank lines are left out. Each record
 * keeps the line it starts on, so that a refusal can name it; a quote never closed is answered with its line.
 */
export function parseCsv(text: string): { records: CsvRecord[] } | { unclosedQuoteAt: number } {
  const records: CsvRecord[] = [];
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  let line = 1;
  let start = 1;
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let quoteLine = 0;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== "") records.push({ line: start, cells });
    cells = [];
    cell = "";
  };
  for (let index = 0; index < source.length; index += 1) {
    const character = source[index]!;
    if (quoted) {
      if (character === '"') {
        if (source[index + 1] === '"') {
          cell += '"';
          index += 1;
        } else quoted = false;
      } else {
        if (character === "\n") line += 1;
        cell += character;
      }
    } else if (character === '"' && cell === "") {
      quoted = true;
      quoteLine = line;
    } else if (character === ",") {
      cells.push(cell);
      cell = "";
    } else if (character === "\n" || character === "\r") {
      if (character === "\r" && source[index + 1] === "\n") index += 1;
      endRecord();
      line += 1;
      start = line;
    } else cell += character;
  }
  if (quoted) return { unclosedQuoteAt: quoteLine };
  endRecord();
  return { records };
}

/** A cell as the shop wrote it: the apostrophe `csvCell` put before a formula-like text is taken off again. */
export function csvCellText(cell: string): string {
  return cell.startsWith("'") && formulaStart.test(cell.slice(1)) ? cell.slice(1) : cell;
}
