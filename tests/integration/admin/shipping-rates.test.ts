// /admin/shipping in-process, on the embedded backend (decision 0039): a save reaches the shop's pages at once; a
// save from a form drawn before someone else's is refused with what was typed kept, theirs shown, and the version
// to save over them knowingly; a member finds no such page.
import { installTestBackend } from "#tests/support/pglite";
import { call, expectRedirect, get, post, signUpMember, signUpStaff, toastOf } from "#tests/support/route-calls";
import { afterAll, beforeAll, expect, test } from "vitest";

import type { Backend } from "~/backend/ports/backend";
import { action, loader } from "~/routes/admin/shipping";
import { loader as checkoutLoader } from "~/routes/checkout/checkout";
import { loader as faqLoader } from "~/routes/info/faq";
import { loader as shippingPageLoader } from "~/routes/info/shipping";

let backend: Backend;
let uninstall: () => Promise<void>;
let first: string;
let second: string;

beforeAll(async () => {
  ({ backend, uninstall } = await installTestBackend());
  [first, second] = (await signUpStaff(backend, "First Owner", "Second Owner")).map((staff) => staff.cookie) as [
    string,
    string,
  ];
});

afterAll(async () => {
  await uninstall();
});

const form = async (cookie: string) => {
  const page = await call(loader, get("/admin/shipping", cookie));
  expect(page.status).toBe(200);
  return page.data!.defaults;
};

test("a save is what the shipping page, FAQ and checkout show next; a stale form is refused with nothing lost", async () => {
  const drawnByFirst = await form(first);
  const drawnBySecond = await form(second);
  expect(drawnByFirst).toMatchObject({ express: "19.99", freeFrom: "200.00" });

  const saved = await call(action, post("/admin/shipping", { ...drawnByFirst, express: "24.99" }, first));
  expectRedirect(saved, "/admin/shipping");
  expect((await toastOf(saved))?.description).toContain("Express $24.99");
  const shippingPage = await call(shippingPageLoader, get("/shipping"));
  expect(shippingPage.data?.rows.find((row) => row[0] === "Express")?.[1]).toBe("$24.99");
  const faq = await call(faqLoader, get("/faq"));
  expect(faq.data?.items.map((item) => item.answer).join(" ")).toContain("Express $24.99 (2-3 business days)");
  const checkout = await call(checkoutLoader, get("/checkout"));
  expect(checkout.data?.shippingPrices.express.amountCents).toBe(2499);

  // The second staff member's form was drawn before: refused, what they typed kept, the first's rates beside it.
  const typed = { ...drawnBySecond, express: "21.00", overnight: "45.00" };
  const refused = await call(action, post("/admin/shipping", typed, second));
  expect(refused.status).toBe(409);
  expect(refused.data?.result.error?.[""]).toEqual([expect.stringMatching(/Someone else saved the shipping rates/)]);
  expect(refused.data?.result.initialValue).toMatchObject({ express: "21.00", overnight: "45.00" });
  expect(refused.data?.theirs).toMatchObject({ express: "24.99", overnight: "39.99" });
  expect((await form(second)).express).toBe("24.99");

  // Saving again, from the version the refusal carried, replaces the first's rates knowingly.
  const again = await call(action, post("/admin/shipping", { ...typed, version: refused.data!.version! }, second));
  expectRedirect(again, "/admin/shipping");
  expect(await form(first)).toMatchObject({ express: "21.00", overnight: "45.00" });
});

test("a mistyped price is refused beside its field, and a member finds no page", async () => {
  const refused = await call(action, post("/admin/shipping", { ...(await form(first)), standard: "9.999" }, first));
  expect(refused.status).toBe(400);
  expect(refused.data?.result.error?.standard).toEqual([expect.stringMatching(/dollars and cents/)]);
  const member = await signUpMember(backend);
  expect((await call(loader, get("/admin/shipping", member.cookie))).status).toBe(404);
  expect((await call(action, post("/admin/shipping", { standard: "0" }, member.cookie))).status).toBe(404);
});
