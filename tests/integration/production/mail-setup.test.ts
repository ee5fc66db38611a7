import { httpRequest, nextCookies } from "#tests/support/http";
import { useProductionServers } from "#tests/support/production-server";
import { describe, expect, it } from "vitest";

// How a production shop starts with and without a mail server (decision 0027): start-up says in one short block where
// e-mails go and what to set, and a shop that sends no e-mail promises none to shoppers.

const servers = useProductionServers();

describe("production without SMTP_URL (the README's first command)", () => {
  it(
    "says mail is off and what to set; sign-up signs in at once and forgot-password offers the contact",
    { timeout: 300_000 },
    async () => {
      // MAIL left unset, no SMTP_URL, no SITE_URL.
      const server = await servers.start({ dataDir: await servers.dataDir(), env: { MAIL: "" } });
      const block = server.output().slice(server.output().indexOf("Mail: "));
      expect(block).toMatch(/^Mail: off\. Production has no SMTP_URL, so the shop sends no e-mail and promises none:/);
      for (const setting of ["SMTP_URL (smtps://", "MAIL_FROM (", "SITE_URL (", "MAIL=on"])
        expect(block).toContain(setting);
      expect(block).toContain("new accounts are confirmed at once");

      const signUp = await httpRequest(server.url, "/auth?mode=signup", {
        form: { intent: "signup", email: `no-mail-${Date.now()}@example.com`, password: "a long enough password 1" },
      });
      expect(signUp.status).toBe(303);
      const home = await httpRequest(server.url, signUp.location!, { cookie: nextCookies(signUp) });
      expect(home.body).toContain("Your account is ready and you are signed in.");
      expect(home.body).not.toMatch(/check your email/i);
      const forgot = await httpRequest(server.url, "/forgot-password");
      expect(forgot.body).toContain("cannot be reset by email");
      expect(forgot.body).not.toContain("Send reset link");
    },
  );

  it("with MAIL=on writes files, and says nobody receives them and what to set", { timeout: 300_000 }, async () => {
    const server = await servers.start({ dataDir: await servers.dataDir(), env: { MAIL: "on" } });
    const block = server.output().slice(server.output().indexOf("Mail: "));
    expect(block).toMatch(/^Mail: files in .+, from Luxe Strands <shop@localhost>; links to http:\/\/localhost:\d+\./);
    expect(block).toContain("Nobody receives these files");
    expect(block).toContain("SITE_URL is not set");
  });
});

describe("production with SMTP_URL", () => {
  it("refuses to start without MAIL_FROM, and says what to set", { timeout: 300_000 }, async () => {
    const server = await servers.spawn({
      dataDir: await servers.dataDir(),
      env: { MAIL: "", SMTP_URL: "smtp://127.0.0.1:2525" },
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("MAIL_FROM: is required with SMTP_URL in production");
  });
});
