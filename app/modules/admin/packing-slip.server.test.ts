import { describe, expect, test } from "vitest";

import { MAX_PACKING_SLIPS, parsePackingSlipIds } from "./packing-slip.server";

const a = "0b6f2f4e-8a51-4c55-9a7b-6c1d2e3f4a5b";
const b = "1c7e3e5f-9b62-4d66-8b8c-7d2e3f4a5b6c";
const parse = (query: string) => parsePackingSlipIds(new URLSearchParams(query));

describe("parsePackingSlipIds", () => {
  test("repeated or comma-separated, in the order given, each once, any case", () => {
    expect(parse(`ids=${a}&ids=${b}`)).toEqual({ kind: "ids", ids: [a, b] });
    expect(parse(`ids=${b},${a.toUpperCase()}&ids=${b}`)).toEqual({ kind: "ids", ids: [b, a] });
  });

  test("nothing chosen is its own answer, not a refusal", () => {
    expect(parse("")).toEqual({ kind: "none" });
    expect(parse("ids=&ids=,")).toEqual({ kind: "none" });
  });

  test("a malformed id or too many is refused, saying which", () => {
    expect(parse(`ids=${a},nope`)).toEqual({ kind: "invalid", message: expect.stringContaining('"nope"') });
    const many = Array.from(
      { length: MAX_PACKING_SLIPS + 1 },
      (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
    );
    expect(parse(`ids=${many.join(",")}`)).toEqual({
      kind: "invalid",
      message: expect.stringContaining(`${MAX_PACKING_SLIPS + 1} orders were chosen`),
    });
  });
});
