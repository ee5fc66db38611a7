import { describe, expect, it } from "vitest";

import { createInterner } from "./interner";

describe("createInterner", () => {
  // A shared text cannot be told from a copy in JavaScript (strings compare by value); bench:memory measures it.
  it("shares an equal list, frozen", () => {
    const intern = createInterner();
    const first = intern.list(["18 inch", "Ash Blonde"]);
    const second = intern.list(["18 inch", "Ash Blonde"]);
    expect(second).toBe(first);
    expect(first).toEqual(["18 inch", "Ash Blonde"]);
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => (first as string[]).push("more")).toThrow(TypeError);
  });

  it("tells lists apart by their values, their order and their types", () => {
    const intern = createInterner();
    const values: Array<readonly (string | number)[]> = [["a", "b"], ["b", "a"], ["a,b"], ["1"], [1], []];
    const lists = values.map((list) => intern.list(list));
    expect(new Set(lists).size).toBe(lists.length);
    expect(lists.map((list) => [...list])).toEqual([["a", "b"], ["b", "a"], ["a,b"], ["1"], [1], []]);
  });

  it("keeps nothing from one interner in another", () => {
    const widths = createInterner().list([320, 640, 960]);
    expect(createInterner().list([320, 640, 960])).not.toBe(widths);
    expect(createInterner().list([320, 640, 960])).toEqual(widths);
  });
});
