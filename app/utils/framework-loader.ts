/** What the inline loader needs to start the client: the modules Remix's own `<Scripts>` would import at once. */
export interface FrameworkLoaderConfig {
  /** The matched routes' modules by route id, in match order (window.__remixRouteModules is built from them). */
  routes: Record<string, string>;
  /** The client entry (it hydrates the document). */
  entry: string;
  /** Every module the routes and the entry import, fetched in parallel when loading starts (no waterfall). */
  preloads: string[];
  /** Vite's HMR runtime in development, imported first. */
  hmrRuntime?: string;
  /** With no intent at all, how long after the `load` event the page waits before starting anyway. */
  idleDelayMs: number;
}

/** The last value each select (by id) was changed to before hydration: see `useKeepValueEnteredBeforeHydration`. */
export type WindowWithEnteredValues = Window & { __enteredBeforeHydration?: Record<string, string> };

type Win = WindowWithEnteredValues & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
};

/**
 * Starts the framework when the shopper shows intent instead of at load (docs/decisions/0018): the first scroll,
 * touch, pointer press, key press or focus in a form field; otherwise when the page has been idle for a while after
 * `load`. Every screen works as plain HTML, so a tap before then is an ordinary link or form post; a press that
 * turns out to leave the page (a link, a form post) starts nothing, so the next page does not share a slow
 * network with scripts the old page will never run.
 *
 * Starting is what Remix's `<Scripts>` does at load: module preloads for every file, then one inline module that
 * imports the route modules and sets `window.__remixRouteModules`, then imports the entry. One module, because the
 * browser evaluates its imports only once all of them have arrived: the client entry (in the route modules' shared
 * chunk) hydrates as soon as it runs, and must find every route module there.
 *
 * This function runs in the browser as an inline script, serialised with Function.prototype.toString
 * (framework-script.server.ts): it must stay self-contained, with no imports and nothing from module scope.
 * `runModule` is for tests; in the page it inserts an inline module script carrying this script's CSP nonce.
 */
export function startFrameworkOnIntent(config: FrameworkLoaderConfig, runModule?: (source: string) => void): void {
  const win = window as Win;
  const nonce = (document.currentScript as HTMLScriptElement | null)?.nonce;
  const intents = ["scroll", "focusin", "keydown", "pointerdown", "touchstart"];
  let started = false;
  /** A link or form post is taking the shopper to another page: nothing to start here. */
  let leaving = false;
  let leavingTimer: ReturnType<typeof setTimeout> | undefined;
  let decision: ReturnType<typeof setTimeout> | undefined;

  const start = () => {
    if (started || leaving) return;
    started = true;
    clearTimeout(decision);
    for (const type of intents) win.removeEventListener(type, onIntent, true);
    win.removeEventListener("click", onClick);
    win.removeEventListener("submit", onSubmit);
    for (const href of config.preloads) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.appendChild(link);
    }
    const routes = Object.entries(config.routes);
    const source = [
      config.hmrRuntime ? `import ${JSON.stringify(config.hmrRuntime)};` : "",
      ...routes.map(([, url], index) => `import * as route${index} from ${JSON.stringify(url)};`),
      `window.__remixRouteModules = {${routes.map(([id], index) => `${JSON.stringify(id)}:route${index}`).join(",")}};`,
      `import(${JSON.stringify(config.entry)});`,
    ]
      .filter(Boolean)
      .join("\n");
    if (runModule) return runModule(source);
    const script = document.createElement("script");
    script.type = "module";
    if (nonce) script.nonce = nonce;
    script.textContent = source;
    document.body.appendChild(script);
  };

  const decideSoon = (delayMs: number) => {
    clearTimeout(decision);
    decision = setTimeout(start, delayMs);
  };

  const isFormField = (target: EventTarget | null) =>
    target instanceof HTMLSelectElement ||
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLInputElement && !["submit", "button", "image", "reset", "hidden"].includes(target.type));

  function onIntent(event: Event) {
    if (event.type === "scroll") start();
    else if (event.type === "focusin") {
      if (isFormField(event.target)) start();
    }
    // A key may submit a form or follow a link: decide once the browser has acted on it.
    else if (event.type === "keydown") decideSoon(0);
    // A press usually ends in a click (decided there); a swipe or a long press does not.
    else decideSoon(1000);
  }

  const leave = () => {
    leaving = true;
    clearTimeout(leavingTimer);
    // The navigation was stopped or is taking very long: intent counts again.
    leavingTimer = setTimeout(() => (leaving = false), 5000);
  };

  // Both in the bubbling phase, on window: they see whether anything prevented the browser's default action.
  function onClick(event: MouseEvent) {
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (link instanceof HTMLAnchorElement && !event.defaultPrevented && isNavigation(link, event)) leave();
    // A click on a submit button fires `submit` after this listener: decide once that has happened.
    decideSoon(0);
  }
  function onSubmit(event: Event) {
    if (!event.defaultPrevented) leave();
  }
  function isNavigation(link: HTMLAnchorElement, event: MouseEvent) {
    if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return false;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
    const url = new URL(link.href, location.href);
    // A link to a fragment of this very page stays on it.
    return !(url.hash && url.href.split("#")[0] === location.href.split("#")[0]);
  }

  for (const type of intents) win.addEventListener(type, onIntent, { capture: true, passive: true });
  // React sets a select back to the option it rendered when it hydrates: keep what the shopper chose meanwhile.
  const entered: Record<string, string> = (win.__enteredBeforeHydration = {});
  win.addEventListener(
    "change",
    (event) => {
      if (event.target instanceof HTMLSelectElement && event.target.id) entered[event.target.id] = event.target.value;
    },
    { capture: true },
  );
  win.addEventListener("click", onClick);
  win.addEventListener("submit", onSubmit);
  // Back to this page from the back-forward cache: it never left after all.
  win.addEventListener("pageshow", (event) => {
    if (event.persisted) leaving = false;
  });

  const whenIdle = () =>
    setTimeout(() => (win.requestIdleCallback ? win.requestIdleCallback(start, { timeout: 2000 }) : start()), config.idleDelayMs);
  if (document.readyState === "complete") whenIdle();
  else win.addEventListener("load", whenIdle, { once: true });
}
