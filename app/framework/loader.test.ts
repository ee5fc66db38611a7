// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import {
  APPLIES_ON_CHANGE,
  startFrameworkOnIntent,
  type BeforeHydration,
  type FrameworkLoaderConfig,
  type WindowWithBeforeHydration,
} from "~/framework/loader";

const config: FrameworkLoaderConfig = {
  routes: { root: "/assets/root.js", "routes/catalog/product": "/assets/product.js" },
  entry: "/assets/entry.client.js",
  preloads: ["/assets/entry.client.js", "/assets/root.js", "/assets/product.js"],
  idleDelayMs: 3000,
};

/**
 * The loader as the browser runs it: its source text alone, evaluated outside this module, so that a reference to
 * anything in module scope would fail here (it is serialised with toString into the page).
 */
const serialisedLoader = new Function(
  `return (${startFrameworkOnIntent.toString()})`,
)() as typeof startFrameworkOnIntent;

/** The module sources the loader ran (in the page: an inline module script). */
let ran: string[];
const runModule = (source: string) => {
  ran.push(source);
};
const started = () => ran.length > 0;
const flush = async () => {
  await vi.advanceTimersByTimeAsync(0);
};

beforeEach(() => {
  vi.useFakeTimers();
  ran = [];
  document.head.innerHTML = "";
  document.body.innerHTML = `
    <a id="other-page" href="/shop">Shop</a>
    <a id="fragment" href="#reviews">Reviews</a>
    <form id="add" method="post" action="/cart"><input name="quantity" id="quantity"><button id="add-button">Add</button></form>
    <button id="menu" type="button">Menu</button>
    <input id="line-quantity" type="number" min="1" max="999" value="1">
    <button id="minus" type="button" data-step="-1" data-step-max="99" aria-controls="line-quantity" disabled>-</button>
    <button id="plus" type="button" data-step="1" data-step-max="99" aria-controls="line-quantity">+</button>
    <select id="sort"><option value="featured">Featured</option><option value="price-low">Price: Low to High</option></select>
    <form id="filters" method="get" action="/shop" ${Object.keys(APPLIES_ON_CHANGE)[0]}>
      <select id="color" name="color"><option value="all">All</option><option value="black">Black</option></select>
      <input id="maxPrice" name="maxPrice" type="range" min="0" max="1000" step="10" value="1000">
      <button id="apply">Apply Filters</button>
    </form>
    <select id="listing-sort" name="sort" form="filters"><option value="featured">Featured</option><option value="price-low">Price: Low to High</option></select>`;
  serialisedLoader(config, runModule);
  // jsdom cannot navigate: stop links and posts after the loader has seen them (same phase, registered later).
  window.addEventListener("click", stayHere);
  window.addEventListener("submit", stayHere);
});

afterEach(async () => {
  window.removeEventListener("click", stayHere);
  window.removeEventListener("submit", stayHere);
  // Each test's loader stays registered on the shared window: end it by starting it, once a "leaving" has expired,
  // and by telling it the page has hydrated.
  await vi.advanceTimersByTimeAsync(10_000);
  window.dispatchEvent(new Event("scroll"));
  loaderState().hydrated = true;
  vi.useRealTimers();
});

function stayHere(event: Event) {
  // A click on a button is left alone: preventing it would cancel the form's submission too.
  if (event.type === "submit" || (event.target instanceof Element && event.target.closest("a"))) event.preventDefault();
}

const loaderState = () => (window as WindowWithBeforeHydration).__beforeHydration as BeforeHydration;

function press(element: Element) {
  element.dispatchEvent(new Event("pointerdown", { bubbles: true }));
  (element as HTMLElement).click();
}

