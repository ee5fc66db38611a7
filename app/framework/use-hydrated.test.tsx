// @vitest-environment jsdom
import { act, useRef } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { BeforeHydration, WindowWithBeforeHydration } from "~/framework/loader";
import {
  HYDRATED_ATTRIBUTE,
  useHandOverFromLoader,
  useKeepValueEnteredBeforeHydration,
} from "~/framework/use-hydrated";

type Adopt = (value: string, field: HTMLInputElement | HTMLSelectElement, alreadySubmitted: boolean) => void;

/** A sort select and a price slider, as the listing renders them, and the document layout's hand-over. */
function Fields({ adopt }: { adopt: Adopt }) {
  const select = useRef<HTMLSelectElement>(null);
  const slider = useRef<HTMLInputElement>(null);
  useKeepValueEnteredBeforeHydration(select, "featured", adopt);
  useKeepValueEnteredBeforeHydration(slider, "1000", adopt);
  useHandOverFromLoader();
  return (
    <form>
      <select id="sort" ref={select} defaultValue="featured">
        <option value="featured">Featured</option>
        <option value="price-low">Price: Low to High</option>
      </select>
      <input id="maxPrice" ref={slider} type="range" min={0} max={1000} step={10} defaultValue={1000} />
    </form>
  );
}

let container: HTMLDivElement;
let root: Root | undefined;
const loader = () => (window as WindowWithBeforeHydration).__beforeHydration as BeforeHydration;

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  container = document.createElement("div");
  document.body.append(container);
});
afterEach(() => {
  act(() => root?.unmount());
  container.remove();
  delete (window as WindowWithBeforeHydration).__beforeHydration;
});

/** The page as the server sent it, changed by the shopper before hydration, then hydrated. */
async function hydrateAfter(change: () => void, state: Omit<BeforeHydration, "hydrated">) {
  const adopt = vi.fn<Adopt>();
  container.innerHTML = renderToString(<Fields adopt={adopt} />);
  (window as WindowWithBeforeHydration).__beforeHydration = { ...state, hydrated: false };
  change();
  await act(async () => {
    root = hydrateRoot(container, <Fields adopt={adopt} />);
  });
  return adopt;
}

describe("useKeepValueEnteredBeforeHydration", () => {
  it("hands over a select's recorded choice and a moved slider, to be applied", async () => {
    const adopt = await hydrateAfter(() => ((container.querySelector("#maxPrice") as HTMLInputElement).value = "500"), {
      entered: { sort: "price-low" },
      submitted: false,
    });
    expect(adopt.mock.calls.map(([value, field, submitted]) => [value, field.id, submitted])).toEqual([
      ["price-low", "sort", false],
      ["500", "maxPrice", false],
    ]);
  });

  it("says when the loader has submitted them already: shown, not applied again", async () => {
    const adopt = await hydrateAfter(() => ((container.querySelector("#maxPrice") as HTMLInputElement).value = "500"), {
      entered: { sort: "price-low" },
      submitted: true,
    });
    expect(adopt.mock.calls.map(([value, , submitted]) => [value, submitted])).toEqual([
      ["price-low", true],
      ["500", true],
    ]);
  });

  it("hands over nothing that was left as rendered", async () => {
    const adopt = await hydrateAfter(() => undefined, { entered: {}, submitted: false });
    expect(adopt).not.toHaveBeenCalled();
  });
});

describe("useHandOverFromLoader", () => {
  it("tells the loader, once hydrated, that changes are React's from now on", async () => {
    await hydrateAfter(() => expect(loader().hydrated).toBe(false), { entered: {}, submitted: false });
    expect(loader().hydrated).toBe(true);
  });

  it("marks the document as hydrated, and not before", async () => {
    document.documentElement.removeAttribute(HYDRATED_ATTRIBUTE);
    await hydrateAfter(() => expect(document.documentElement.hasAttribute(HYDRATED_ATTRIBUTE)).toBe(false), {
      entered: {},
      submitted: false,
    });
    expect(document.documentElement.hasAttribute(HYDRATED_ATTRIBUTE)).toBe(true);
    document.documentElement.removeAttribute(HYDRATED_ATTRIBUTE);
  });
});
