import { describe, expect, it } from "vitest";

import { BackendError } from "~/backend/errors";
import { accountCreatedNotice, authFailureHeaders, authFailureStatus } from "~/modules/auth/auth-messages";

describe("accountCreatedNotice", () => {
  it("asks for the e-mail confirmation where the backend sends one (decision 0016)", () => {
    expect(accountCreatedNotice({ signedIn: false, sendsEmail: true })).toEqual({
      title: "Account created!",
      description: "Please check your email to verify your account.",
    });
  });

  it("says the shopper is signed in when the backend signed them in", () => {
    expect(accountCreatedNotice({ signedIn: true, sendsEmail: false }).description).toBe(
      "Your account is ready and you are signed in.",
    );
    expect(accountCreatedNotice({ signedIn: true, sendsEmail: true }).description).toMatch(/signed in/);
  });

  it("never promises an e-mail the backend cannot send", () => {
    expect(accountCreatedNotice({ signedIn: false, sendsEmail: false }).description).not.toMatch(/email/i);
  });
});

describe("authFailureStatus", () => {
  it("answers 429 to throttling, 503 to an unreachable backend, 400 otherwise", () => {
    expect(authFailureStatus("too_many_attempts")).toBe(429);
    expect(authFailureStatus("unavailable")).toBe(503);
    expect(authFailureStatus("invalid_credentials")).toBe(400);
    expect(authFailureStatus(undefined)).toBe(400);
  });
});

describe("authFailureHeaders", () => {
  it("gives a throttled answer its Retry-After: the backend's own wait, else a minute", () => {
    expect(authFailureHeaders(new BackendError("too_many_attempts", "Locked", { retryAfterSeconds: 29.2 }))).toEqual({
      "Retry-After": "30",
    });
    expect(authFailureHeaders(new BackendError("too_many_attempts", "Supabase says so"))).toEqual({
      "Retry-After": "60",
    });
    expect(authFailureHeaders(new BackendError("invalid_credentials", "Invalid login credentials"))).toEqual({});
  });
});
