import { describe, expect, it } from "vitest";

import { isPdf } from "./return-label";

describe("a return label is a PDF by its content", () => {
  it("takes a file that starts as every PDF does, whatever it is called", () => {
    expect(isPdf(new Uint8Array(Buffer.from("%PDF-1.7\n%%EOF\n")))).toBe(true);
  });

  it("refuses anything else: HTML, a PNG, an empty file, a PDF's signature further in", () => {
    expect(isPdf(new Uint8Array(Buffer.from("<html>label</html>")))).toBe(false);
    expect(isPdf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]))).toBe(false);
    expect(isPdf(new Uint8Array())).toBe(false);
    expect(isPdf(new Uint8Array(Buffer.from(" %PDF-1.7")))).toBe(false);
  });
});
