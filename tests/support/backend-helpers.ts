// What the backend suites share: requests with a cookie, the BackendError check, shoppers who signed up, and direct
// SQL as PostgREST runs it. One copy, for the contract, the SQL suite and the Supabase suite.

import crypto from "node:crypto";
import { cookiesAfter } from "#scripts/lib/cookie-jar.mjs";
import { expect } from "vitest";

import { BackendError, type BackendErrorCode } from "~/backend/errors";
import type { Backend, RequestBackend } from "~/backend/ports/backend";
import type { Order, PlaceOrderInput, ShippingAddress } from "~/backend/ports/orders";
import type { SqlDatabase, SqlExecutor } from "~/backend/sql/sql-database";

export const shipping: ShippingAddress = {
  firstName: "Ada",
  lastName: "Lovelace",
  phone: "5551234567",
  address: "1 Rodeo Drive",
  city: "Beverly Hills",
  state: "CA",
  zipCode: "90210",
  country: "United States",
};

export const uniqueEmail = (label = "shopper") => `${label}-${crypto.randomUUID()}@example.com`;
export const newKey = () => crypto.randomUUID();

export function requestWith(cookie?: string): Request {
  return new Request("http://shop.test/", { headers: cookie ? { Cookie: cookie } : {} });
}

export async function expectBackendError(promise: Promise<unknown>, code: BackendErrorCode, message?: RegExp) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, `expected BackendError "${code}"`).toBeInstanceOf(BackendError);
  expect((error as BackendError).code).toBe(code);
  if (message) expect((error as BackendError).message).toMatch(message);
}

export async function expectSqlError(promise: Promise<unknown>, sqlState: string) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, `expected SQLSTATE ${sqlState}`).toBeDefined();
  expect((error as { code?: string }).code).toBe(sqlState);
}

/** Signs up a new user through `backend`; returns the request scope of a follow-up request carrying its cookies. */
export async function signUpShopper(
  backend: Backend,
  options: { fullName?: string; password?: string; email?: string } = {},
) {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? "correct horse battery";
  const signUpScope = backend.forRequest(requestWith());
  const { user } = await signUpScope.auth.signUp({ email, password, fullName: options.fullName });
  const cookie = cookiesAfter(signUpScope.responseHeaders);
  return { user, email, password, cookie, scope: backend.forRequest(requestWith(cookie)) };
}

/**
 * Makes a listed address (syncStaff first) staff the one way a deployer can (decision 0032): the one-time set-up
 * link start-up prints, and its form's password. The account is created if it does not exist; every earlier session
 * of it ends. Returns the set-up browser's cookie and the scope of a follow-up request carrying it.
 */
export async function setUpStaff(backend: Backend, email: string, password = "a long enough password") {
  const [link] = (await backend.issueStaffSetupTokens({ email })) ?? [];
  if (!link) throw new Error(`No set-up link for ${email}: list it with syncStaff first (or it is set up already).`);
  const setUpScope = backend.forRequest(requestWith());
  const user = await setUpScope.auth.completeStaffSetup({ token: link.token, password });
  const cookie = cookiesAfter(setUpScope.responseHeaders);
  return { user, email: user.email, password, cookie, scope: backend.forRequest(requestWith(cookie)) };
}

/** Direct SQL as PostgREST would run it for a signed-in user: role authenticated, the user id as JWT subject. */
export function asAuthenticated<T>(db: SqlDatabase, userId: string, work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.exec("set local role authenticated");
    await tx.query("select set_config('request.jwt.claim.sub', $1, true)", [userId]);
    return work(tx);
  });
}

export function asAnon<T>(db: SqlDatabase, work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.exec("set local role anon");
    return work(tx);
  });
}

/**
 * Products of one variant each (with the product's id), straight into the database as its owner: for tests that
 * need more products than the seed's twelve, a draft, or counted stock. Returns the ids.
 */
export async function insertTestProducts(
  db: SqlExecutor,
  ids: readonly string[],
  {
    status = "active",
    priceCents = 100,
    stock = null,
  }: { status?: "active" | "draft" | "archived"; priceCents?: number; stock?: number | null } = {},
): Promise<readonly string[]> {
  for (const id of ids) {
    await db.query(
      `insert into public.products (id, name, description, category, color, option_names, status, featured_position)
       values ($1, $1, 'A test product.', 'accessories', 'Black', array['Shade'], $2, 1000)`,
      [id, status],
    );
    await db.query(
      `insert into public.product_variants (id, product_id, position, sku, option_values, price_cents, stock_on_hand)
       values ($1, $1, 1, upper($1), array['Black'], $2, $3)`,
      [id, priceCents, stock],
    );
  }
  return ids;
}

/**
 * Places an order through the port as the checkout does: a member's order is their stored cart, so a member's lines
 * go into their (empty) cart first. Standard shipping unless said.
 */
export async function placeOrder(
  scope: RequestBackend,
  input: Omit<PlaceOrderInput, "shippingMethod" | "shippingAddress" | "idempotencyKey"> &
    Partial<Pick<PlaceOrderInput, "shippingMethod" | "shippingAddress" | "idempotencyKey">>,
): Promise<Order> {
  if (input.userId) await scope.carts.merge({ userId: input.userId, lines: input.items });
  return scope.orders.place({
    shippingMethod: "standard",
    shippingAddress: shipping,
    idempotencyKey: newKey(),
    ...input,
  });
}
