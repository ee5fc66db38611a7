import crypto from "node:crypto";
import { redirect } from "@remix-run/node";
import { signedCookie } from "~/utils/cookies.server";
import { type Toast, type ToastInput, toastSchema } from "~/utils/toast";

/** A flash cookie: set by an action, read and cleared by the next root loader, so toasts show without JavaScript. */
const toastCookie = signedCookie("toast");

export async function toastHeader(toast: ToastInput): Promise<string> {
  const value: Toast = { id: crypto.randomUUID(), type: "success", ...toast };
  return toastCookie.write(value);
}

/** The pending toast, and the Set-Cookie that clears it (null when there is none). */
export async function readToast(request: Request): Promise<{ toast: Toast | null; clearHeader: string | null }> {
  const { value, clearHeader } = await toastCookie.take(request, toastSchema);
  return { toast: value, clearHeader };
}

/** Redirect (303: the browser follows with a GET) carrying a toast. */
export async function redirectWithToast(url: string, toast: ToastInput, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { status: 303, ...init, headers });
}
