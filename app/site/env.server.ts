import fs from "node:fs";
import { z } from "zod";

/** What a shop taking payment by hand says until its owner writes PAYMENT_INSTRUCTIONS. */
export const DEFAULT_PAYMENT_INSTRUCTIONS =
  "We will e-mail you how to pay within one business day. Your order is prepared as soon as your payment is received.";
/** The same, for a shop that sends no e-mail (MAIL off): it promises none. */
export const DEFAULT_PAYMENT_INSTRUCTIONS_WITHOUT_MAIL =
  "We will contact you about how to pay within one business day, at the phone number you gave. Your order is prepared as soon as your payment is received.";

/** Development and tests only: production must set its own (checked below). */
const DEVELOPMENT_SESSION_SECRET = "development-only-session-secret-do-not-use-in-production";

/** The sender outside production (and of the files a production shop writes with MAIL=on and no SMTP_URL). */
export const DEVELOPMENT_MAIL_FROM = "Luxe Strands <shop@localhost>";

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const optionalText = z.preprocess(blankToUndefined, z.string().trim().optional());

const emailPattern = /^[^@\s,]+@[^@\s,]+\.[^@\s,]+$/;

/** A comma-separated list of e-mail addresses, trimmed and lower-cased, without repeats; blank is none. */
function emailList(name: string) {
  return z.preprocess(
    (value) => (typeof value === "string" ? value : ""),
    z
      .string()
      .transform((value) => [
        ...new Set(
          value
            .split(",")
            .map((part) => part.trim().toLowerCase())
            .filter(Boolean),
        ),
      ])
      .refine((emails) => emails.every((email) => emailPattern.test(email) && email.length <= 320), {
        message: `must be e-mail addresses separated by commas, e.g. ${name}=owner@example.com,help@example.com`,
      }),
  );
}

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const EnvSchema = z.object({
  NODE_ENV: z.preprocess(blankToUndefined, z.enum(["development", "production", "test"]).default("development")),
  /** Comma-separated; the first signs, all verify (rotate by putting a new one first). */
  SESSION_SECRET: optionalText,
  BACKEND: z.preprocess(
    blankToUndefined,
    z.enum(["embedded", "postgres", "supabase"], { message: "must be embedded, postgres or supabase" }).optional(),
  ),
  DATA_DIR: z.preprocess(blankToUndefined, z.string().trim().default("./data")),
  DATABASE_URL: optionalText,
  DATABASE_POOL_SIZE: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(200).default(10)),
  SUPABASE_URL: optionalText,
  SUPABASE_ANON_KEY: optionalText,
  SITE_URL: z.preprocess(
    blankToUndefined,
    z.string().url({ message: "must be a URL such as https://shop.example.com" }).optional(),
  ),
  /**
   * Supabase only: lets this server claim the e-mail outbox (decision 0016). Server-side only, never sent to a browser.
   */
  SUPABASE_SERVICE_ROLE_KEY: optionalText,
  /** Outgoing mail, e.g. smtps://user:pass@smtp.example.com:465. Unset: each message is written to DATA_DIR/mail. */
  SMTP_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine((value) => /^smtps?:\/\/[^/]/.test(value) && URL.canParse(value), {
        message: "must be smtp://… or smtps://…, e.g. smtps://user:pass@host:465",
      })
      .optional(),
  ),
  /** The From address of every message; production with SMTP_URL must set it (a placeholder elsewhere). */
  MAIL_FROM: optionalText,
  /**
   * off: the shop sends no e-mail, and new accounts are confirmed at once. on: SMTP_URL, else files in DATA_DIR/mail.
   * Unset: on, except in production without SMTP_URL, where nobody would read the files (decision 0027).
   */
  MAIL: z.preprocess(blankToUndefined, z.enum(["on", "off"], { message: "must be on or off" }).optional()),
  /**
   * Manual payment (no STRIPE_SECRET_KEY): how to pay, shown after checkout and in the order confirmation e-mail
   * (decision 0031). Staff mark the order paid. Unset with mail off, a default that promises no e-mail.
   */
  PAYMENT_INSTRUCTIONS: z.preprocess(
    blankToUndefined,
    z.string().trim().max(1000, { message: "must be at most 1000 characters" }).default(DEFAULT_PAYMENT_INSTRUCTIONS),
  ),
  /** Card payment by Stripe Checkout: the secret key (sk_live_…, sk_test_…, or a restricted rk_…). */
  STRIPE_SECRET_KEY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, {
        message: "must be a secret key from the Stripe dashboard (sk_live_… or sk_test_…)",
      })
      .optional(),
  ),
  /** The signing secret of the shop's webhook endpoint (whsec_…): required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^whsec_[A-Za-z0-9_]+$/, { message: "must be a webhook signing secret (whsec_…)" })
      .optional(),
  ),
  /** Where the Stripe client sends its API requests instead of api.stripe.com: stripe-mock or a test stand-in. */
  STRIPE_API_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine((value) => /^https?:\/\/[^/?#]+\/?$/.test(value) && URL.canParse(value), {
        message: "must be an http(s) origin such as http://localhost:12111 (stripe-mock)",
      })
      .optional(),
  ),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  /** Behind a reverse proxy: X-Forwarded-For/-Proto/-Host are believed (production needs SITE_URL with it). */
  /** How many proxies in front set X-Forwarded-* ("true": one), or "false" (server.js reads it too). */
  TRUST_PROXY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^(true|false|[1-9]\d*)$/, { message: "must be true, false or the number of proxies in front" })
      .default("false"),
  ),
  /** Production served over plain HTTP (no TLS in front): cookies cannot be Secure then. */
  ALLOW_HTTP: z.preprocess(blankToUndefined, z.enum(["true", "false"]).default("false")),
  /** Per-client limits on sign-in, sign-up, forgotten password and checkout (app/modules/limits/rate-limits.server.ts). */
  RATE_LIMITS: z.preprocess(blankToUndefined, z.enum(["on", "off"]).default("on")),
  /**
   * The staff (decision 0029): comma-separated addresses, written to the database at every start. A listed address
   * has the back office (/admin) once it is a confirmed account.
   */
  STAFF_EMAILS: emailList("STAFF_EMAILS"),
  /** Where each new order is announced (comma-separated); unset: the staff addresses. */
  ORDERS_EMAIL: emailList("ORDERS_EMAIL"),
  /** The back office's "today" and its daily figures, an IANA time zone name. */
  SHOP_TIME_ZONE: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine(isTimeZone, { message: "must be an IANA time zone name such as America/Los_Angeles or UTC" })
      .default("America/Los_Angeles"),
  ),
  /** The shop's own details (app/content/shop-details.ts): unset, today's texts. */
  SHOP_NAME: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  SHOP_EMAIL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine((value) => emailPattern.test(value), { message: "must be an e-mail address" })
      .optional(),
  ),
  SHOP_PHONE: z.preprocess(blankToUndefined, z.string().trim().max(50).optional()),
  SHOP_ADDRESS: z.preprocess(blankToUndefined, z.string().trim().max(300).optional()),
  SHOP_SUPPORT_HOURS: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
  /** Benchmarks only: a JSON file `{ "products": Product[] }` served after the shipped catalogue. */
  CATALOG_FIXTURE: optionalText,
  /** Lets a production build (the benchmark's) read CATALOG_FIXTURE; a real shop never sets it. */
  ALLOW_CATALOG_FIXTURE: z.preprocess(blankToUndefined, z.enum(["true", "false"]).default("false")),
});

