import { describe, expect, it } from "vitest";

import { REPEATED_FIELD_MESSAGE } from "~/forms/form-text";
import { HONEYPOT_FIELD, INVALID_EMAIL_MESSAGE, parseNewsletterForm } from "~/modules/newsletter/newsletter-form";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
};

describe("parseNewsletterForm", () => {
  it("trims and lower-cases the address", () => {
    expect(parseNewsletterForm(form({ email: "  Ada.Lovelace@Example.COM " }))).toEqual({
      kind: "subscribe",
      email: "ada.lovelace@example.com",
    });
  });

  it.each(["", "   ", "not-an-email", "ada@", "ada@example", "two@@example.com"])(
    "refuses %j with the message and keeps it",
    (email) => {
      expect(parseNewsletterForm(form({ email }))).toEqual({
        kind: "invalid",
        error: INVALID_EMAIL_MESSAGE,
        typed: email,
      });
    },
  );

  it("refuses a missing field and an absurdly long address", () => {
    expect(parseNewsletterForm(form({}))).toMatchObject({ kind: "invalid", error: INVALID_EMAIL_MESSAGE, typed: "" });
    const long = `${"a".repeat(400)}@example.com`;
    expect(parseNewsletterForm(form({ email: long }))).toMatchObject({ kind: "invalid", typed: long.slice(0, 320) });
  });

  it("treats a filled honeypot as a bot, whatever the address", () => {
    expect(parseNewsletterForm(form({ email: "ada@example.com", [HONEYPOT_FIELD]: "ACME" }))).toEqual({ kind: "bot" });
    expect(parseNewsletterForm(form({ email: "ada@example.com", [HONEYPOT_FIELD]: "" }))).toMatchObject({
      kind: "subscribe",
    });
  });

  it("refuses an address sent twice with the message the other forms give, keeping the first", () => {
    const data = form({ email: "ada@example.com" });
    data.append("email", "grace@example.com");
    expect(parseNewsletterForm(data)).toEqual({
      kind: "invalid",
      error: REPEATED_FIELD_MESSAGE,
      typed: "ada@example.com",
    });
  });
});
