// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FrameworkLoaderConfig, startFrameworkOnIntent } from "~/utils/framework-loader";

const config: FrameworkLoaderConfig = {
  routes: { root: "/assets/root.js", "routes/product": "/assets/product.js" },
  entry: "/assets/entry.client.js",
  preloads: ["/assets/entry.client.js", "/assets/root.js", "/assets/product.js"],
  idleDelayMs: 3000,
};

/**
 * The loader as the browser runs it: its source text alone, evaluated outside this module, so that a reference to
 * anything in module scope would fail here (it is serialised with toString into the page).
 */
const serialisedLoader = new Function(`return (${startFrameworkOnIntent.toString()})`)() as typeof startFrameworkOnIntent;

let imported: string[];
const importModule = (url: string) => {
  imported.push(url);
  return Promise.resolve({ url });
};
const flush = async () => {
  await vi.advanceTimersByTimeAsync(0);
};

beforeEach(() => {
  vi.useFakeTimers();
  imported = [];
  document.head.innerHTML = "";
  document.body.innerHTML = `
    <a id="other-page" href="/shop">Shop</a>
    <a id="fragment" href="#reviews">Reviews</a>
    <form id="add" method="post" action="/cart"><input name="quantity" id="quantity"><button id="add-button">Add</button></form>
    <button id="menu" type="button">Menu</button>`;
  serialisedLoader(config, importModule);
  // jsdom cannot navigate: stop links and posts after the loader has seen them (same phase, registered later).
  window.addEventListener("click", stayHere);
  window.addEventListener("submit", stayHere);
});

afterEach(() => {
  window.removeEventListener("click", stayHere);
  window.removeEventListener("submit", stayHere);
  // Each test's loader stays registered on the shared window: end it by starting it.
  window.dispatchEvent(new Event("scroll"));
  vi.useRealTimers();
});

function stayHere(event: Event) {
  event.preventDefault();
}

function press(element: Element) {
  element.dispatchEvent(new Event("pointerdown", { bubbles: true }));
  (element as HTMLElement).click();
}

describe("startFrameworkOnIntent", () => {
  it("loads nothing until the shopper shows intent, then preloads every module and imports the routes before the entry", async () => {
    await flush();
    expect(imported).toEqual([]);
    window.dispatchEvent(new Event("scroll"));
    await flush();
    expect([...document.head.querySelectorAll("link[rel=modulepreload]")].map((link) => link.getAttribute("href"))).toEqual(config.preloads);
    expect(imported).toEqual(["/assets/root.js", "/assets/product.js", "/assets/entry.client.js"]);
    expect((window as unknown as { __remixRouteModules: unknown }).__remixRouteModules).toEqual({
      root: { url: "/assets/root.js" },
      "routes/product": { url: "/assets/product.js" },
    });
  });

  it("starts on a press that stays on the page, and on focus in a form field", async () => {
    press(document.getElementById("menu") as Element);
    await flush();
    expect(imported).toContain("/assets/entry.client.js");
  });

  it("starts when a form field gains focus, not when a button does", async () => {
    document.getElementById("add-button")?.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    await flush();
    expect(imported).toEqual([]);
    document.getElementById("quantity")?.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    await flush();
    expect(imported).toContain("/assets/entry.client.js");
  });

  it.each([
    ["follows a link", "other-page"],
    ["posts a form", "add-button"],
  ])("starts nothing for a press that %s: the next page needs the network", async (_, id) => {
    press(document.getElementById(id) as Element);
    await vi.advanceTimersByTimeAsync(1500);
    expect(imported).toEqual([]);
  });

  it("treats a link to a fragment of the same page as staying", async () => {
    press(document.getElementById("fragment") as Element);
    await flush();
    expect(imported).toContain("/assets/entry.client.js");
  });

  it("starts by itself once the page has been idle for the configured delay after load", async () => {
    await vi.advanceTimersByTimeAsync(config.idleDelayMs - 100);
    expect(imported).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(imported).toContain("/assets/entry.client.js");
  });
});
