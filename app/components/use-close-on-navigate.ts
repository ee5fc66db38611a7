import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * Closes a <details> disclosure (the phone menu, the account menu) after a client-side navigation; without
 * JavaScript the new page starts closed anyway. Not at hydration: the framework starts on the shopper's first tap
 * (docs/decisions/0018), often the very tap that opened the menu, which must stay open.
 */
export function useCloseOnNavigate() {
  const ref = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();
  const shownFor = useRef(key);
  useEffect(() => {
    if (shownFor.current === key) return;
    shownFor.current = key;
    if (ref.current) ref.current.open = false;
  }, [key]);
  return ref;
}
