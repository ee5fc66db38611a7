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

/**
 * Marks a GET form whose choices apply as they change once hydrated (the listing's sort, colour and price): its
 * submit button is only for pages without JavaScript. Before hydration the inline loader submits it at once.
 */
export const APPLIES_ON_CHANGE = { "data-applies-on-change": "" } as const;

/**
 * A stepper's minus or plus button for the number field it names in `aria-controls`: `data-step` is what it adds,
 * `data-step-max` the most it steps up to (otherwise the field's max). Before hydration the inline loader steps the
 * field itself, so the button answers at once; once hydrated, the button's own onClick does.
 */
export const stepButton = (step: -1 | 1, fieldId: string, max: number) =>
  ({ "data-step": String(step), "data-step-max": String(max), "aria-controls": fieldId }) as const;

/** What the inline loader and the hydrated app tell each other, on `window.__beforeHydration`. */
export interface BeforeHydration {
  /** The last value each select (by id) was changed to before hydration: see `useKeepValueEnteredBeforeHydration`. */
  entered: Record<string, string>;
  /** The loader submitted a form itself: the page is on its way to the answer, which will show every choice. */
  submitted: boolean;
  /** Set by the app once it has hydrated (`useHandOverFromLoader`): from then on, changes are React's. */
  hydrated: boolean;
}
export type WindowWithBeforeHydration = Window & { __beforeHydration?: BeforeHydration };

type Win = WindowWithBeforeHydration & {
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
 * Until the app has hydrated, a choice in a form marked `APPLIES_ON_CHANGE` (a select, a slider, a box) submits that
 * form at once, natively, as its submit button would without JavaScript; the page then loads the answer and nothing
 * starts here. Once hydrated, React applies the choice in place (routes/catalog/listing.tsx). Exactly one of the two handles
 * each change: the loader keeps the event from React when it submits, and the app does not apply again at
 * hydration what the loader has submitted (docs/decisions/0026).
 *
 * Until then too, a stepper's minus and plus (`stepButton`) step their field in place, and enable or disable each
 * other as the hydrated stepper would; the press is intent like any other (the framework starts a moment later).
 *
 * This function runs in the browser as an inline script, serialised with Function.prototype.toString
 * (framework/script.server.ts): it must stay self-contained, with no imports and nothing from module scope.
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

  /** A choice in this control submits its form (see above): like a link, touching it is not yet a reason to start. */
  const appliesOnChange = (target: EventTarget | null) => {
    const control = target instanceof Element ? target.closest("select, input") : null;
    const choice =
      control instanceof HTMLSelectElement ||
      (control instanceof HTMLInputElement && ["range", "checkbox", "radio"].includes(control.type));
    return (
      choice && Boolean((control as HTMLSelectElement | HTMLInputElement).form?.hasAttribute("data-applies-on-change"))
    );
  };

  function onIntent(event: Event) {
    if (appliesOnChange(event.target)) return;
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
    // The framework's modules still on their way would share a slow link with the next page, and the answer to a
    // tap would wait for them: drop them. Called before the browser starts the navigation, this stops only what
    // the page is loading. Were the page to stay after all (a navigation that answers 204), it stays plain HTML.
    if (started && !state.hydrated) win.stop();
  };

  // Both in the bubbling phase, on window: they see whether anything prevented the browser's default action.
  function onClick(event: MouseEvent) {
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (link instanceof HTMLAnchorElement && !event.defaultPrevented && isNavigation(link, event)) leave();
    // Opening a select or moving a slider: its change will submit, or it was let go.
    if (started || appliesOnChange(event.target)) return;
    // A click on a submit button fires `submit` after this listener: decide once that has happened.
    decideSoon(0);
  }
  function onSubmit(event: Event) {
    // Once hydrated, React posts in place (it prevents the default) or the document leaves: nothing to stop.
    if (!event.defaultPrevented && !state.hydrated) leave();
  }
  function isNavigation(link: HTMLAnchorElement, event: MouseEvent) {
    if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return false;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
    const url = new URL(link.href, location.href);
    // A link to a fragment of this very page stays on it.
    return !(url.hash && url.href.split("#")[0] === location.href.split("#")[0]);
  }

  for (const type of intents) win.addEventListener(type, onIntent, { capture: true, passive: true });
  const state: BeforeHydration = (win.__beforeHydration = { entered: {}, submitted: false, hydrated: false });
  let submittedForm: HTMLFormElement | undefined;
  const onFieldEvent = (event: Event) => {
    const field = event.target;
    if (state.hydrated || !(field instanceof HTMLSelectElement || field instanceof HTMLInputElement)) return;
    // React sets a select back to the option it rendered when it hydrates: keep what the shopper chose meanwhile.
    if (event.type === "change" && field instanceof HTMLSelectElement && field.id)
      state.entered[field.id] = field.value;
    const form = field.form;
    if (!form || !appliesOnChange(field)) return;
    // The loader's to apply, not React's: were React hydrating at this moment, the event would make it finish at once,
    // setting a select back to the option it rendered before handling the change. So React never sees it.
    event.stopImmediatePropagation();
    if (event.type !== "change") return;
    state.submitted = true;
    submittedForm = form;
    leave();
    // No submit event (nothing may turn it into a client navigation): the browser's own GET, as its button does.
    HTMLFormElement.prototype.submit.call(form);
  };
  /** A stepper's button, before hydration: steps its field (the hydrated app adopts the value it finds there). */
  const onStep = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest("button[data-step]") : null;
    if (state.hydrated || !(button instanceof HTMLButtonElement)) return;
    const fieldId = button.getAttribute("aria-controls") ?? "";
    const field = document.getElementById(fieldId);
    if (!(field instanceof HTMLInputElement)) return;
    // React would otherwise see the click mid-hydration and step again once it has finished.
    event.stopImmediatePropagation();
    const min = Number(field.min) || 1;
    const max = Number(button.dataset.stepMax) || Number(field.max) || Number.MAX_SAFE_INTEGER;
    const current = Math.trunc(Number(field.value)) || min;
    const next = Math.min(max, Math.max(min, Math.min(current, max) + Number(button.dataset.step)));
    field.value = String(next);
    for (const stepper of document.querySelectorAll<HTMLButtonElement>("button[data-step]")) {
      if (stepper.getAttribute("aria-controls") === fieldId)
        stepper.disabled = Number(stepper.dataset.step) < 0 ? next <= min : next >= max;
    }
  };
  win.addEventListener("click", onStep, { capture: true });
  win.addEventListener("input", onFieldEvent, { capture: true });
  win.addEventListener("change", onFieldEvent, { capture: true });
  win.addEventListener("click", onClick);
  win.addEventListener("submit", onSubmit);
  // Back to this page from the back-forward cache: it never left after all, and its form shows what its URL says.
  win.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    leaving = false;
    submittedForm?.reset();
    submittedForm = undefined;
    state.submitted = false;
    state.entered = {};
  });

  const whenIdle = () =>
    setTimeout(
      () => (win.requestIdleCallback ? win.requestIdleCallback(start, { timeout: 2000 }) : start()),
      config.idleDelayMs,
    );
  if (document.readyState === "complete") whenIdle();
  else win.addEventListener("load", whenIdle, { once: true });
}
