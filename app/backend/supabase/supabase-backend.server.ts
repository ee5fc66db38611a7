import type { SupabaseClient } from "@supabase/supabase-js";

import { STAFF_SETUP_LINK_HOURS } from "~/backend/constants";
import type { Backend, RequestBackend } from "~/backend/ports/backend";
import { createRateLimits, memoryLimiter } from "~/backend/rate-limit-counters.server";
import { memberOf, requestScopes } from "~/backend/request-scope.server";
import { createCatalogueImageFiles } from "~/backend/rpc/catalogue-images.server";
import { createCatalogueReader } from "~/backend/rpc/catalogue.server";
import { createDiscountCodesPort } from "~/backend/rpc/discounts.server";
import { createPaymentsPort } from "~/backend/rpc/payments.server";
import { createSupabaseAuth } from "./supabase-auth.server";
import {
  createRequestClient,
  createServiceRoleClient,
  createStatelessClient,
  type SessionCookieOptions,
  type SupabaseProject,
} from "./supabase-clients.server";
import { createSupabaseDataPorts, postgrestRpc } from "./supabase-data.server";
import { fromPostgrestError } from "./supabase-errors.server";
import { createSupabaseOutbox } from "./supabase-outbox.server";
import { createPasswordCheck, type PasswordCheck } from "./supabase-passwords.server";
import { hostedProviders, pingSupabase } from "./supabase-project.server";
import { createSupabaseSession } from "./supabase-session.server";

export interface SupabaseBackendOptions extends SupabaseProject, SessionCookieOptions {
  /**
   * SUPABASE_SERVICE_ROLE_KEY: this server then drains the e-mail outbox (decision 0016; without it, nobody does) and
   * records card payments (decision 0031; without it, Stripe payments cannot be taken).
   */
  serviceRoleKey?: string;
}

/**
 * The Supabase adapter: @supabase/ssr keeps the user's session in (signed) cookies, and every request
 * carries the anon key plus the user's access token, so Supabase's row-level security decides.
 */
export function createSupabaseBackend(options: SupabaseBackendOptions): Backend {
  const passwordMatches = createPasswordCheck(options);
  const serviceClient = options.serviceRoleKey
    ? createServiceRoleClient({ url: options.url, serviceRoleKey: options.serviceRoleKey, fetch: options.fetch })
    : null;

  return {
    description: `supabase (${options.url})`,
    capabilities: { sendsEmail: true, linksWorkInAnyBrowser: false, hostedOAuth: true },
    // Memory counters, per process: the app cannot write a table of its own on Supabase (the anon key only).
    rateLimits: createRateLimits({ shared: false, limiterFor: memoryLimiter }),
    hostedOAuthProviders: hostedProviders(options),
    outbox: serviceClient ? createSupabaseOutbox(serviceClient) : null,
    payments: serviceClient ? createPaymentsPort(postgrestRpc(serviceClient)) : null,
    // Codes are looked up with the service role only: the anon key cannot list or guess them (decision 0042).
    discountCodes: serviceClient ? createDiscountCodesPort(postgrestRpc(serviceClient)) : null,
    // As the shop's visitors see it (the anon key): row-level security shows the active catalogue only.
    catalogue: createCatalogueReader(postgrestRpc(createStatelessClient(options))),
    catalogueImages: createCatalogueImageFiles(postgrestRpc(createStatelessClient(options))),

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

    async issueStaffSetupTokens({ email } = {}) {
      if (!serviceClient) return null;
      const { data, error, status } = await serviceClient.rpc("issue_staff_setup_tokens", {
        p_lifetime_seconds: STAFF_SETUP_LINK_HOURS * 3600,
        p_email: email ?? null,
      });
      if (error) throw fromPostgrestError(error, status);
      return (data ?? []) as { email: string; token: string }[];
    },

    forRequest: requestScopes((request, responseHeaders) =>
      createRequestBackend(
        createRequestClient(options, request.headers.get("Cookie"), responseHeaders),
        responseHeaders,
        passwordMatches,
        serviceClient,
      ),
    ),

    ping: () => pingSupabase(options),

    // Nothing to close: every request's client is stateless HTTP.
    async close() {},
  };
}

function createRequestBackend(
  client: SupabaseClient,
  responseHeaders: Headers,
  passwordMatches: PasswordCheck,
  serviceClient: SupabaseClient | null,
): RequestBackend {
  const session = createSupabaseSession(client);
  const auth = createSupabaseAuth(client, session, passwordMatches, serviceClient);
  // Data calls run as the user Supabase Auth verifies for this request's session (auth.getUser()).
  const data = createSupabaseDataPorts(client, session);
  const scope: RequestBackend = { ...data, auth, responseHeaders, member: () => memberOf(scope) };
  return scope;
}
