import { createServerClient, parseCookieHeader, serializeCookieHeader } from "@supabase/ssr";
import {
  type AuthError,
  createClient,
  isAuthRetryableFetchError,
  isAuthSessionMissingError,
  isAuthWeakPasswordError,
  type PostgrestError,
  type Session,
  type SupabaseClient,
  type User,
} from "@supabase/supabase-js";
import WebSocket from "ws";
import { signCookieValue, unsignCookieValue } from "~/backend/cookie-signing.server";
import { toBackendError, unavailableMessage } from "~/backend/database-errors.server";
import { BackendError, recoveryRequiredError } from "~/backend/errors";
import { createRateLimits, memoryLimiter } from "~/backend/rate-limit-counters.server";
import { memberOf, requestScopes, requireSessionUser } from "~/backend/request-scope.server";
import { createPaymentsPort } from "~/backend/payments.server";
import { createServiceRoleClient, createSupabaseOutbox } from "./supabase-outbox.server";
import { createGuestOrdersPort, createStaffPort, type RpcCall } from "~/backend/staff-port.server";
import {
  cleanCartLines,
  cleanFullName,
  normaliseEmail,
  requirePageWindow,
  requireProductId,
  requireQuantity,
  requireUserId,
} from "~/backend/input.server";
import { MAX_CART_LINE_QUANTITY, RECOVERY_GRANT_MINUTES } from "~/backend/constants";
import { addResponseCookie } from "~/http/cookies.server";
import type {
  AuthPort,
  AuthUser,
  Backend,
  CartsPort,
  NewsletterPort,
  OAuthProvider,
  OrdersPort,
  ProfilesPort,
  RequestBackend,
  WishlistPort,
} from "~/backend/port";
import {
  type CartLineRow,
  orderColumns,
  type OrderRow,
  placeOrderShipping,
  type ProfileRow,
  toAuthUser,
  toCartLine,
  toOrder,
  toProfile,
} from "~/backend/rows.server";

export interface SupabaseBackendOptions {
  url: string;
  anonKey: string;
  /** SESSION_SECRET values, newest first: Supabase's session cookies are signed with them too. */
  cookieSecrets: string[];
  secureCookies: boolean;
  /**
   * SUPABASE_SERVICE_ROLE_KEY: this server then drains the e-mail outbox (decision 0016; without it, nobody does) and
   * records card payments (decision 0031; without it, Stripe payments cannot be taken).
   */
  serviceRoleKey?: string;
  /** Tests pass a fake to see and answer every request at the network edge. */
  fetch?: typeof fetch;
}

// Node 20 has no global WebSocket, and supabase-js refuses to start without one (STACK.md).
const realtimeOptions = {
  transport: WebSocket as unknown as NonNullable<Parameters<typeof createServerClient>[2]["realtime"]>["transport"],
};

/** A session is refreshed on the server when 90 s or less remain. */
export const REFRESH_WHEN_SECONDS_LEFT = 90;

const RETRYABLE_STATUSES = [502, 503, 504];
const PROVIDERS_TTL_MS = 60_000;
const PROVIDERS_RETRY_MS = 10_000;
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * The Supabase adapter: @supabase/ssr keeps the user's session in (signed) cookies, and every request
 * carries the anon key plus the user's access token, so Supabase's row-level security decides.
 */
