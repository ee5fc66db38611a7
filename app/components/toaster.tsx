import { useEffect, useState, useSyncExternalStore } from "react";
import { createPortal } from "react-dom";

import { CheckCircle2, Info, X, XCircle } from "~/components/icons";
import { useHydrated } from "~/framework/use-hydrated";
import { onClientToast } from "~/toast/client-toast";
import type { Toast } from "~/toast/toast";

const icons = { success: CheckCircle2, error: XCircle, info: Info };

/**
 * The shop's one Toaster, in the root layout. It shows the toast the root loader read from the flash cookie
 * (`~/toast/toast.server.ts`), so it works without JavaScript:
 * - it leaves by itself after about 6 s through a CSS animation that ends hidden (no script needed), pausing
 *   while pointed at or focused;
 * - a close control works without JavaScript (a checkbox the CSS reads) and becomes a button with it;
 * - it sits in a live region (polite; errors assertive);
 * - with JavaScript, while a modal dialog (the cart panel) is open, it renders inside that dialog: everything
 *   outside a modal dialog is inert and under it, so that is the only place where it shows and can be used.
 */
export function Toaster({ toast: serverToast }: { toast: Toast | null }) {
  const hydrated = useHydrated();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [clientToast, setClientToast] = useState<Toast | null>(null);
  useEffect(() => onClientToast(setClientToast), []);
  // A newer server toast replaces a client one; a revalidation that brings no toast leaves it showing.
  const serverToastId = serverToast?.id;
  useEffect(() => {
    if (serverToastId) setClientToast(null);
  }, [serverToastId]);
  const toast = clientToast ?? serverToast;
  const visible = toast && dismissed !== toast.id ? toast : null;
  const host = useTopModalDialog();
  // A card shown before a dialog opened is about what the dialog now shows (the cart panel after an add), and would
  // only cover the dialog's own buttons: it goes. One raised while the dialog is open shows above it. Errors stay.
  const [hostSeen, setHostSeen] = useState(host);
  if (hostSeen !== host) {
    setHostSeen(host);
    if (host && visible && visible.type !== "error") setDismissed(visible.id);
  }

  const region = (
    <section
      aria-label="Notifications"
      className="toaster pointer-events-none fixed inset-x-0 bottom-4 z-[1000] flex flex-col items-center px-4 sm:items-end"
    >
      {/* Both regions exist before a toast arrives, so that screen readers announce it. */}
      <div role="status" aria-live="polite" className="w-full max-w-sm">
        {visible && visible.type !== "error" ? (
          <ToastCard key={visible.id} toast={visible} hydrated={hydrated} onDismiss={() => setDismissed(visible.id)} />
        ) : null}
      </div>
      <div role="alert" aria-live="assertive" className="w-full max-w-sm">
        {visible && visible.type === "error" ? (
          <ToastCard key={visible.id} toast={visible} hydrated={hydrated} onDismiss={() => setDismissed(visible.id)} />
        ) : null}
      </div>
    </section>
  );
  return host ? createPortal(region, host) : region;
}

function ToastCard({ toast, hydrated, onDismiss }: { toast: Toast; hydrated: boolean; onDismiss: () => void }) {
  const Icon = icons[toast.type];
  const closeId = `toast-close-${toast.id}`;
  const closeClass =
    "flex size-11 shrink-0 items-center justify-center rounded-full text-ink-muted hover:bg-sand-100 -m-2";
  return (
    <div className="toast-item">
      {/* Without JavaScript: ticking this hides the card (CSS, `.toast-dismiss:checked + .toast`). It stays, hidden,
          once the framework has started, so a card dismissed before that stays dismissed. */}
      <input
        type="checkbox"
        id={closeId}
        className="toast-dismiss sr-only"
        aria-label="Dismiss notification"
        hidden={hydrated}
      />
      <div
        data-testid="toast"
        className={`toast pointer-events-auto flex items-start gap-3 rounded-xl border bg-white p-4 shadow-lg ${
          toast.type === "error" ? "border-red-300" : "border-sand-200"
        }`}
      >
        <Icon
          aria-hidden
          className={`mt-0.5 size-5 shrink-0 ${toast.type === "error" ? "text-red-700" : "text-brand-700"}`}
        />
        <div className="min-w-0 flex-1 break-words">
          <p className="font-semibold text-ink">{toast.title}</p>
          {toast.description ? <p className="mt-1 text-sm text-ink-muted">{toast.description}</p> : null}
        </div>
        {hydrated ? (
          <button type="button" onClick={onDismiss} className={closeClass} aria-label="Dismiss notification">
            <X aria-hidden className="size-4" />
          </button>
        ) : (
          // The checkbox is named by its own aria-label; the label is only the larger thing to tap.
          <label htmlFor={closeId} className={`toast-close cursor-pointer ${closeClass}`}>
            <X aria-hidden className="size-4" />
          </label>
        )}
      </div>
    </div>
  );
}

function subscribeToDialogs(onChange: () => void) {
  // showModal() and close() set and remove the `open` attribute.
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ["open"] });
  return () => observer.disconnect();
}

/** The open modal dialog last in the document (null on the server and when none is open). */
function useTopModalDialog(): HTMLDialogElement | null {
  return useSyncExternalStore(
    subscribeToDialogs,
    () =>
      [...document.querySelectorAll("dialog[open]")]
        .filter((dialog): dialog is HTMLDialogElement => dialog.matches(":modal"))
        .at(-1) ?? null,
    () => null,
  );
}
