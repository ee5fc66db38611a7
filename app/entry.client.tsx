import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

// When a newer click supersedes a fetcher's request mid-answer, Remix 2's single fetch aborts it but leaves
// one internal promise of the stream decoder unobserved, and the browser reports an uncaught AbortError.
// Nothing failed (the newer request carries the shopper's intent), so that one rejection is not reported.
window.addEventListener("unhandledrejection", (event) => {
  const reason: unknown = event.reason;
  if (reason instanceof DOMException && reason.name === "AbortError") event.preventDefault();
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
