import type { ActionFunctionArgs, AppLoadContext } from "@remix-run/node";

import type { AuthUser } from "~/backend/ports/auth";
import type { RequestBackend } from "~/backend/ports/backend";
import type { StaffCataloguePort } from "~/backend/ports/catalogue";
import type { StaffPort } from "~/backend/ports/staff";
import { orUnavailablePage } from "~/backend/unavailable.server";
import { notFoundResponse } from "~/http/not-found.server";
import { requireUser } from "~/modules/auth/session.server";
import { orBackOfficeRefusal } from "./fair-share.server";

/**
 * Every back-office loader and action starts here (decision 0029): a visitor goes to /auth and comes back; a
 * signed-in member who is not staff gets the ordinary 404, so nothing says that a back office exists. The
 * database checks staff again on every call. `backend` is the session's: the staff ports (staffCatalogue,
 * staffShipping, staffCatalogueImages...) are its fields.
 */
export async function requireStaff(
  request: Request,
  context: AppLoadContext,
): Promise<{ user: AuthUser; staff: StaffPort; backend: RequestBackend }> {
  const { user, backend } = await requireUser(request, context);
  // The check runs through the back office's queue like every staff statement: a full queue is a 429, not a 500.
  if (!(await orBackOfficeRefusal(orUnavailablePage(backend.staff.isStaff())))) throw notFoundResponse(request);
  return { user, staff: backend.staff, backend };
}

/** A product of any status for the back office's pages, or the ordinary 404. */
export async function requireProduct(catalogue: StaffCataloguePort, request: Request, id: string) {
  const product = await orUnavailablePage(catalogue.product(id));
  if (!product) throw notFoundResponse(request);
  return product;
}

/**
 * The action of a back-office route that takes no post. Without one, Remix answers a post itself, with a 405 under
 * the page's own title, before any guard has run: here a member gets the ordinary 404 and a visitor goes to sign-in,
 * as for a GET, and only staff learn that the page takes no posts.
 */
export async function refusePostUnlessStaff({ request, context }: ActionFunctionArgs): Promise<never> {
  await requireStaff(request, context);
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET, HEAD" } });
}
