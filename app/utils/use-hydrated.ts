import { type RefObject, useEffect, useRef, useSyncExternalStore } from "react";

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
 * For an input whose value React controls once hydrated: the framework starts when the shopper shows intent, often
 * while they are already typing or dragging (docs/decisions/0018). At hydration this hands `adopt` the value the
 * element has in the page when it differs from the one rendered, so that hydration never undoes what was entered.
 */
export function useKeepValueEnteredBeforeHydration(ref: RefObject<HTMLInputElement>, rendered: string, adopt: (value: string) => void) {
  const atMount = useRef({ rendered, adopt });
  useEffect(() => {
    const entered = ref.current?.value;
    if (entered !== undefined && entered !== atMount.current.rendered) atMount.current.adopt(entered);
  }, [ref]);
}
