import { describe, expect, it } from "vitest";
import { isValidUrlEncodedUtf8 } from "../../../server/request-guards.js";
import { createLogger, requestIdFrom } from "../../../server/request-log.js";

describe("requestIdFrom", () => {
  it("keeps a sane id and replaces anything else with a UUID", () => {
    expect(requestIdFrom("lb-1234.abc:9")).toBe("lb-1234.abc:9");
    for (const insane of [undefined, "", "has space", "quote\"", "x".repeat(129), "new\nline"]) {
      expect(requestIdFrom(insane)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });
});

describe("createLogger", () => {
  it("writes one JSON object per line and honours the level", () => {
    const lines: string[] = [];
    const logger = createLogger({ level: "warn", write: (line) => lines.push(line) });
    logger.info("quiet");
    logger.warn("loud", { requestId: "r1" });
    logger.error("louder");
    expect(lines.map((line) => JSON.parse(line))).toMatchObject([
      { level: "warn", msg: "loud", requestId: "r1" },
      { level: "error", msg: "louder" },
    ]);
    expect(Date.parse(JSON.parse(lines[0]!).time)).not.toBeNaN();
  });

  it("writes nothing when silent", () => {
    const lines: string[] = [];
    createLogger({ level: "silent", write: (line) => lines.push(line) }).error("nothing");
    expect(lines).toEqual([]);
  });
});

describe("isValidUrlEncodedUtf8", () => {
  it.each([["a=1&b=two+words"], ["name=%C3%A9l%C3%A8ve"], ["emoji=%F0%9F%92%87"], [""], ["flag"], ["a=&b="]])("accepts %j", (body) => {
    expect(isValidUrlEncodedUtf8(Buffer.from(body))).toBe(true);
  });

  it.each([["a=%C3%28"], ["a=%FF"], ["a=%E0%A4%A"], ["a=100%"], ["a=%zz"]])("refuses %j", (body) => {
    expect(isValidUrlEncodedUtf8(Buffer.from(body))).toBe(false);
  });

  it("refuses raw bytes that are not UTF-8", () => {
    expect(isValidUrlEncodedUtf8(Buffer.from([0x61, 0x3d, 0xff]))).toBe(false);
    expect(isValidUrlEncodedUtf8(Buffer.from("a=élève"))).toBe(true);
  });
});
