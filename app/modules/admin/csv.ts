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
