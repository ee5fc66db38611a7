import { useEffect, useRef, useSyncExternalStore, type RefObject } from "react";

import type { WindowWithBeforeHydration } from "~/framework/loader";

function subscribe() {
  return () => {};
}

/**
 * False on the server and during hydration, true once React runs in the browser.
 * Lets markup that only makes sense with JavaScript (roving tabindex, keyboard handlers)
 * appear after hydration without a mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * For a field whose value React controls once hydrated: the framework starts when the shopper shows intent, often
 * while they are already typing, dragging or choosing (docs/decisions/0018). When the page hydrates, this hands
 * `adopt` the value the shopper gave the field meanwhile, if it differs from the one rendered, so that hydration
 * never undoes it. React leaves an input's value alone at hydration but sets a select back to the option it
 * rendered, so a select's choice comes from the inline loader's record of change events. `alreadySubmitted`: the
 * loader has submitted the field's choice itself (a form that applies on change, framework/loader.ts), so the page
 * is on its way to the answer: show the choice, do not apply it again.
 */
export function useKeepValueEnteredBeforeHydration<Field extends HTMLInputElement | HTMLSelectElement>(
  ref: RefObject<Field>,
  rendered: string,
  adopt: (value: string, field: Field, alreadySubmitted: boolean) => void,
) {
  const hydrating = !useHydrated();
  const atMount = useRef({ rendered, adopt, hydrating });
  useEffect(() => {
    const field = ref.current;
    if (!field || !atMount.current.hydrating) return;
    const loader = (window as WindowWithBeforeHydration).__beforeHydration;
    const entered = field instanceof HTMLSelectElement ? loader?.entered[field.id] : field.value;
    if (entered !== undefined && entered !== atMount.current.rendered)
      atMount.current.adopt(entered, field, loader?.submitted ?? false);
  }, [ref]);
}

/** Set on `<html>` once the page has hydrated: what tests and benchmarks wait for (scripts/lib/framework-probe.mjs). */
export const HYDRATED_ATTRIBUTE = "data-hydrated";

/**
 * Tells the inline loader that the page has hydrated: from then on a choice in a form that applies on change is
 * React's to apply, in place (framework/loader.ts). Once, in the document's layout. The same moment is marked on the
 * document, so that nothing outside the framework reads its private globals to know it.
 */
export function useHandOverFromLoader() {
  useEffect(() => {
    const loader = (window as WindowWithBeforeHydration).__beforeHydration;
    if (loader) loader.hydrated = true;
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "");
  }, []);
}
