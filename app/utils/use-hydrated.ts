import { useSyncExternalStore } from "react";

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
