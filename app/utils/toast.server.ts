import crypto from "node:crypto";
import { createCookie, redirect } from "@remix-run/node";
import { getEnv } from "~/utils/env.server";
import { type Toast, type ToastInput, toastSchema } from "~/utils/toast";

let cookie: ReturnType<typeof createCookie> | undefined;

/** A flash cookie: set by an action, read and cleared by the next root loader, so toasts show without JavaScript. */
function toastCookie() {
  const env = getEnv();
  cookie ??= createCookie("toast", {
    httpOnly: true,
    sameSite: "lax",
    secure: env.secureCookies,
    path: "/",
    secrets: env.sessionSecrets,
  });
  return cookie;
}

export async function toastHeader(toast: ToastInput): Promise<string> {
  const value: Toast = { id: crypto.randomUUID(), type: "success", ...toast };
  return toastCookie().serialize(value);
}

/** The pending toast, and the Set-Cookie that clears it (null when there is none). */
export async function readToast(request: Request): Promise<{ toast: Toast | null; clearHeader: string | null }> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("toast=")) return { toast: null, clearHeader: null };
  const value = await toastCookie()
    .parse(header)
    .catch(() => null);
  const parsed = toastSchema.safeParse(value);
  return {
    toast: parsed.success ? parsed.data : null,
    clearHeader: await toastCookie().serialize("", { maxAge: 0 }),
  };
}

/** Redirect (303: the browser follows with a GET) carrying a toast. */
export async function redirectWithToast(url: string, toast: ToastInput, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { status: 303, ...init, headers });
}
