import { CheckCircle2, Info, X, XCircle } from "~/components/icons";
import { useEffect, useState } from "react";
import { onClientToast } from "~/utils/client-toast";
import type { Toast } from "~/utils/toast";
import { useHydrated } from "~/utils/use-hydrated";

const icons = { success: CheckCircle2, error: XCircle, info: Info };

/**
 * Shows the toast the root loader read from the flash cookie. Server-rendered, so it shows without
 * JavaScript; with JavaScript it can be dismissed and fades after a few seconds.
 */
export function Toaster({ toast: serverToast, withClientToasts = false }: { toast: Toast | null; withClientToasts?: boolean }) {
  const hydrated = useHydrated();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [clientToast, setClientToast] = useState<Toast | null>(null);
  useEffect(() => (withClientToasts ? onClientToast(setClientToast) : undefined), [withClientToasts]);
  // A newer server toast replaces a client one; a revalidation that brings no toast leaves it showing.
  const serverToastId = serverToast?.id;
  useEffect(() => {
    if (serverToastId) setClientToast(null);
  }, [serverToastId]);
  const toast = clientToast ?? serverToast;
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setDismissed(toast.id), 6000);
    return () => clearTimeout(timer);
  }, [toast]);

  const visible = toast && dismissed !== toast.id ? toast : null;
  const Icon = visible ? icons[visible.type] : null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4 sm:justify-end" aria-live="polite" role="status">
      {visible && Icon ? (
        <div
          key={visible.id}
          data-testid="toast"
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border bg-white p-4 shadow-lg ${
            visible.type === "error" ? "border-red-300" : "border-sand-200"
          }`}
        >
          <Icon aria-hidden className={`mt-0.5 size-5 shrink-0 ${visible.type === "error" ? "text-red-700" : "text-brand-700"}`} />
          <div className="flex-1">
            <p className="font-semibold text-ink">{visible.title}</p>
            {visible.description ? <p className="mt-1 text-sm text-ink-muted">{visible.description}</p> : null}
          </div>
          {hydrated ? (
            <button type="button" onClick={() => setDismissed(visible.id)} className="rounded-full p-1 text-ink-muted hover:bg-sand-100" aria-label="Dismiss notification">
              <X aria-hidden className="size-4" />
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
