import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

import { loaderDataDecoded } from "~/framework/internals";
import type { WindowWithBeforeHydration } from "~/framework/loader";

// When a newer click supersedes a fetcher's request mid-answer, Remix 2's single fetch aborts it but leaves
// one internal promise of the stream decoder unobserved, and the browser reports an uncaught AbortError.
// Nothing failed (the newer request carries the shopper's intent), so that one rejection is not reported.
window.addEventListener("unhandledrejection", (event) => {
  const reason: unknown = event.reason;
  if (reason instanceof DOMException && reason.name === "AbortError") event.preventDefault();
});

/*
 * Hydration waits until Remix has decoded the loader data the server streamed into the page. Its first render starts
 * that decoding and suspends until it is done; a key press or tap during a suspended hydration makes React 18 finish
 * the hydration at once, from inside the event, where a suspension has nowhere to go ("Root did not complete", error
 * 345). The framework starts on the shopper's intent (docs/decisions/0018), often while they type, so hydration
 * begins only once the data is there.
 */
function hydrate() {
  void loaderDataDecoded(RemixBrowser).then(() =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <RemixBrowser />
        </StrictMode>,
      );
    }),
  );
}

// The inline loader has submitted a choice while these scripts were on their way (framework/loader.ts): the page is
// being left for the answer, so it is not hydrated, unless the shopper comes back to it from the back-forward cache.
if ((window as WindowWithBeforeHydration).__beforeHydration?.submitted) {
  window.addEventListener("pageshow", function onReturn(event) {
    if (!event.persisted) return;
    window.removeEventListener("pageshow", onReturn);
    hydrate();
  });
} else {
  hydrate();
}
