// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";

import { restoreScroll } from "~/framework/scroll-restoration";

/** The script as the page runs it: its source text alone, so that anything from module scope would fail here. */
const serialisedRestore = new Function(`return (${restoreScroll.toString()})`)() as typeof restoreScroll;

let getItem: MockInstance<Storage["getItem"]>;
let scrollTo: MockInstance<typeof window.scrollTo>;

beforeEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, "");
  getItem = vi.spyOn(Storage.prototype, "getItem");
  scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("restoreScroll", () => {
  it("gives a page opened afresh its history key without reading sessionStorage (slow on a tab's first access)", () => {
    serialisedRestore("positions");
    expect((window.history.state as { key: string }).key).toMatch(/^[0-9a-v]+$/);
    expect(getItem).not.toHaveBeenCalled();
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it("scrolls a reloaded or revisited entry back to where the shopper left it", () => {
    window.history.replaceState({ key: "k1" }, "");
    sessionStorage.setItem("positions", JSON.stringify({ k1: 640, other: 5 }));
    serialisedRestore("positions");
    expect(scrollTo).toHaveBeenCalledWith(0, 640);
    expect((window.history.state as { key: string }).key).toBe("k1");
  });

  it("drops stored positions it cannot read, and stays where the page is", () => {
    window.history.replaceState({ key: "k1" }, "");
    sessionStorage.setItem("positions", "{not json");
    vi.spyOn(console, "error").mockImplementation(() => {});
    serialisedRestore("positions");
    expect(scrollTo).not.toHaveBeenCalled();
    expect(sessionStorage.getItem("positions")).toBeNull();
  });
});