/** Rules across variables, checked on the raw values so they are reported with any other problem. */
function crossVariableProblems(source: Record<string, string | undefined>): string[] {
  const value = (name: string) => source[name]?.trim() || undefined;
  const problems: string[] = [];
  if (value("NODE_ENV") === "production") {
    const secrets =
      value("SESSION_SECRET")
        ?.split(",")
        .map((secret) => secret.trim()) ?? [];
    if (secrets.length === 0 || secrets.some((secret) => secret.length < 32)) {
      problems.push(
        "SESSION_SECRET: is required in production: a random string of at least 32 characters " +
          "(e.g. `openssl rand -hex 32`); several, comma-separated, to rotate",
      );
    }
  }
  if (value("NODE_ENV") === "production" && value("CATALOG_FIXTURE") && value("ALLOW_CATALOG_FIXTURE") !== "true") {
    problems.push(
      "CATALOG_FIXTURE: generated benchmark products are refused in production; unset it " +
        "(or set ALLOW_CATALOG_FIXTURE=true for a benchmark run, never in a real shop)",
    );
  }
  if (value("NODE_ENV") === "production" && (value("TRUST_PROXY") ?? "false") !== "false" && !value("SITE_URL")) {
    // Else one request's X-Forwarded-Host would become the canonical and og:url links cached for every visitor.
    problems.push(
      "SITE_URL: is required with TRUST_PROXY=true in production: the shop's public address, such as " +
        "https://shop.example.com (links in pages come from it, never from forwarded headers)",
    );
  }
  if (value("NODE_ENV") === "production" && value("SMTP_URL") && value("MAIL") !== "off" && !value("MAIL_FROM")) {
    problems.push(
      'MAIL_FROM: is required with SMTP_URL in production: the sender of the shop\'s e-mails, such as "Luxe Strands <shop@your-shop>" ' +
        "(an address your mail provider lets you send from)",
    );
  }
  if (Boolean(value("GOOGLE_CLIENT_ID")) !== Boolean(value("GOOGLE_CLIENT_SECRET"))) {
    problems.push(
      `${value("GOOGLE_CLIENT_ID") ? "GOOGLE_CLIENT_SECRET" : "GOOGLE_CLIENT_ID"}: Google sign-in needs both ` +
        "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (or neither)",
    );
  }
  if (value("STRIPE_SECRET_KEY") && !value("STRIPE_WEBHOOK_SECRET")) {
    // Without it the shop could send shoppers to pay but never learn that they did.
    problems.push(
      "STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY: the signing secret (whsec_…) of the webhook endpoint " +
        "<your shop>/webhooks/stripe, from the Stripe dashboard (Developers > Webhooks) or printed by `stripe listen`; " +
        "or unset STRIPE_SECRET_KEY to take payment manually (README, Payments)",
    );
  }
  for (const name of ["STRIPE_WEBHOOK_SECRET", "STRIPE_API_URL"]) {
    if (value(name) && !value("STRIPE_SECRET_KEY")) {
      problems.push(
        `STRIPE_SECRET_KEY: is required with ${name}: the secret key from the Stripe dashboard (Developers > API keys)`,
      );
    }
  }
  return problems;
}

