import crypto from "node:crypto";
import { redirect } from "@remix-run/node";

import { flashCookie, type ResponseJar } from "~/http/cookies.server";
import { toastSchema, type Toast, type ToastInput } from "~/toast/toast";

/**
 * A flash cookie: set by an action, read and cleared by the next root loader, so toasts show without JavaScript.
 * It ends with the browser session.
 */
const toastCookie = flashCookie("toast", toastSchema, {});

/** Leaves `toast` for the next page (decision 0017). */
export async function setToast(context: ResponseJar, toast: ToastInput): Promise<void> {
  await toastCookie.set(context, { id: crypto.randomUUID(), type: "success", ...toast } satisfies Toast);
}

/** The pending toast, read once (its cookie cleared), or null. */
export function takeToast(request: Request, context: ResponseJar): Promise<Toast | null> {
  return toastCookie.take(request, context);
}

/** Redirect (303: the browser follows with a GET) carrying a toast. */
export async function redirectWithToast(context: ResponseJar, url: string, toast: ToastInput, init: ResponseInit = {}) {
  await setToast(context, toast);
  return redirect(url, { status: 303, ...init });
}
