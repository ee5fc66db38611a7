import type { Toast, ToastInput } from "~/toast/toast";

// Toasts raised in the browser, for failures the server could not report (a request that never got an
// answer). Server toasts travel in the flash cookie instead; the root Toaster shows whichever came last.
const toasts = new EventTarget();
let counter = 0;

export function showClientToast(toast: ToastInput) {
  counter += 1;
  const detail: Toast = { id: `client-${counter}`, type: "success", ...toast };
  toasts.dispatchEvent(new CustomEvent<Toast>("toast", { detail }));
}

export function onClientToast(listener: (toast: Toast) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<Toast>).detail);
  toasts.addEventListener("toast", handle);
  return () => toasts.removeEventListener("toast", handle);
}
