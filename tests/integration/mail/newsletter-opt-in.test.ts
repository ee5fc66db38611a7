import { createTestMailSender } from "#tests/support/mail-sender";
import { installTestBackend } from "#tests/support/pglite";
import { call, get, post } from "#tests/support/route-calls";
import { linksIn, startTestSmtpServer, type TestSmtpServer } from "#tests/support/smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Backend } from "~/backend/ports/backend";
import type { SqlDatabase } from "~/backend/sql/sql-database";
import type { MailSender } from "~/modules/mail/sender.server";
import { action as confirmAction, loader as confirmLoader } from "~/routes/newsletter/confirm";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/newsletter/unsubscribe";

// Newsletter double opt-in (decision 0016): pending until the e-mailed link is followed; the welcome message carries
// a one-click unsubscribe (RFC 8058) that works as a plain form too.

let backend: Backend;
let db: SqlDatabase;
let uninstall: () => Promise<void>;
let smtp: TestSmtpServer;
let sender: MailSender;

beforeAll(async () => {
  ({ backend, db, uninstall } = await installTestBackend());
  smtp = await startTestSmtpServer();
  sender = createTestMailSender(backend.outbox!, smtp);
});
afterAll(async () => {
  await sender.stop();
  await uninstall();
  await smtp.stop();
});

const statusOf = async (email: string) =>
  (await db.query<{ status: string }>("select status from public.newsletter_subscribers where email = $1", [email]))[0]
    ?.status;

async function deliver(count: number) {
  await sender.runOnce();
  return (await smtp.waitFor(count))[count - 1]!;
}

describe("newsletter double opt-in", () => {
  it("stays pending until the link is followed, then welcomes with a one-click unsubscribe", async () => {
    const email = "reader@example.com";
    const anonymous = backend.forRequest(new Request("http://localhost/newsletter"));
    await anonymous.newsletter.subscribe({ email });
    expect(await statusOf(email)).toBe("pending");

    const confirmation = await deliver(1);
    expect(confirmation.recipients).toEqual([email]);
    expect(confirmation.parsed.subject).toBe("Confirm your Luxe Strands newsletter subscription");
    expect(confirmation.parsed.headers.has("list-unsubscribe")).toBe(false);
    const [link] = linksIn(confirmation);
    expect(link).toMatch(/^http:\/\/localhost\/newsletter\/confirm\?token=[0-9a-f]{64}$/);

    // The link opens a button: a mail scanner's GET, however often, confirms nothing.
    const token = new URL(link!).searchParams.get("token")!;
    expect(await call(confirmLoader, get(link!))).toMatchObject({ status: 200, data: { token } });
    expect(await call(confirmLoader, get(link!))).toMatchObject({ status: 200 });
    expect(await statusOf(email)).toBe("pending");
    const confirmed = await call(confirmAction, post(link!, { token }));
    expect(confirmed).toMatchObject({ status: 200, data: { outcome: "confirmed" } });
    expect(await statusOf(email)).toBe("confirmed");
    // The link works once.
    expect(await call(confirmAction, post(link!, { token }))).toMatchObject({
      status: 410,
      data: { outcome: "invalid" },
    });

    const welcome = await deliver(2);
    expect(welcome.parsed.subject).toBe("Welcome to the Luxe Strands newsletter");
    const header = welcome.parsed.headerLines.find((line) => line.key === "list-unsubscribe")?.line ?? "";
    const unsubscribe = /<(http:\/\/localhost\/newsletter\/unsubscribe\?token=[0-9a-f]{64})>/.exec(header)?.[1];
    expect(unsubscribe).toBeDefined();
    expect(welcome.parsed.headerLines.find((line) => line.key === "list-unsubscribe-post")?.line).toBe(
      "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
    );
    expect(linksIn(welcome)).toContain(unsubscribe);

    // The link in the body opens a button (a link scanner's GET changes nothing).
    expect(await call(unsubscribeLoader, get(unsubscribe!))).toMatchObject({ status: 200 });
    expect(await statusOf(email)).toBe("confirmed");
    // RFC 8058: the mail client posts List-Unsubscribe=One-Click to the header's URL.
    const oneClick = new Request(unsubscribe!, {
      method: "POST",
      body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(await call(unsubscribeAction, oneClick)).toMatchObject({ status: 200, data: { outcome: "unsubscribed" } });
    expect(await statusOf(email)).toBe("unsubscribed");
  });

  it("with the welcome offer on, the welcome message carries the subscriber's personal one-use code (issue 41)", async () => {
    await db.query(
      "update public.discount_welcome_offer set enabled = true, kind = 'amount', percent_off = null, amount_off_cents = 500, valid_days = 7",
    );
    try {
      const email = "welcome-reader@example.com";
      await backend.forRequest(new Request("http://localhost/newsletter")).newsletter.subscribe({ email });
      const confirmation = await deliver(3);
      const token = new URL(linksIn(confirmation)[0]!).searchParams.get("token")!;
      await call(confirmAction, post("/newsletter/confirm", { token }));
      const welcome = await deliver(4);
      expect(welcome.parsed.subject).toBe("Welcome to the Luxe Strands newsletter");
      const code = /Your welcome code: (WELCOME-[0-9A-F]{10})/.exec(welcome.parsed.text ?? "")?.[1];
      expect(code).toBeDefined();
      expect(welcome.parsed.text).toMatch(
        /\$5\.00 off your next order: type it at the cart or checkout\. It works once, until /,
      );
      expect(welcome.parsed.html).toContain(code);
      const [stored] = await db.query<{ usage_limit: number; welcome_email: string }>(
        "select usage_limit, welcome_email from public.discount_codes where code = $1",
        [code],
      );
      expect(stored).toEqual({ usage_limit: 1, welcome_email: email });
    } finally {
      await db.query("update public.discount_welcome_offer set enabled = false");
    }
  });

  it("refuses a made-up or missing token with a clear page", async () => {
    expect(await call(confirmAction, post("/newsletter/confirm", { token: "a".repeat(64) }))).toMatchObject({
      status: 410,
      data: { outcome: "invalid" },
    });
    expect(await call(confirmLoader, get("/newsletter/confirm"))).toMatchObject({ status: 410 });
    expect(await call(confirmLoader, get("/newsletter/confirm?token=nope"))).toMatchObject({ status: 410 });
    expect(await call(unsubscribeLoader, get("/newsletter/unsubscribe?token=nope"))).toMatchObject({ status: 400 });
  });
});