export function createSupabaseBackend(options: SupabaseBackendOptions): Backend {
  const secureCookieOptions = { httpOnly: true, sameSite: "lax", secure: options.secureCookies, path: "/" } as const;

  function clientFor(cookieHeader: string | null, responseHeaders: Headers): SupabaseClient {
    return createServerClient(options.url, options.anonKey, {
      cookies: {
        // Only Supabase's own cookies, and only those whose signature holds: a tampered one reads as absent.
        getAll() {
          return parseCookieHeader(cookieHeader ?? "")
            .filter((cookie) => cookie.name.startsWith("sb-"))
            .flatMap((cookie) => {
              const value = unsignCookieValue(cookie.value ?? "", options.cookieSecrets);
              return value === null ? [] : [{ name: cookie.name, value }];
            });
        },
        setAll(cookies, headers) {
          for (const { name, value, options: cookieOptions } of cookies) {
            addResponseCookie(
              responseHeaders,
              serializeCookieHeader(name, value ? signCookieValue(value, options.cookieSecrets) : "", {
                ...cookieOptions,
                ...secureCookieOptions,
              }),
            );
          }
          // Supabase's own no-cache headers, stricter still than the jar's.
          for (const [header, value] of Object.entries(headers)) responseHeaders.set(header, value);
        },
      },
      cookieOptions: secureCookieOptions,
      global: options.fetch ? { fetch: options.fetch } : {},
      db: { timeout: REQUEST_TIMEOUT_MS },
      realtime: realtimeOptions,
    });
  }

  // The providers switched on in the dashboard, asked of Supabase at most once a minute (its public settings).
  let providers: { until: number; value: Promise<readonly OAuthProvider[]> } | undefined;
  async function readProviders(): Promise<readonly OAuthProvider[]> {
    try {
      const response = await (options.fetch ?? fetch)(`${options.url}/auth/v1/settings`, {
        headers: { apikey: options.anonKey },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const settings = (await response.json()) as { external?: Record<string, unknown> };
      return settings.external?.google === true ? ["google"] : [];
    } catch (error) {
      // Unknown for now: no button that could only fail; asked again soon.
      console.error("Reading Supabase's sign-in providers failed:", (error as Error).message);
      providers = { until: Date.now() + PROVIDERS_RETRY_MS, value: Promise.resolve([]) };
      return [];
    }
  }

  /**
   * Whether `password` signs `email` in, asked of Supabase with a client of its own that keeps nothing; the
   * session that proves it is ended at once (scope "local": only that one).
   */
  async function passwordMatches(email: string, password: string): Promise<boolean> {
    const verifier = createClient(options.url, options.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: options.fetch ? { fetch: options.fetch } : {},
      realtime: realtimeOptions,
    });
    const { error } = await verifier.auth.signInWithPassword({ email, password });
    if (error) {
      if (error.code === "invalid_credentials" || error.status === 400) return false;
      throw fromAuthError(error);
    }
    await verifier.auth.signOut({ scope: "local" });
    return true;
  }

  const serviceClient = options.serviceRoleKey
    ? createServiceRoleClient({ url: options.url, serviceRoleKey: options.serviceRoleKey, fetch: options.fetch })
    : null;

  return {
    description: `supabase (${options.url})`,
    capabilities: { sendsEmail: true, linksWorkInAnyBrowser: false, hostedOAuth: true },
    // Memory counters, per process: the app cannot write a table of its own on Supabase (the anon key only).
    rateLimits: createRateLimits({ shared: false, limiterFor: memoryLimiter }),

    hostedOAuthProviders() {
      if (!providers || Date.now() >= providers.until) providers = { until: Date.now() + PROVIDERS_TTL_MS, value: readProviders() };
      return providers.value;
    },

    outbox: serviceClient ? createSupabaseOutbox(serviceClient) : null,
    payments: serviceClient ? createPaymentsPort(serviceRpc(serviceClient)) : null,

    // The anon key cannot write the staff list: only the service role may call sync_shop_staff.
    async syncStaff({ staffEmails, orderRecipients }) {
      if (!serviceClient) return null;
      const { data, error, status } = await serviceClient.rpc("sync_shop_staff", {
        p_staff_emails: [...staffEmails],
        p_order_recipients: [...orderRecipients],
      });
      if (error) throw fromPostgrestError(error, status);
      return Number(data ?? 0);
    },

    forRequest: requestScopes((request, responseHeaders) =>
      createRequestBackend(clientFor(request.headers.get("Cookie"), responseHeaders), responseHeaders, passwordMatches),
    ),

    async ping() {
      const fetchImpl = options.fetch ?? fetch;
      let response: Response;
      try {
        response = await fetchImpl(`${options.url}/rest/v1/product_prices?select=product_id&limit=1`, {
          headers: { apikey: options.anonKey, Authorization: `Bearer ${options.anonKey}` },
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch (error) {
        throw new BackendError(
          "unavailable",
          `Cannot reach Supabase at ${options.url}: ${(error as Error).message}. Check SUPABASE_URL.`,
          { cause: error },
        );
      }
      if (response.ok) return;
      const body = await response.text();
      if (response.status === 401 || response.status === 403) {
        throw new BackendError(
          "unavailable",
          `Supabase at ${options.url} refused SUPABASE_ANON_KEY (HTTP ${response.status}). ` +
            "Copy the anon public key from the project's API settings.",
        );
      }
      if (response.status === 404 || body.includes("PGRST205") || body.includes("42P01")) {
        throw new BackendError(
          "unavailable",
          `The shop's tables are missing in the Supabase project at ${options.url}: ` +
            "run `supabase link --project-ref <ref>` and `supabase db push`.",
        );
      }
      throw new BackendError("unavailable", `Supabase at ${options.url} answered HTTP ${response.status}: ${body.slice(0, 200)}`);
    },

    // Nothing to close: every request's client is stateless HTTP.
    async close() {},
  };
}

function createRequestBackend(
  client: SupabaseClient,
  responseHeaders: Headers,
  passwordMatches: (email: string, password: string) => Promise<boolean>,
): RequestBackend {
  let session: Promise<Session | null> | undefined;
  let user: Promise<AuthUser | null> | undefined;

  function forgetSession() {
    session = undefined;
    user = undefined;
  }

  async function loadSession(): Promise<Session | null> {
    const { data, error } = await client.auth.getSession();
    if (error) {
      if (isAuthRetryableFetchError(error)) throw fromAuthError(error);
      return null;
    }
    const current = data.session;
    // supabase-js refreshes below 90 s; the spec says "90 s or less", so the boundary is ours.
    if (current?.expires_at && current.expires_at - Date.now() / 1000 <= REFRESH_WHEN_SECONDS_LEFT) {
      const refreshed = await client.auth.refreshSession();
      if (refreshed.error) {
        if (isAuthRetryableFetchError(refreshed.error)) throw fromAuthError(refreshed.error);
        return null;
      }
      return refreshed.data.session;
    }
    return current;
  }

  function currentSession(): Promise<Session | null> {
    session ??= loadSession();
    return session;
  }

  /**
   * Data calls run with the session's access token, so as its user: the user they name must be the one Supabase
   * Auth verified for this session (auth.getUser()), and a visitor's call (userId null) must carry no session.
   */
  async function requireActingUser(userId: string | null): Promise<void> {
    if (userId !== null) {
      await requireSessionUser(requireUserId(userId), async () => (await auth.getUser())?.id ?? null);
      return;
    }
    if (await currentSession()) throw new BackendError("not_authorized", "You are signed in: place the order as yourself.");
  }

  async function run<T>(
    operation: PromiseLike<{ data: T | null; error: PostgrestError | null; status: number }>,
  ): Promise<T | null> {
    const { data, error, status } = await operation;
    if (error) throw fromPostgrestError(error, status);
    return data;
  }

  /**
   * After a password change Supabase Auth keeps this session and ends the others. A recovery link's session (its token
   * says "recovery") is replaced too, by one signed in with the new password: it must not keep setting passwords, nor
   * may a saved copy of its cookies (ended here, scope "local").
   */
  async function startPasswordSession(email: string, password: string): Promise<AuthUser> {
    const ended = await client.auth.signOut({ scope: "local" });
    if (ended.error && !isAuthSessionMissingError(ended.error)) throw fromAuthError(ended.error);
    forgetSession();
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    if (error) throw fromAuthError(error);
    const signedIn = toUser(data.user);
    user = Promise.resolve(signedIn);
    return signedIn;
  }

  const toUser = (supabaseUser: User): AuthUser =>
    toAuthUser({
      id: supabaseUser.id,
      email: supabaseUser.email,
      created_at: supabaseUser.created_at,
      metadata: supabaseUser.user_metadata,
    });

  async function loadUser(): Promise<AuthUser | null> {
    if (!(await currentSession())) return null;
    // Verifies the access token with Supabase Auth: a revoked session or deleted user reads as signed out.
    const { data, error } = await client.auth.getUser();
    if (error) {
      if (isAuthRetryableFetchError(error) || RETRYABLE_STATUSES.includes(error.status ?? 0)) throw fromAuthError(error);
      return null;
    }
    return toUser(data.user);
  }

  const auth: AuthPort = {
    getUser() {
      user ??= loadUser();
      return user;
    },

    async signUp({ email, password, fullName, emailRedirectTo }) {
      const name = fullName === undefined ? null : cleanFullName(fullName);
      const { data, error } = await client.auth.signUp({
        email: normaliseEmail(email),
        password,
        options: { emailRedirectTo, data: name ? { full_name: name } : {} },
      });
      if (error) throw fromAuthError(error);
      if (!data.user) throw new BackendError("unexpected", "Supabase returned no user for the sign-up.");
      forgetSession();
      return { user: toUser(data.user), signedIn: data.session !== null };
    },

    async signInWithPassword({ email, password }) {
      const { data, error } = await client.auth.signInWithPassword({ email: normaliseEmail(email), password });
      if (error) throw fromAuthError(error);
      forgetSession();
      const signedIn = toUser(data.user);
      user = Promise.resolve(signedIn);
      return signedIn;
    },

    async signOut() {
      if (!(await currentSession())) return;
      // "local": ends this session on Supabase (its refresh token stops working) and clears the cookies.
      const { error } = await client.auth.signOut({ scope: "local" });
      forgetSession();
      user = Promise.resolve(null);
      if (error && !isAuthSessionMissingError(error)) throw fromAuthError(error);
    },

    async signOutEverywhere() {
      if (!(await currentSession())) return;
      // "global": Supabase revokes every refresh token of the user; other devices' access tokens fail getUser().
      const { error } = await client.auth.signOut({ scope: "global" });
      forgetSession();
      user = Promise.resolve(null);
      if (error && !isAuthSessionMissingError(error)) throw fromAuthError(error);
    },

    // Supabase Auth sends the confirmation e-mail itself (its own throttle applies).
    async resendConfirmation({ email, emailRedirectTo }) {
      const { error } = await client.auth.resend({ type: "signup", email: normaliseEmail(email), options: { emailRedirectTo } });
      if (error) throw fromAuthError(error);
    },

    async requestPasswordReset({ email, redirectTo }) {
      const { error } = await client.auth.resetPasswordForEmail(normaliseEmail(email), { redirectTo });
      if (error) throw fromAuthError(error);
    },

    async hasRecoveryGrant() {
      const current = await currentSession();
      // getUser() asks Supabase Auth: the token is genuine and its session not ended (so its claims can be read).
      if (!current || !(await auth.getUser())) return false;
      return openedByRecoveryWithin(current.access_token, RECOVERY_GRANT_MINUTES * 60, Date.now() / 1000);
    },

    async resetPassword({ password }) {
      const signedIn = await auth.getUser();
      if (!signedIn) throw new BackendError("not_authenticated", "Please sign in first.");
      if (!(await auth.hasRecoveryGrant())) throw recoveryRequiredError();
      const { error } = await client.auth.updateUser({ password });
      if (error) throw fromAuthError(error);
      return startPasswordSession(signedIn.email, password);
    },

    async changePassword({ currentPassword, password }) {
      const signedIn = await auth.getUser();
      if (!signedIn) throw new BackendError("not_authenticated", "Please sign in first.");
      if (!(await passwordMatches(signedIn.email, String(currentPassword ?? "")))) {
        throw new BackendError("invalid_credentials", "Your current password is not correct.");
      }
      // A recovery link's session changing the password here must not keep its grant: it is replaced as after a reset.
      const recovering = await auth.hasRecoveryGrant();
      // current_password too, for projects that make Supabase check it itself.
      const { data, error } = await client.auth.updateUser({ password, current_password: currentPassword });
      if (error) throw fromAuthError(error);
      if (recovering) return startPasswordSession(signedIn.email, password);
      const updated = toUser(data.user);
      user = Promise.resolve(updated);
      return updated;
    },

    async startOAuth({ provider, redirectTo }) {
      const { data, error } = await client.auth.signInWithOAuth({
        provider,
        options: { redirectTo, skipBrowserRedirect: true },
      });
      if (error) throw fromAuthError(error);
      if (!data.url) throw new BackendError("unexpected", "Supabase returned no sign-in address.");
      return { url: data.url };
    },

    async exchangeCodeForSession({ code }) {
      const { data, error } = await client.auth.exchangeCodeForSession(code);
      if (error) throw fromAuthError(error);
      forgetSession();
      const signedIn = toUser(data.user);
      user = Promise.resolve(signedIn);
      return signedIn;
    },

    // Supabase's links carry a PKCE code that only the browser that asked for the link can use (its verifier cookie):
    // another account's link does nothing here, so there is nothing to tell in advance.
    async emailLinkAccount() {
      return null;
    },

    async signInWithVerifiedIdentity() {
      throw new BackendError("not_supported", "Google sign-in runs through Supabase on this backend.");
    },
  };

  const listCart = async (userId: string) =>
    ((await run(
      client
        .from("cart_items")
        .select("product_id, quantity")
        .eq("user_id", userId)
        .order("created_at")
        .order("product_id"),
    )) ?? []) as CartLineRow[];

  const carts: CartsPort = {
    async list({ userId }) {
      await requireActingUser(userId);
      return (await listCart(userId)).map(toCartLine);
    },

    async add({ userId, productId, quantity }) {
      await requireActingUser(userId);
      const line = (await run(
        client.rpc("add_to_cart", { p_product_id: requireProductId(productId), p_quantity: requireQuantity(quantity) }),
      )) as { product_id: string; quantity: number; capped: boolean };
      return { productId: line.product_id, quantity: line.quantity, capped: line.capped };
    },

    async setQuantity({ userId, productId, quantity }) {
      await requireActingUser(userId);
      requireProductId(productId);
      if (requireQuantity(quantity, { allowZeroOrLess: true }) <= 0) {
        await run(client.from("cart_items").delete().eq("user_id", userId).eq("product_id", productId));
        return { productId, quantity: 0, capped: false };
      }
      const stored = Math.min(quantity, MAX_CART_LINE_QUANTITY);
      await run(
        client
          .from("cart_items")
          .upsert({ user_id: userId, product_id: productId, quantity: stored }, { onConflict: "user_id,product_id" }),
      );
      return { productId, quantity: stored, capped: stored < quantity };
    },

    async remove({ userId, productId }) {
      await requireActingUser(userId);
      const removed = (await run(
        client.from("cart_items").delete().eq("user_id", userId).eq("product_id", productId).select("product_id"),
      )) as unknown[] | null;
      return (removed ?? []).length > 0;
    },

    async clear({ userId }) {
      await requireActingUser(userId);
      await run(client.from("cart_items").delete().eq("user_id", userId));
    },

    async merge({ userId, lines }) {
      await requireActingUser(userId);
      const payload = cleanCartLines(lines).map((line) => ({ product_id: line.productId, quantity: line.quantity }));
      const cart = (await run(client.rpc("merge_cart", { p_lines: payload }))) as CartLineRow[] | null;
      return (cart ?? []).map(toCartLine);
    },

    async removeProductsNotIn({ userId, productIds }) {
      await requireActingUser(userId);
      let query = client.from("cart_items").delete().eq("user_id", userId);
      if (productIds.length > 0) query = query.not("product_id", "in", postgrestList(productIds));
      const removed = (await run(query.select("product_id"))) as { product_id: string }[] | null;
      return (removed ?? []).map((row) => row.product_id);
    },
  };

  const profileColumns = "id, email, full_name, avatar_url, created_at, updated_at";

  const profiles: ProfilesPort = {
    async get({ userId }) {
      await requireActingUser(userId);
      const row = (await run(client.from("profiles").select(profileColumns).eq("id", userId).maybeSingle())) as ProfileRow | null;
      return row ? toProfile(row) : null;
    },

    async updateFullName({ userId, fullName }) {
      await requireActingUser(userId);
      const row = (await run(
        client.from("profiles").update({ full_name: cleanFullName(fullName) }).eq("id", userId).select(profileColumns).maybeSingle(),
      )) as ProfileRow | null;
      if (!row) throw new BackendError("not_found", "Profile not found.");
      return toProfile(row);
    },
  };

  const orders: OrdersPort = {
    async place({ userId, items, shippingAddress, shippingMethod, email, idempotencyKey }) {
      await requireActingUser(userId);
      const placed = (await run(
        client.rpc("place_order", {
          p_items: items.map((item) => ({ product_id: item.productId, quantity: item.quantity })),
          p_shipping: placeOrderShipping(shippingAddress, shippingMethod),
          p_email: email,
          p_idempotency_key: idempotencyKey,
        }),
      )) as OrderRow | null;
      if (!placed) throw new BackendError("unexpected", "place_order returned nothing.");
      return toOrder(placed);
    },

    async listForUser({ userId }) {
      await requireActingUser(userId);
      const rows = (await run(
        client
          .from("orders")
          .select(orderColumns)
          .eq("user_id", userId)
          .order("created_at", { ascending: false })
          .order("id", { ascending: false })
          .order("line_number", { referencedTable: "order_items" }),
      )) as OrderRow[] | null;
      return (rows ?? []).map(toOrder);
    },

    async listPageForUser({ userId, ...window }) {
      await requireActingUser(userId);
      const { limit, offset } = requirePageWindow(window);
      // PostgREST pages with offset/limit and counts with `Prefer: count=exact` (Content-Range: 0-9/1000).
      const { data, error, status, count } = await client
        .from("orders")
        .select(orderColumns, { count: "exact" })
        .eq("user_id", userId)
        .order("created_at", { ascending: false })
        .order("id", { ascending: false })
        .order("line_number", { referencedTable: "order_items" })
        .range(offset, offset + limit - 1);
      // An offset past the last row is 416 "range not satisfiable" (PGRST103), not an empty page: count alone.
      if (error?.code === "PGRST103") {
        const counted = await client.from("orders").select("id", { count: "exact", head: true }).eq("user_id", userId);
        if (counted.error) throw fromPostgrestError(counted.error, counted.status);
        return { orders: [], totalCount: counted.count ?? 0 };
      }
      if (error) throw fromPostgrestError(error, status);
      const orders = ((data ?? []) as unknown as OrderRow[]).map(toOrder);
      return { orders, totalCount: count ?? offset + orders.length };
    },
  };

  const wishlist: WishlistPort = {
    async list({ userId }) {
      await requireActingUser(userId);
      const rows = (await run(
        client
          .from("wishlist_items")
          .select("product_id")
          .eq("user_id", userId)
          .order("created_at", { ascending: false })
          .order("product_id"),
      )) as { product_id: string }[] | null;
      return (rows ?? []).map((row) => row.product_id);
    },

    async add({ userId, productId }) {
      await requireActingUser(userId);
      await run(
        client
          .from("wishlist_items")
          .upsert(
            { user_id: userId, product_id: requireProductId(productId) },
            { onConflict: "user_id,product_id", ignoreDuplicates: true },
          ),
      );
    },

    async remove({ userId, productId }) {
      await requireActingUser(userId);
      const removed = (await run(
        client.from("wishlist_items").delete().eq("user_id", userId).eq("product_id", productId).select("product_id"),
      )) as unknown[] | null;
      return (removed ?? []).length > 0;
    },

    async toggle({ userId, productId }) {
      await requireActingUser(userId);
      return (await run(client.rpc("toggle_wishlist_item", { p_product_id: requireProductId(productId) }))) === true;
    },

    async merge({ userId, productIds }) {
      await requireActingUser(userId);
      const list = (await run(
        client.rpc("merge_wishlist", { p_product_ids: productIds.filter((id) => typeof id === "string") }),
      )) as string[] | null;
      return list ?? [];
    },
  };

  const newsletter: NewsletterPort = {
    async subscribe({ email }) {
      await run(client.rpc("subscribe_to_newsletter", { p_email: email }));
    },
    async confirm({ token }) {
      return (await run(client.rpc("confirm_newsletter_subscription", { p_token: token }))) === true;
    },
    async unsubscribe({ token }) {
      return (await run(client.rpc("unsubscribe_from_newsletter", { p_token: token }))) === true;
    },
  };

  /** public.<name>(named arguments) through PostgREST, with the session's token (or the anon key). */
  const rpc: RpcCall = async (name, args) =>
    run(client.rpc(name, Object.fromEntries(Object.entries(args).map(([argument, [value]]) => [argument, value]))));
  const staff = createStaffPort(rpc, async () => (await auth.getUser())?.id ?? null);
  const guestOrders = createGuestOrdersPort(rpc);

  const scope: RequestBackend = {
    auth,
    carts,
    profiles,
    orders,
    wishlist,
    newsletter,
    staff,
    guestOrders,
    responseHeaders,
    member: () => memberOf(scope),
  };
  return scope;
}

/**
 * Whether an access token (already verified by Supabase Auth) belongs to a session opened by a password-recovery
 * link less than `seconds` ago: Supabase Auth signs how each session began into the token's `amr` claim, with the
 * time, and keeps it when the token is refreshed.
 */
export function openedByRecoveryWithin(accessToken: string, seconds: number, nowSeconds: number): boolean {
  let claims: { amr?: unknown };
  try {
    claims = JSON.parse(Buffer.from(accessToken.split(".")[1] ?? "", "base64url").toString("utf8")) as { amr?: unknown };
  } catch {
    return false;
  }
  if (!Array.isArray(claims.amr)) return false;
  return claims.amr.some((entry: unknown) => {
    const { method, timestamp } = (entry ?? {}) as { method?: unknown; timestamp?: unknown };
    // A minute of clock difference with Supabase is allowed for, not more.
    return method === "recovery" && typeof timestamp === "number" && timestamp - nowSeconds < 60 && nowSeconds - timestamp < seconds;
  });
}

/** `(a,b)` for PostgREST's `in` filter, each value quoted so commas or parentheses in ids stay literal. */
function postgrestList(values: readonly string[]): string {
  return `(${values.map((value) => `"${value.replace(/["\\]/g, "\\$&")}"`).join(",")})`;
}

function fromAuthError(error: AuthError): BackendError {
  const status = error.status ?? 0;
  if (isAuthRetryableFetchError(error) || RETRYABLE_STATUSES.includes(status)) {
    return new BackendError("unavailable", "Sign-in is not reachable right now. Please try again in a moment.", {
      cause: error,
    });
  }
  if (isAuthWeakPasswordError(error)) return new BackendError("weak_password", error.message, { cause: error });
  if (isAuthSessionMissingError(error)) return new BackendError("not_authenticated", "Please sign in first.", { cause: error });
  switch (error.code) {
    case "invalid_credentials":
      return new BackendError("invalid_credentials", error.message, { cause: error });
    case "user_already_exists":
    case "email_exists":
      return new BackendError("email_taken", error.message, { cause: error });
    case "weak_password":
      return new BackendError("weak_password", error.message, { cause: error });
    case "email_not_confirmed":
      return new BackendError("email_not_confirmed", error.message, { cause: error });
    case "over_request_rate_limit":
    case "over_email_send_rate_limit":
      return new BackendError("too_many_attempts", error.message, { cause: error });
    case "session_not_found":
    case "refresh_token_not_found":
    case "refresh_token_already_used":
    case "bad_jwt":
      return new BackendError("not_authenticated", error.message, { cause: error });
    // A `?code=` (e-mailed link or OAuth) that is unknown, used, expired, or opened in another browser (no PKCE
    // verifier cookie): "invalid_link", as on the SQL backends, so the callback page says the link no longer works.
    case "flow_state_not_found":
    case "flow_state_expired":
    case "otp_expired":
    case "bad_code_verifier":
    case "pkce_code_verifier_not_found":
      return new BackendError("invalid_link", "This link is invalid, has already been used or has expired.", { cause: error });
  }
  if (status === 429) return new BackendError("too_many_attempts", error.message, { cause: error });
  if (status >= 400 && status < 500) return new BackendError("invalid_input", error.message, { cause: error });
  return new BackendError("unexpected", error.message || "Sign-in failed unexpectedly.", { cause: error });
}

/** public.<name>(named arguments) through PostgREST with the service-role client: what no shopper's session does. */
function serviceRpc(client: SupabaseClient): RpcCall {
  return async (name, args) => {
    const { data, error, status } = await client.rpc(name, Object.fromEntries(Object.entries(args).map(([argument, [value]]) => [argument, value])));
    if (error) throw fromPostgrestError(error, status);
    return data;
  };
}

function fromPostgrestError(error: PostgrestError, status: number): BackendError {
  // status 0: the request never got an answer (network down, DNS, timeout).
  if (status === 0 || RETRYABLE_STATUSES.includes(status)) {
    return new BackendError("unavailable", unavailableMessage, { cause: error });
  }
  if (status === 401 && ["PGRST301", "PGRST302", "PGRST303"].includes(error.code)) {
    return new BackendError("not_authenticated", "Your session has expired. Please sign in again.", { cause: error });
  }
  return toBackendError(error);
}