export type Env = Omit<z.infer<typeof EnvSchema>, "MAIL" | "MAIL_FROM"> & {
  /** Whether the shop sends e-mail, MAIL as set or its default (see the schema). */
  MAIL: "on" | "off";
  /** MAIL was not set and production has no SMTP_URL: mail is off because there is nowhere to send it. */
  mailOffByDefault: boolean;
  MAIL_FROM: string;
  /** SESSION_SECRET split, newest first; the development secret outside production. */
  sessionSecrets: string[];
  isProduction: boolean;
  /** Cookies get the Secure flag: production unless ALLOW_HTTP=true. */
  secureCookies: boolean;
};

/** Validates an environment; throws one error that lists every problem and what to set. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  const problems = [
    ...(result.success
      ? []
      : result.error.issues.map((issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`)),
    ...crossVariableProblems(source),
  ];
  if (!result.success || problems.length > 0) {
    throw new Error(
      `Invalid environment variables (see .env.example):\n${problems.map((problem) => `  - ${problem}`).join("\n")}`,
    );
  }
  const env = result.data;
  const isProduction = env.NODE_ENV === "production";
  const sessionSecrets = env.SESSION_SECRET
    ? env.SESSION_SECRET.split(",")
        .map((secret) => secret.trim())
        .filter(Boolean)
    : [DEVELOPMENT_SESSION_SECRET];
  const mailOffByDefault = env.MAIL === undefined && isProduction && !env.SMTP_URL;
  const mail = env.MAIL ?? (mailOffByDefault ? "off" : "on");
  const ownInstructions = blankToUndefined(source.PAYMENT_INSTRUCTIONS) !== undefined;
  return {
    ...env,
    PAYMENT_INSTRUCTIONS:
      mail === "off" && !ownInstructions ? DEFAULT_PAYMENT_INSTRUCTIONS_WITHOUT_MAIL : env.PAYMENT_INSTRUCTIONS,
    MAIL: mail,
    mailOffByDefault,
    MAIL_FROM: env.MAIL_FROM ?? DEVELOPMENT_MAIL_FROM,
    sessionSecrets,
    isProduction,
    secureCookies: isProduction && env.ALLOW_HTTP !== "true",
  };
}

let cached: Env | undefined;

/**
 * The validated environment of this process, read once. A `.env` file in the working directory is
 * loaded first when present (variables already set win); tests do not read it.
 */
export function getEnv(): Env {
  if (!cached) {
    if (!process.env.VITEST && fs.existsSync(".env")) process.loadEnvFile(".env");
    cached = parseEnv(process.env);
  }
  return cached;
}
