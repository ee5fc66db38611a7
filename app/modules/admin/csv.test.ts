import { describe, expect, test } from "vitest";

import { csvCell, csvCellText, csvLine, csvResponse, parseCsv } from "./csv";

describe("csvCell", () => {
  test("quotes text holding a comma, quote, line break or edge space, doubling its quotes", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("Lovelace, Ada")).toBe('"Lovelace, Ada"');
    expect(csvCell('The "Queen"')).toBe('"The ""Queen"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(" padded")).toBe('" padded"');
    expect(csvCell("")).toBe("");
    expect(csvCell(null)).toBe("");
    expect(csvCell(12.5)).toBe("12.5");
  });

  test("a text that a spreadsheet would run as a formula stays text", () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+1 555")).toBe("'+1 555");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=1")).toBe("'\t=1");
    // Numbers are numbers, negative ones included.
    expect(csvCell(-2)).toBe("-2");
  });

  test("a line ends with CRLF", () => {
    expect(csvLine(["a", 1, null])).toBe("a,1,\r\n");
  });
});

describe("csvResponse", () => {
  test("streams a byte-order mark, the header and every row as a download", async () => {
    async function* rows() {
      for (let index = 0; index < 450; index += 1) yield [`name ${index}`, index] as const;
    }
    const response = csvResponse("orders 2026.csv", ["Name", "Number"], rows(), () => {});
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="orders_2026.csv"');
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    const lines = text.split("\r\n");
    expect(text.startsWith("\uFEFFName,Number\r\n")).toBe(true);
    expect(lines).toHaveLength(452);
    expect(lines[450]).toBe("name 449,449");
    expect(lines[451]).toBe("");
  });

  test("a failing source ends the stream with an error, and says so", async () => {
    const errors: unknown[] = [];
    async function* rows() {
      yield ["one"] as const;
      throw new Error("database gone");
    }
    let finished = 0;
    const response = csvResponse(
      "x.csv",
      ["A"],
      rows(),
      (error) => errors.push(error),
      () => (finished += 1),
    );
    await expect(response.text()).rejects.toThrow("database gone");
    expect(errors).toHaveLength(1);
    expect(finished).toBe(1);
  });

  test("onFinish runs once when the download is complete", async () => {
    let finished = 0;
    async function* rows() {
      yield ["one"] as const;
    }
    const response = csvResponse(
      "x.csv",
      ["A"],
      rows(),
      () => {},
      () => (finished += 1),
    );
    await response.text();
    expect(finished).toBe(1);
  });

  test("onFinish runs when the browser gives the download up, even before the first row", async () => {
    let finished = 0;
    let started = false;
    async function* rows() {
      started = true;
      yield ["one"] as const;
    }
    const response = csvResponse(
      "x.csv",
      ["A"],
      rows(),
      () => {},
      () => (finished += 1),
    );
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect({ started, finished }).toEqual({ started: false, finished: 1 });
  });
});

describe("parseCsv", () => {
  test("reads quoted cells with commas, doubled quotes and line breaks, and the line each record starts on", () => {
    const text = '\uFEFFa,b\r\n"x, y","say ""hi"""\r\n\r\n"two\nlines",z\nlast,';
    expect(parseCsv(text)).toEqual({
      records: [
        { line: 1, cells: ["a", "b"] },
        { line: 2, cells: ["x, y", 'say "hi"'] },
        { line: 4, cells: ["two\nlines", "z"] },
        { line: 6, cells: ["last", ""] },
      ],
    });
  });

  test("a quote never closed is answered with the line it opens on", () => {
    expect(parseCsv('a,b\n1,"open\n2,3\n')).toEqual({ unclosedQuoteAt: 2 });
  });

  test("what csvLine writes reads back, formula-like text included", () => {
    const values = ["=1+1", "-2", "Lovelace, Ada", 'The "Queen"', "two\nlines", "'quoted", ""];
    const parsed = parseCsv(csvLine(values));
    expect("records" in parsed && parsed.records[0]!.cells.map(csvCellText)).toEqual(values);
  });
});
