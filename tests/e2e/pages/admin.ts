import fs from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";

import { shippingAddress } from "../../support/shipping";
import { visit } from "../fixtures";
import { shopPort, STAFF_SLOTS, staffAddress, staffLinksFile } from "../servers";
import { PASSWORD } from "./account";

// The back office in the e2e shop: staff accounts and guest orders to work on.

/** A staff address for one test of one project: each is set up once per run (the data directory is new). */
export function staffEmail(slot: number): string {
  if (slot < 1 || slot > STAFF_SLOTS) throw new Error(`staff slot ${slot}: 1 to ${STAFF_SLOTS}`);
  return staffAddress(test.info().project.name, slot);
}

/** The one-time set-up link the shop on `port` printed at start-up for `email` (its launcher writes them down). */
export async function staffSetupLink(email: string, port = shopPort): Promise<string> {
  const read = (): string | undefined => {
    try {
      return (JSON.parse(fs.readFileSync(staffLinksFile(port), "utf8")) as Record<string, string>)[email];
    } catch {
      return undefined;
    }
  };
  await expect.poll(read, { message: `the start-up log's set-up link for ${email}` }).toMatch(/token=[0-9a-f]{64}$/);
  return read()!;
}

/**
 * Makes the slot's staff address staff as the owner does on day one (decision 0032): its start-up set-up link, the
 * password posted to it; the page is then signed in as that staff member. `port`: the shop (the first by default).
 */
export async function signInAsStaff(page: Page, slot: number, port = shopPort): Promise<string> {
  const email = staffEmail(slot);
  const link = await staffSetupLink(email, port);
  const token = new URL(link).searchParams.get("token") ?? "";
  const setUp = await page.request.post(link, {
    form: { token, password: PASSWORD, confirmPassword: PASSWORD },
    maxRedirects: 0,
  });
  expect(setUp.status()).toBe(303);
  expect(setUp.headers().location).toBe("/admin");
  return email;
}

let guestCount = 0;

export interface GuestOrder {
  number: string;
  email: string;
}

/**
 * Places an order as whoever the page is signed in as (a guest by default), the way the shop's own forms post it:
 * the product page's Add to Cart, then the checkout form (over HTTP, sharing the page's cookies, so the order
 * belongs to this browser as one placed on screen would). The forms themselves are the checkout and cart specs'
 * subject; for the back office an order is where a test starts, and typing it in cost each test two hydrated pages
 * and eight fields.
 */
export async function placeOrder(
  page: Page,
  name: { first: string; last: string } = { first: "Ada", last: "Lovelace" },
): Promise<GuestOrder> {
  guestCount += 1;
  const mark = `${test.info().project.name}-${Date.now()}-${process.pid}-${guestCount}`;
  const email = `guest-${mark}@example.com`;
  const added = await page.request.post("/cart", {
    form: { intent: "add", productId: "acc-2", quantity: "1" },
    maxRedirects: 0,
  });
  expect(added.status(), "Add to Cart").toBe(303);
  const placed = await page.request.post("/checkout", {
    form: {
      ...shippingAddress,
      firstName: name.first,
      lastName: name.last,
      email,
      shippingMethod: "standard",
      idempotencyKey: `e2e-order-${mark}`,
    },
    maxRedirects: 0,
  });
  expect(placed.status(), "Place Order").toBe(303);
  expect(placed.headers()["location"]).toBe("/order-success");
  const confirmation = await page.request.get("/order-success");
  expect(confirmation.status()).toBe(200);
  // The confirmation's "Order #…" (React puts a comment between the text and the value).
  const html = (await confirmation.text()).replaceAll("<!-- -->", "");
  const number = /data-testid="order-number"[^>]*>\s*Order #([^<\s]*)/.exec(html)?.[1] ?? "";
  expect(number).toMatch(/^[0-9a-f]{8}$/);
  return { number, email };
}

/** Finds the order by its number in the back office's list and opens it; returns its id. */
export async function openOrder(page: Page, number: string): Promise<string> {
  await visit(page, `/admin/orders?q=${number}`);
  await page.getByRole("link", { name: `Order #${number}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Order #${number}` })).toBeVisible();
  return new URL(page.url()).pathname.split("/").at(-1)!;
}

/** The status badge inside `scope`: its text and the colour class the spec gives the status. */
export async function expectBadge(scope: Locator, status: string) {
  const colours: Record<string, RegExp> = {
    pending: /bg-yellow-100/,
    paid: /bg-green-100/,
    shipped: /bg-blue-100/,
    delivered: /bg-purple-100/,
    cancelled: /bg-red-100/,
  };
  const badge = scope.locator(`[data-status="${status}"]`).first();
  await expect(badge).toHaveText(status.charAt(0).toUpperCase() + status.slice(1));
  await expect(badge).toHaveClass(colours[status]!);
}

interface RouteEntry {
  path?: string;
  file: string;
  index?: boolean;
  children?: RouteEntry[];
}

/**
 * Every URL pattern under /admin in the shop's URL table (app/routes.ts), read from the table itself: a back-office
 * route added there is checked by the specs that walk this list without anyone editing them. `page` says whether its
 * module draws a screen (a .tsx with a component, whose refusals are the shop's 404 page) or is a resource route that
 * answers by itself (a CSV export, a packing slip: a bare 404).
 */
export async function backOfficeRoutes(): Promise<Array<{ pattern: string; page: boolean }>> {
  const { default: table } = (await import("../../../app/routes")) as unknown as { default: RouteEntry[] };
  const flatten = (entries: RouteEntry[], parent: string): Array<{ pattern: string; page: boolean }> =>
    entries.flatMap((entry) => {
      const path = entry.index ? parent : [parent, entry.path].filter(Boolean).join("/");
      const own =
        entry.index || entry.path === undefined ? [] : [{ pattern: `/${path}`, page: entry.file.endsWith(".tsx") }];
      return [...own, ...flatten(entry.children ?? [], path)];
    });
  const routes = flatten(table, "").filter(({ pattern }) => pattern === "/admin" || pattern.startsWith("/admin/"));
  return [...new Map(routes.map((route) => [route.pattern, route])).values()];
}