describe("startFrameworkOnIntent", () => {
  it("loads nothing until the shopper shows intent, then preloads every module and runs Remix's start in one module", async () => {
    await flush();
    expect(started()).toBe(false);
    window.dispatchEvent(new Event("scroll"));
    await flush();
    expect(
      [...document.head.querySelectorAll("link[rel=modulepreload]")].map((link) => link.getAttribute("href")),
    ).toEqual(config.preloads);
    // The route modules are static imports of one module: evaluated only once all have arrived, before the entry.
    expect(ran).toEqual([
      [
        'import * as route0 from "/assets/root.js";',
        'import * as route1 from "/assets/product.js";',
        'window.__remixRouteModules = {"root":route0,"routes/catalog/product":route1};',
        'import("/assets/entry.client.js");',
      ].join("\n"),
    ]);
    window.dispatchEvent(new Event("scroll"));
    expect(ran).toHaveLength(1);
  });

  it("starts on a press that stays on the page, and on focus in a form field", async () => {
    press(document.getElementById("menu") as Element);
    await flush();
    expect(started()).toBe(true);
  });

  it("starts when a form field gains focus, not when a button does", async () => {
    document.getElementById("add-button")?.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    await flush();
    expect(started()).toBe(false);
    document.getElementById("quantity")?.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    await flush();
    expect(started()).toBe(true);
  });

  it.each([
    ["follows a link", "other-page"],
    ["posts a form", "add-button"],
  ])("starts nothing for a press that %s: the next page needs the network", async (_, id) => {
    press(document.getElementById(id) as Element);
    await vi.advanceTimersByTimeAsync(1500);
    expect(started()).toBe(false);
  });

  it("steps a stepper's field before hydration, enabling its buttons as the hydrated stepper would, unseen by React", () => {
    const field = document.getElementById("line-quantity") as HTMLInputElement;
    const [minus, plus] = ["minus", "plus"].map((id) => document.getElementById(id) as HTMLButtonElement) as [
      HTMLButtonElement,
      HTMLButtonElement,
    ];
    const seenByReact: string[] = [];
    const react = (event: Event) => seenByReact.push((event.target as Element).id);
    document.addEventListener("click", react, true);
    try {
      plus.click();
      expect(field.value).toBe("2");
      expect(minus.disabled).toBe(false);
      field.value = "98";
      plus.click();
      plus.click();
      expect(field.value).toBe("99");
      expect(plus.disabled).toBe(true);
      // A number typed past the line cap steps down from the cap.
      field.value = "150";
      minus.click();
      expect(field.value).toBe("98");
      expect(plus.disabled).toBe(false);
      field.value = "2";
      minus.click();
      expect([field.value, minus.disabled]).toEqual(["1", true]);
      expect(seenByReact).toEqual([]);

      loaderState().hydrated = true;
      plus.click();
      expect(field.value).toBe("1");
      expect(seenByReact).toEqual(["plus"]);
    } finally {
      document.removeEventListener("click", react, true);
    }
  });

  it("keeps the option each select was changed to, by id, for the hydration that React would otherwise undo", () => {
    const select = document.getElementById("sort") as HTMLSelectElement;
    select.value = "price-low";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    expect(loaderState().entered).toEqual({ sort: "price-low" });
    expect(loaderState().submitted).toBe(false);
  });

  describe("a form that applies its choices as they change", () => {
    let submitted: string[];
    /** What React would see: listeners on the document, where React listens. */
    let reactSaw: string[];
    const seeAsReact = (event: Event) => reactSaw.push(`${event.type}:${(event.target as HTMLElement).id}`);
    beforeEach(() => {
      submitted = [];
      reactSaw = [];
      // jsdom cannot navigate: record what the browser would have requested.
      vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(function (this: HTMLFormElement) {
        const query = new URLSearchParams([...new FormData(this)].map(([name, value]) => [name, String(value)]));
        submitted.push(`${this.getAttribute("action")}?${query}`);
      });
      for (const type of ["input", "change", "submit"]) document.addEventListener(type, seeAsReact, true);
    });
    afterEach(() => {
      vi.restoreAllMocks();
      for (const type of ["input", "change", "submit"]) document.removeEventListener(type, seeAsReact, true);
    });

    function choose(id: string, value: string) {
      const field = document.getElementById(id) as HTMLSelectElement | HTMLInputElement;
      field.value = value;
      field.dispatchEvent(new Event("input", { bubbles: true }));
      field.dispatchEvent(new Event("change", { bubbles: true }));
    }

    it("submits it natively at once before hydration, for a select, a slider and a select outside it, and keeps the events from React", () => {
      choose("listing-sort", "price-low");
      choose("color", "black");
      choose("maxPrice", "700");
      expect(submitted).toEqual([
        "/shop?color=all&maxPrice=1000&sort=price-low",
        "/shop?color=black&maxPrice=1000&sort=price-low",
        "/shop?color=black&maxPrice=700&sort=price-low",
      ]);
      expect(reactSaw).toEqual([]);
      expect(loaderState().submitted).toBe(true);
    });

    it("leaves every change to React once the page has hydrated", () => {
      loaderState().hydrated = true;
      choose("listing-sort", "price-low");
      choose("maxPrice", "700");
      expect(submitted).toEqual([]);
      expect(reactSaw).toEqual(["input:listing-sort", "change:listing-sort", "input:maxPrice", "change:maxPrice"]);
    });

    it("starts nothing when such a control is touched or focused (its change leaves the page), and nothing once it has submitted", async () => {
      const color = document.getElementById("color") as HTMLSelectElement;
      color.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
      press(color);
      await vi.advanceTimersByTimeAsync(1500);
      expect(started()).toBe(false);
      choose("color", "black");
      window.dispatchEvent(new Event("scroll"));
      await flush();
      expect(started()).toBe(false);
    });

    it("a page restored from the back-forward cache shows what its URL says again, and may start", async () => {
      choose("color", "black");
      window.dispatchEvent(new PageTransitionEvent("pageshow", { persisted: true }));
      expect((document.getElementById("color") as HTMLSelectElement).value).toBe("all");
      expect(loaderState()).toMatchObject({ submitted: false, entered: {} });
      window.dispatchEvent(new Event("scroll"));
      await flush();
      expect(started()).toBe(true);
    });

    it("the Apply Filters button still posts the form as it is (a click on it is not a choice)", async () => {
      press(document.getElementById("apply") as Element);
      await vi.advanceTimersByTimeAsync(1500);
      // The submit event was seen (jsdom stays on the page): a form leaving the page starts nothing.
      expect(reactSaw).toEqual(["submit:filters"]);
      expect(started()).toBe(false);
    });
  });

  it("drops the framework's downloads when a link or a post leaves the page before hydration, and only then", async () => {
    const stop = vi.spyOn(window, "stop").mockImplementation(() => undefined);
    try {
      // Before the framework has started there is nothing to drop.
      press(document.getElementById("other-page") as Element);
      expect(stop).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(6000);
      window.dispatchEvent(new Event("scroll"));
      await flush();
      expect(started()).toBe(true);
      press(document.getElementById("other-page") as Element);
      expect(stop).toHaveBeenCalledTimes(1);
      press(document.getElementById("add-button") as Element);
      expect(stop).toHaveBeenCalledTimes(2);
      // A press that stays, and anything once hydrated, leaves the downloads alone.
      press(document.getElementById("menu") as Element);
      loaderState().hydrated = true;
      press(document.getElementById("other-page") as Element);
      press(document.getElementById("add-button") as Element);
      expect(stop).toHaveBeenCalledTimes(2);
    } finally {
      stop.mockRestore();
    }
  });

  it("treats a link to a fragment of the same page as staying", async () => {
    press(document.getElementById("fragment") as Element);
    await flush();
    expect(started()).toBe(true);
  });

  it("starts by itself once the page has been idle for the configured delay after load", async () => {
    await vi.advanceTimersByTimeAsync(config.idleDelayMs - 100);
    expect(started()).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(started()).toBe(true);
  });
});
