// The staff proof (decision 0032), for every adapter: a listed address is an ordinary member until the one-time
// set-up link start-up prints is used, in both mail modes. Registered by describeBackendContract.
import { cookiesAfter } from "#scripts/lib/cookie-jar.mjs";
import { expectBackendError, requestWith, setUpStaff, uniqueEmail } from "#tests/support/backend-helpers";
import { afterAll, describe, expect, test } from "vitest";

import type { Backend } from "~/backend/ports/backend";
import type { SqlDatabase } from "~/backend/sql/sql-database";

interface StaffProofContext {
  backend: Backend;
  db: SqlDatabase;
  /** The adapter over the same database, confirming addresses by e-mail (the SQL adapters; Supabase always does). */
  mailingBackend(): Backend;
}

export function describeStaffProofContract(context: () => StaffProofContext): void {
  describe("staff proof (decision 0032)", () => {
    const anyScope = (via: Backend = context().backend) => via.forRequest(requestWith());
    const listOnly = (...staffEmails: string[]) =>
      context().backend.syncStaff({ staffEmails, orderRecipients: ["orders@example.com"] });
    const linkFor = async (email: string) => {
      const links = (await context().backend.issueStaffSetupTokens()) ?? [];
      const link = links.find((candidate) => candidate.email === email.toLowerCase());
      if (!link) throw new Error(`Start-up printed no set-up link for ${email}.`);
      return link.token;
    };
    /** A stranger signs up first with the listed address (any case, spaces around it), through `via`. */
    async function strangerSignsUp(email: string, via: Backend) {
      const scope = anyScope(via);
      const result = await scope.auth.signUp({ email: `  ${email.toUpperCase()} `, password: "stranger password 1" });
      return { ...result, cookie: cookiesAfter(scope.responseHeaders) };
    }

    afterAll(() => listOnly());

    test("a listed address that signs up first is an ordinary member; the set-up link makes its owner staff", async () => {
      const { backend } = context();
      const email = uniqueEmail("owner");
      expect(await listOnly(email)).toBe(0);
      const stranger = await strangerSignsUp(email, backend);
      expect(stranger.signedIn).toBe(true);
      const strangerScope = backend.forRequest(requestWith(stranger.cookie));
      await expect(strangerScope.auth.getUser()).resolves.toMatchObject({ email: email.toLowerCase() });
      expect(await strangerScope.staff.isStaff()).toBe(false);
      await expectBackendError(strangerScope.staff.overview({ timeZone: "UTC" }), "not_authorized");
      expect(await listOnly(email)).toBe(0);

      const token = await linkFor(email);
      await expect(anyScope().auth.staffSetupAccount({ token })).resolves.toEqual({ email: email.toLowerCase() });
      const owner = anyScope();
      const user = await owner.auth.completeStaffSetup({ token, password: "owner password 1" });
      expect(user.email).toBe(email.toLowerCase());
      const ownerScope = backend.forRequest(requestWith(cookiesAfter(owner.responseHeaders)));
      expect(await ownerScope.staff.isStaff()).toBe(true);
      await expect(ownerScope.staff.overview({ timeZone: "UTC" })).resolves.toBeDefined();
      expect(await listOnly(email)).toBe(1);

      // The stranger's session ended and their password no longer signs in; the owner's does.
      await expect(backend.forRequest(requestWith(stranger.cookie)).auth.getUser()).resolves.toBeNull();
      await expectBackendError(
        anyScope().auth.signInWithPassword({ email, password: "stranger password 1" }),
        "invalid_credentials",
      );
      await expect(anyScope().auth.signInWithPassword({ email, password: "owner password 1" })).resolves.toMatchObject({
        id: user.id,
      });

      // Used once: the link opens nothing any more, and the next start prints none for this address.
      await expect(anyScope().auth.staffSetupAccount({ token })).resolves.toBeNull();
      await expectBackendError(
        anyScope().auth.completeStaffSetup({ token, password: "second try 123" }),
        "invalid_link",
      );
      expect((await backend.issueStaffSetupTokens())?.map((link) => link.email)).not.toContain(email.toLowerCase());
    });

    test("with e-mail confirmation, a stranger's sign-up claims nothing and the set-up link ends its password and link", async () => {
      const { db } = context();
      const mailing = context().mailingBackend();
      const email = uniqueEmail("owner");
      await listOnly(email);
      const stranger = await strangerSignsUp(email, mailing);
      // The SQL backends e-mail a confirmation link (the Supabase fake confirms at once, as with "Confirm email" off).
      const [pending] = await db.query<{ secret: string }>(
        "select secret from public.outbox where kind = 'confirm_signup' and recipient = $1",
        [email.toLowerCase()],
      );
      if (!stranger.signedIn) expect(pending?.secret).toEqual(expect.any(String));
      expect(await mailing.forRequest(requestWith(stranger.cookie)).staff.isStaff()).toBe(false);

      const owner = await setUpStaff(mailing, email, "owner password 1");
      expect(await owner.scope.staff.isStaff()).toBe(true);
      await expectBackendError(
        anyScope(mailing).auth.signInWithPassword({ email, password: "stranger password 1" }),
        "invalid_credentials",
      );
      if (pending) {
        await expectBackendError(
          anyScope(mailing).auth.exchangeCodeForSession({ code: pending.secret }),
          "invalid_link",
        );
      }
      await expect(owner.scope.staff.isStaff()).resolves.toBe(true);
    });

    test("a listed address nobody signed up with gets its account, confirmed, from the set-up link", async () => {
      const email = uniqueEmail("help");
      await listOnly(email);
      const staff = await setUpStaff(context().backend, email, "help desk password");
      expect(staff.user.email).toBe(email.toLowerCase());
      expect(await staff.scope.staff.isStaff()).toBe(true);
      await expect(
        anyScope().auth.signInWithPassword({ email, password: "help desk password" }),
      ).resolves.toMatchObject({ id: staff.user.id });
    });

    test("a replaced, expired or made-up set-up link is refused; a weak password uses nothing", async () => {
      const { backend, db } = context();
      const email = uniqueEmail("owner");
      await listOnly(email);
      const first = await linkFor(email);
      // A new start replaces the link.
      const second = await linkFor(email);
      expect(second).not.toBe(first);
      await expect(anyScope().auth.staffSetupAccount({ token: first })).resolves.toBeNull();
      await expectBackendError(
        anyScope().auth.completeStaffSetup({ token: first, password: "owner password 1" }),
        "invalid_link",
      );
      for (const token of ["", "abc", "0".repeat(64)]) {
        await expect(anyScope().auth.staffSetupAccount({ token })).resolves.toBeNull();
        await expectBackendError(
          anyScope().auth.completeStaffSetup({ token, password: "owner password 1" }),
          "invalid_link",
        );
      }

      await expectBackendError(
        anyScope().auth.completeStaffSetup({ token: second, password: "short" }),
        "weak_password",
      );
      await expect(anyScope().auth.staffSetupAccount({ token: second })).resolves.toEqual({
        email: email.toLowerCase(),
      });

      await db.query("update public.staff set setup_expires_at = now() - interval '1 second' where email = $1", [
        email.toLowerCase(),
      ]);
      await expect(anyScope().auth.staffSetupAccount({ token: second })).resolves.toBeNull();
      await expectBackendError(
        anyScope().auth.completeStaffSetup({ token: second, password: "owner password 1" }),
        "invalid_link",
      );
      await expect(backend.forRequest(requestWith()).staff.isStaff()).resolves.toBe(false);
    });

    test("an address taken off the list loses the place; listed again, it needs a new set-up link", async () => {
      const { backend } = context();
      const email = uniqueEmail("owner");
      await listOnly(email);
      const staff = await setUpStaff(backend, email);
      expect(await listOnly()).toBe(0);
      expect(await backend.forRequest(requestWith(staff.cookie)).staff.isStaff()).toBe(false);
      expect(await listOnly(email)).toBe(0);
      expect(await backend.forRequest(requestWith(staff.cookie)).staff.isStaff()).toBe(false);
      const again = await setUpStaff(backend, email);
      expect(again.user.id).toBe(staff.user.id);
      expect(await again.scope.staff.isStaff()).toBe(true);
    });
  });
}
