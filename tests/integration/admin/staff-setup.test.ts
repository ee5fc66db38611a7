// The staff set-up page (decision 0032) through its loader and action, as a browser without JavaScript reaches it:
// start-up's link opens the form, a mistake keeps it with a message, the password makes the account staff and signs
// it in on /admin, and a used, replaced or made-up link is a 410 page.
import { installTestBackend } from "#tests/support/pglite";
import { call, CookieJar, expectRedirect, get, post, signUpMember, toastOf } from "#tests/support/route-calls";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { Backend } from "~/backend/ports/backend";
import { staffSetupLinks } from "~/lifecycle.server";
import { loader as overviewLoader } from "~/routes/admin/overview";
import { action as setupAction, loader as setupLoader } from "~/routes/auth/staff-setup";

let backend: Backend;
let uninstall: () => Promise<void>;

beforeAll(async () => {
  ({ backend, uninstall } = await installTestBackend());
});
afterAll(async () => {
  await backend.syncStaff({ staffEmails: [], orderRecipients: [] });
  await uninstall();
});

/** Lists `email` and returns the path of the link start-up prints for it. */
async function startUpLink(email: string): Promise<string> {
  await backend.syncStaff({ staffEmails: [email], orderRecipients: [] });
  const lines = await staffSetupLinks(backend, { SITE_URL: "https://shop.example" });
  const line = lines.find((candidate) => candidate.includes(`${email}: `));
  expect(line).toMatch(/^ {2}\S+: https:\/\/shop\.example\/auth\/staff-setup\?token=[0-9a-f]{64}$/);
  return new URL(line!.split(": ")[1]!).pathname + new URL(line!.split(": ")[1]!).search;
}
const tokenOf = (path: string) => new URL(path, "http://localhost").searchParams.get("token") ?? "";

describe("the staff set-up link", () => {
  test("start-up prints one link per listed address not set up yet, and none once it is", async () => {
    await backend.syncStaff({ staffEmails: [], orderRecipients: [] });
    expect(await staffSetupLinks(backend, { SITE_URL: undefined })).toEqual([]);
  });

  test("opens a form for the address; a mistake keeps it; the password opens the back office, once", async () => {
    const stranger = await signUpMember(backend, "Stranger");
    const email = stranger.user.email;
    const path = await startUpLink(email);
    expect((await call(overviewLoader, get("/admin", stranger.cookie))).status).toBe(404);

    const form = await call(setupLoader, get(path));
    expect(form.status).toBe(200);
    expect(form.data).toMatchObject({ email, token: tokenOf(path) });

    const mismatch = await call(
      setupAction,
      post(path, { token: tokenOf(path), password: "owner password 1", confirmPassword: "owner password 2" }),
    );
    expect(mismatch.status).toBe(400);
    expect(JSON.stringify(mismatch.data)).toContain("Passwords do not match");
    expect(JSON.stringify(mismatch.data)).not.toContain("owner password");
    const weak = await call(
      setupAction,
      post(path, { token: tokenOf(path), password: "short", confirmPassword: "short" }),
    );
    expect(weak.status).toBe(400);
    expect(JSON.stringify(weak.data)).toMatch(/at least 8/);

    const done = await call(
      setupAction,
      post(path, { token: tokenOf(path), password: "owner password 1", confirmPassword: "owner password 1" }),
    );
    expectRedirect(done, "/admin");
    expect(await toastOf(done)).toMatchObject({ title: "Welcome to the back office" });
    const owner = new CookieJar().store(done.headers);
    expect((await call(overviewLoader, get("/admin", owner))).status).toBe(200);
    // The stranger's session ended with the new password.
    expect((await call(overviewLoader, get("/admin", stranger.cookie))).status).toBe(302);

    const again = await call(setupLoader, get(path));
    expect({ status: again.status, thrown: again.thrown }).toEqual({ status: 410, thrown: true });
    const reposted = await call(
      setupAction,
      post(path, { token: tokenOf(path), password: "second try 123", confirmPassword: "second try 123" }),
    );
    expect(reposted.status).toBe(410);
  });

  test("a made-up or missing token is a 410 page, never a 500", async () => {
    for (const path of [
      "/auth/staff-setup",
      "/auth/staff-setup?token=abc",
      `/auth/staff-setup?token=${"f".repeat(64)}`,
    ]) {
      expect((await call(setupLoader, get(path))).status).toBe(410);
    }
    const posted = await call(
      setupAction,
      post("/auth/staff-setup", {
        token: "x".repeat(300),
        password: "owner password 1",
        confirmPassword: "owner password 1",
      }),
    );
    expect(posted.status).toBe(400);
    const blank = await call(setupAction, post("/auth/staff-setup", {}));
    expect(blank.status).toBe(400);
  });
});
