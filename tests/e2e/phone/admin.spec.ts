import { expect, expectAccessible, test, visit } from "../fixtures";
import { expectBadge, openOrder, placeOrder, signInAsStaff } from "../pages/admin";
import { act } from "../pages/navigation";
import { expectNoSidewaysScroll, expectTouchTargets } from "../pages/phone-layout";

// The back office on a 390x844 touch phone: every page fits the screen, every control is a 44 px target, and an
// order is marked paid and shipped from the phone.

test.describe("back office on a phone", () => {
  test.describe.configure({ timeout: 180_000 });

  test("the pages fit the screen, their controls are 44 px targets, and an order is paid and shipped", async ({
    page,
    hasJs,
  }) => {
    const order = await placeOrder(page);
    await signInAsStaff(page, 1);
    for (const path of [
      "/admin",
      "/admin/orders",
      `/admin/orders?status=pending&q=${order.number}`,
      "/admin/subscribers",
    ]) {
      await expectNoSidewaysScroll(page, path);
      await expectTouchTargets(page.getByRole("main"), 4);
    }
    await visit(page, "/admin/orders");
    if (hasJs) await expectAccessible(page);

    const id = await openOrder(page, order.number);
    await expectNoSidewaysScroll(page, `/admin/orders/${id}`);
    const main = page.getByRole("main");
    await expectTouchTargets(main, 5);
    if (hasJs) await expectAccessible(page);

    await act(page, hasJs, () => main.getByRole("button", { name: "Mark as paid" }).click());
    await expectBadge(main, "paid");
    await main.getByLabel("Carrier").fill("DHL");
    await main.getByLabel("Tracking number").fill("JD014600006281234567");
    await act(page, hasJs, () => main.getByRole("button", { name: "Mark as shipped" }).click());
    await expectBadge(main, "shipped");
    await expect(main.getByRole("link", { name: "Track the parcel" })).toHaveAttribute(
      "href",
      /dhl\.com.*JD014600006281234567$/,
    );
    await expectTouchTargets(main, 4);
  });
});
