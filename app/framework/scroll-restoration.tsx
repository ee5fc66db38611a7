import { UNSAFE_useScrollRestoration } from "react-router-dom";

/** Where positions are kept, by history entry key: the name Remix's own component uses. */
const STORAGE_KEY = "positions";

/**
 * Remix's `<ScrollRestoration>` with one change to its inline script. That script reads sessionStorage on every page
 * load, and a tab's first sessionStorage access is slow: a synchronous round trip to the browser process, 39 ms in
 * Lighthouse's fresh profile here, the longest task of the home page's load (docs/performance.md, item 23). A page
 * opened afresh (its history entry has no key yet) has no stored position, so only a reload or a Back reads it.
 */
export function ScrollRestoration({ nonce }: { nonce?: string }) {
  UNSAFE_useScrollRestoration({ storageKey: STORAGE_KEY });
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: restoreScrollScript }} />;
}

/**
 * Runs in the page as an inline script (serialised with toString): self-contained. Gives a new history entry its key
 * (the scroll positions are stored under it); for an entry that has one, scrolls to where the shopper left it.
 */
export function restoreScroll(storageKey: string) {
  const key = (window.history.state as { key?: unknown } | null)?.key;
  if (typeof key !== "string" || !key) {
    window.history.replaceState({ key: Math.random().toString(32).slice(2) }, "");
    return;
  }
  try {
    const positions = JSON.parse(sessionStorage.getItem(storageKey) || "{}") as Record<string, unknown>;
    const storedY = positions[key];
    if (typeof storedY === "number") window.scrollTo(0, storedY);
  } catch (error) {
    console.error(error);
    sessionStorage.removeItem(storageKey);
  }
}

/** The same text for every page: built once, not on each render. */
const restoreScrollScript = `(${restoreScroll.toString()})(${JSON.stringify(STORAGE_KEY)});`;
