import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { finished } from "node:stream/promises";
import { describe, expect, it } from "vitest";

import { holdDocumentEnd } from "~/framework/document-end.server";

/** The chunks through the transform, as the browser would receive them (each chunk's text, then the whole). */
async function through(chunks: string[]) {
  const seen: string[] = [];
  const transform = holdDocumentEnd();
  transform.on("data", (chunk: Buffer) => seen.push(chunk.toString("utf8")));
  Readable.from(chunks.map((chunk) => Buffer.from(chunk, "utf8"))).pipe(transform);
  await finished(transform);
  return { whole: seen.join(""), seen };
}

describe("holdDocumentEnd", () => {
  it("moves the closing tags after the data scripts React streams after the shell", async () => {
    const { whole, seen } = await through([
      "<!DOCTYPE html><html><head></head><body><main>Shop</main>",
      "</body></html>",
      "<script>window.__data = 1;</script>",
      '<script>window.__data = "\\u003c/script>";</script>',
    ]);
    expect(whole).toBe(
      '<!DOCTYPE html><html><head></head><body><main>Shop</main><script>window.__data = 1;</script><script>window.__data = "\\u003c/script>";</script></body></html>',
    );
    // The shell is not held back: it passed on before the rest arrived.
    expect(seen[0]).toBe("<!DOCTYPE html><html><head></head><body><main>Shop</main>");
  });

  it("finds a closing tag split across chunks, and a character split across chunks", async () => {
    const euro = Buffer.from("€", "utf8");
    const transform = holdDocumentEnd();
    const whole = text(
      Readable.from([
        Buffer.from("<html><body>Price "),
        euro.subarray(0, 1),
        Buffer.concat([euro.subarray(1), Buffer.from("12</bo")]),
        Buffer.from("dy></ht"),
        Buffer.from("ml><script>late()</script>"),
      ]).pipe(transform),
    );
    expect(await whole).toBe("<html><body>Price €12<script>late()</script></body></html>");
  });

  it("leaves a document without closing tags as it was (an error page cut short)", async () => {
    expect((await through(["<html><body>", "partial"])).whole).toBe("<html><body>partial");
    expect((await through(["a </b", "> b"])).whole).toBe("a </b> b");
  });
});
