import { describe, expect, test } from "vitest";

import { DEFAULT_PAYMENT_INSTRUCTIONS, DEFAULT_PAYMENT_INSTRUCTIONS_WITHOUT_MAIL, parseEnv } from "./env.server";

describe("parseEnv", () => {
  test("development needs nothing and gets a development session secret", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "development",
      DATA_DIR: "./data",
      DATABASE_POOL_SIZE: 10,
      secureCookies: false,
    });
    expect(env.sessionSecrets).toHaveLength(1);
  });

  test("blank values count as unset", () => {
    expect(parseEnv({ DATABASE_URL: " ", SUPABASE_URL: "", BACKEND: "" })).toMatchObject({
      DATABASE_URL: undefined,
      SUPABASE_URL: undefined,
      BACKEND: undefined,
    });
  });

  test("production stops without a long SESSION_SECRET, and says what to set", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET: is required in production/);
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: "short" })).toThrow(/at least 32 characters/);
    const env = parseEnv({ NODE_ENV: "production", SESSION_SECRET: `${"a".repeat(32)}, ${"b".repeat(40)}` });
    expect(env.sessionSecrets).toEqual(["a".repeat(32), "b".repeat(40)]);
    expect(env.secureCookies).toBe(true);
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET: "a".repeat(32), ALLOW_HTTP: "true" }).secureCookies).toBe(
      false,
    );
  });

  test("lists every invalid variable at once", () => {
    expect(() => parseEnv({ BACKEND: "mysql", DATABASE_POOL_SIZE: "0", GOOGLE_CLIENT_ID: "id" })).toThrow(
      /BACKEND: must be embedded, postgres or supabase[\s\S]*DATABASE_POOL_SIZE[\s\S]*GOOGLE_CLIENT_SECRET/,
    );
  });

  test("a catalogue fixture is refused in production unless the benchmark allows it", () => {
    const production = { NODE_ENV: "production", SESSION_SECRET: "a".repeat(32), CATALOG_FIXTURE: "fixture.json" };
    expect(() => parseEnv(production)).toThrow(
      /CATALOG_FIXTURE: generated benchmark products are refused in production/,
    );
    expect(() => parseEnv({ ...production, ALLOW_CATALOG_FIXTURE: "false" })).toThrow(/CATALOG_FIXTURE/);
    expect(parseEnv({ ...production, ALLOW_CATALOG_FIXTURE: "true" }).CATALOG_FIXTURE).toBe("fixture.json");
    expect(parseEnv({ CATALOG_FIXTURE: "fixture.json" }).CATALOG_FIXTURE).toBe("fixture.json");
    expect(parseEnv({}).CATALOG_FIXTURE).toBeUndefined();
  });

  test("mail in production: off without SMTP_URL unless MAIL=on; with SMTP_URL it needs MAIL_FROM", () => {
    const production = { NODE_ENV: "production", SESSION_SECRET: "a".repeat(32) };
    expect(parseEnv(production)).toMatchObject({ MAIL: "off", mailOffByDefault: true });
    expect(parseEnv({ ...production, MAIL: "on" })).toMatchObject({ MAIL: "on", mailOffByDefault: false });
    expect(parseEnv({ ...production, MAIL: "off" })).toMatchObject({ MAIL: "off", mailOffByDefault: false });
    const smtp = { ...production, SMTP_URL: "smtps://user:pass@smtp.example.com:465" };
    expect(() => parseEnv(smtp)).toThrow(/MAIL_FROM: is required with SMTP_URL in production/);
    expect(parseEnv({ ...smtp, MAIL_FROM: "Shop <shop@example.com>" })).toMatchObject({
      MAIL: "on",
      MAIL_FROM: "Shop <shop@example.com>",
    });
    expect(parseEnv({ ...smtp, MAIL: "off" }).MAIL).toBe("off");
  });

  test("mail: on by default with no SMTP server; SMTP_URL must be smtp(s)://, MAIL on or off", () => {
    expect(parseEnv({})).toMatchObject({
      MAIL: "on",
      mailOffByDefault: false,
      MAIL_FROM: "Luxe Strands <shop@localhost>",
    });
    expect(parseEnv({}).SMTP_URL).toBeUndefined();
    expect(parseEnv({ SMTP_URL: "smtps://user:pass@smtp.example.com:465", MAIL: "off" })).toMatchObject({
      SMTP_URL: "smtps://user:pass@smtp.example.com:465",
      MAIL: "off",
    });
    expect(() => parseEnv({ SMTP_URL: "https://smtp.example.com", MAIL: "maybe" })).toThrow(
      /SMTP_URL: must be smtp:\/\/… or smtps:\/\/…[\s\S]*MAIL: must be on or off/,
    );
  });

  test("production refuses TRUST_PROXY without SITE_URL (forwarded hosts would end up in cached pages)", () => {
    const production = { NODE_ENV: "production", SESSION_SECRET: "a".repeat(32), TRUST_PROXY: "true" };
    expect(() => parseEnv(production)).toThrow(/SITE_URL: is required with TRUST_PROXY=true in production/);
    expect(parseEnv({ ...production, SITE_URL: "https://shop.example.com" }).TRUST_PROXY).toBe("true");
    expect(parseEnv({ ...production, TRUST_PROXY: "false" }).TRUST_PROXY).toBe("false");
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe("true");
    // A number of proxies counts as trusting them.
    expect(() => parseEnv({ ...production, TRUST_PROXY: "2" })).toThrow(/SITE_URL: is required with TRUST_PROXY/);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe("2");
    expect(() => parseEnv({ TRUST_PROXY: "yes" })).toThrow(
      /TRUST_PROXY: must be true, false or the number of proxies in front/,
    );
  });

  test("with mail off the default payment instructions promise no e-mail; the owner's own are kept", () => {
    const production = { NODE_ENV: "production", SESSION_SECRET: "x".repeat(32) };
    expect(parseEnv({}).PAYMENT_INSTRUCTIONS).toBe(DEFAULT_PAYMENT_INSTRUCTIONS);
    expect(parseEnv({ ...production, SMTP_URL: "smtp://mail:25", MAIL_FROM: "a@b.co" }).PAYMENT_INSTRUCTIONS).toBe(
      DEFAULT_PAYMENT_INSTRUCTIONS,
    );
    for (const mailOff of [{ ...production }, { MAIL: "off" }]) {
      expect(parseEnv(mailOff).PAYMENT_INSTRUCTIONS).toBe(DEFAULT_PAYMENT_INSTRUCTIONS_WITHOUT_MAIL);
      expect(parseEnv(mailOff).PAYMENT_INSTRUCTIONS).not.toMatch(/e-?mail/i);
      expect(parseEnv({ ...mailOff, PAYMENT_INSTRUCTIONS: "We e-mail an invoice." }).PAYMENT_INSTRUCTIONS).toBe(
        "We e-mail an invoice.",
      );
    }
  });

  test("payment: manual with default instructions unless a Stripe key and its webhook secret are both set", () => {
    expect(parseEnv({}).STRIPE_SECRET_KEY).toBeUndefined();
    expect(parseEnv({}).PAYMENT_INSTRUCTIONS).toMatch(/how to pay/);
    expect(parseEnv({ PAYMENT_INSTRUCTIONS: "  Bank transfer to IBAN X  " }).PAYMENT_INSTRUCTIONS).toBe(
      "Bank transfer to IBAN X",
    );
    expect(parseEnv({ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_def" })).toMatchObject({
      STRIPE_SECRET_KEY: "sk_test_abc",
      STRIPE_WEBHOOK_SECRET: "whsec_def",
    });
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "sk_test_abc" })).toThrow(
      /STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY: the signing secret \(whsec_…\) of the webhook endpoint/,
    );
    expect(() => parseEnv({ STRIPE_WEBHOOK_SECRET: "whsec_def" })).toThrow(
      /STRIPE_SECRET_KEY: is required with STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "pk_test_abc", STRIPE_WEBHOOK_SECRET: "def" })).toThrow(
      /STRIPE_SECRET_KEY: must be a secret key[\s\S]*STRIPE_WEBHOOK_SECRET: must be a webhook signing secret/,
    );
    const stripeMock = {
      STRIPE_SECRET_KEY: "sk_test_abc",
      STRIPE_WEBHOOK_SECRET: "whsec_def",
      STRIPE_API_URL: "http://localhost:12111",
    };
    expect(parseEnv(stripeMock).STRIPE_API_URL).toBe("http://localhost:12111");
    expect(() => parseEnv({ ...stripeMock, STRIPE_API_URL: "localhost:12111/v1" })).toThrow(
      /STRIPE_API_URL: must be an http\(s\) origin/,
    );
  });
});
