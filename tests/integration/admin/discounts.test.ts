// /admin/discounts in-process, on the embedded backend (issue 41, decision 0042): staff create a code with plain form
// posts, find it in the list, edit, pause, resume and end it, see its uses; a code typed twice, a bad field or an
// unknown SKU is refused beside its field with what was typed kept; the welcome offer is saved from its own form.
import { installTestBackend } from "#tests/support/pglite";
import { call, expectRedirect, get, post, signUpStaff, toastOf } from "#tests/support/route-calls";
import { afterAll, beforeAll, expect, test } from "vitest";

import type { Backend } from "~/backend/ports/backend";
import { action as codeAction, loader as codeLoader } from "~/routes/admin/discount";
import { loader as listLoader } from "~/routes/admin/discounts";
import { action as welcomeAction, loader as welcomeLoader } from "~/routes/admin/welcome-offer";

let backend: Backend;
let uninstall: () => Promise<void>;
let owner: string;

beforeAll(async () => {
  ({ backend, uninstall } = await installTestBackend());
  [owner] = (await signUpStaff(backend, "Store Owner")).map((staff) => staff.cookie) as [string];
});

afterAll(async () => {
  await uninstall();
});

const newCode = {
  intent: "save-code",
  code: "spring15",
  kind: "percent",
  percentOff: "15",
  minimum: "100",
  oncePerCustomer: "on",
  appliesTo: "all",
  version: "",
};

test("create, list, edit, pause, resume and end a code with plain form posts", async () => {
  const blank = await call(codeLoader, get("/admin/discounts/new", owner));
  expect(blank.status).toBe(200);
  const created = await call(codeAction, post("/admin/discounts/new", newCode, owner));
  expect(created.status).toBe(303);
  const path = created.location!;
  expect(path).toMatch(/^\/admin\/discounts\/[0-9a-f-]{36}$/);
  expect((await toastOf(created))?.title).toBe("Code created");
  const id = path.split("/").at(-1)!;

  const list = await call(listLoader, get("/admin/discounts", owner));
  expect(list.data?.codes).toEqual([
    expect.objectContaining({
      id,
      code: "SPRING15",
      rules: "15% off · from $100.00 · every product · once per customer",
      state: "Active",
      uses: "0 uses",
      given: "$0.00",
    }),
  ]);
  expect(list.data?.welcome).toMatchObject({ enabled: false });

  const page = await call(codeLoader, get(path, owner), { params: { id } });
  expect(page.data?.defaults).toMatchObject({ code: "SPRING15", percentOff: "15", minimum: "100.00", version: "1" });
  const edited = await call(
    codeAction,
    post(
      path,
      {
        ...page.data!.defaults,
        intent: "save-code",
        kind: "amount",
        amountOff: "12.50",
        appliesTo: "chosen",
        categoryWigs: "on",
        variants: "LS-CLIP-1",
        endsOn: "2030-01-31",
      },
      owner,
    ),
    { params: { id } },
  );
  expectRedirect(edited, path);
  const after = await call(codeLoader, get(path, owner), { params: { id } });
  expect(after.data?.code).toMatchObject({
    rules: "$12.50 off · from $100.00 · Wigs, 1 variant · until Jan 31, 2030 · once per customer",
  });
  expect(after.data?.defaults).toMatchObject({ variants: "LS-CLIP-1", categoryWigs: "on", version: "2" });

  // A save from the version before is refused, with what was typed kept.
  const stale = await call(
    codeAction,
    post(path, { ...page.data!.defaults, intent: "save-code", percentOff: "20" }, owner),
    { params: { id } },
  );
  expect(stale.status).toBe(409);
  expect(stale.data).toMatchObject({ form: "save-code" });

  const status = (value: string, version: number) =>
    call(codeAction, post(path, { intent: "code-status", status: value, version: String(version) }, owner), {
      params: { id },
    });
  expectRedirect(await status("paused", 2), path);
  expect((await call(codeLoader, get(path, owner), { params: { id } })).data?.code?.state).toBe("Paused");
  expect((await status("active", 2)).status).toBe(409);
  expectRedirect(await status("active", 3), path);
  expectRedirect(await status("ended", 4), path);
  const ended = await call(codeLoader, get(path, owner), { params: { id } });
  expect(ended.data?.code).toMatchObject({ state: "Ended", timesUsed: 0, uses: [] });
  expect((await status("active", 5)).status).toBe(400);
});

test("a refused code says why beside its field, and keeps what was typed", async () => {
  const bad = await call(
    codeAction,
    post("/admin/discounts/new", { ...newCode, code: "two words", percentOff: "150" }, owner),
  );
  expect(bad.status).toBe(400);
  const result = bad.data && "result" in bad.data ? bad.data.result : null;
  expect(result?.error?.code?.[0]).toMatch(/letters, digits/);
  expect(result?.error?.percentOff?.[0]).toMatch(/1 to 100/);
  expect(result?.initialValue).toMatchObject({ code: "two words" });

  await call(codeAction, post("/admin/discounts/new", { ...newCode, code: "TAKEN10" }, owner));
  const taken = await call(codeAction, post("/admin/discounts/new", { ...newCode, code: "taken10" }, owner));
  expect(taken.status).toBe(409);
  expect(taken.data && "result" in taken.data ? taken.data.result.error?.code : null).toEqual([
    expect.stringMatching(/already a code "TAKEN10"/),
  ]);

  const sku = await call(
    codeAction,
    post("/admin/discounts/new", { ...newCode, code: "SKU10", appliesTo: "chosen", variants: "NO-SUCH-SKU" }, owner),
  );
  expect(sku.status).toBe(400);
  expect(sku.data && "result" in sku.data ? sku.data.result.error?.variants : null).toEqual([
    "No variant has the SKU NO-SUCH-SKU.",
  ]);
  expect(
    (
      await call(codeLoader, get("/admin/discounts/00000000-0000-4000-8000-000000000000", owner), {
        params: { id: "00000000-0000-4000-8000-000000000000" },
      })
    ).status,
  ).toBe(404);
});

test("the welcome offer is off until staff turn it on, from its own form", async () => {
  const page = await call(welcomeLoader, get("/admin/discounts/welcome-offer", owner));
  expect(page.data?.defaults).toMatchObject({ enabled: "", kind: "percent", percentOff: "10", validDays: "30" });
  const saved = await call(
    welcomeAction,
    post(
      "/admin/discounts/welcome-offer",
      { ...page.data!.defaults, enabled: "on", percentOff: "12", validDays: "14" },
      owner,
    ),
  );
  expectRedirect(saved, "/admin/discounts");
  expect((await toastOf(saved))?.description).toBe("On: new subscribers get 12% off, for 14 days.");
  const list = await call(listLoader, get("/admin/discounts", owner));
  expect(list.data?.welcome).toMatchObject({ enabled: true, gives: "12% off", validDays: 14 });
  const bad = await call(
    welcomeAction,
    post("/admin/discounts/welcome-offer", { ...page.data!.defaults, validDays: "0" }, owner),
  );
  expect(bad.status).toBe(400);
});
