import { createHash } from "node:crypto";
import fs from "node:fs";

import { expect, expectAccessible, test, visit } from "./fixtures";
import { createAccount } from "./pages/account";
import { backOfficeRoutes, expectBadge, openOrder, placeOrder, signInAsStaff } from "./pages/admin";
import { linkIn, waitForMail } from "./pages/mail";
import { act } from "./pages/navigation";

// The back office (docs/decisions/0029-back-office.md), with JavaScript on and off: staff move a guest's order from
// pending to delivered or cancel it, the customer is e-mailed and sees each status in its colour; everyone else
// finds no back office at all.

/** The methods the shop answers (GET, HEAD and its forms' POST), and the others it refuses on every path alike. */
const SHOP_METHODS = ["GET", "HEAD", "POST"];
const OTHER_METHODS = ["PUT", "PATCH", "DELETE", "OPTIONS"];

test.describe("back office", () => {
  // Each test is a whole flow (an order placed, staff signed up, several posts and e-mails): several times a page test.
  test.describe.configure({ timeout: 180_000 });

  test("a guest order is marked paid, shipped and delivered; the guest is e-mailed and follows it on their own page", async ({
    page,
    hasJs,
  }) => {
    const order = await placeOrder(page);
    const confirmation = await waitForMail(order.email, new RegExp(`order #${order.number}$`));
    const ownPage = linkIn(confirmation, "/order-status");
    await visit(page, ownPage);
    await expectBadge(page.getByRole("main"), "pending");
    await expect(page.getByRole("main")).toContainText("Items");
    await expect(page.getByRole("main")).not.toContainText("1 Rodeo Drive");

    await signInAsStaff(page, 1);
    await visit(page, "/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Newest orders" })).toContainText(`#${order.number}`);
    await expect(page.getByRole("img", { name: /Paid revenue per day/ })).toBeVisible();
    if (hasJs) await expectAccessible(page);

    await openOrder(page, order.number);
    const main = page.getByRole("main");
    await expectBadge(main, "pending");
    await expect(main).toContainText("Guest");
    await expect(main).toContainText(order.email);
    await expect(main.getByRole("region", { name: "Timeline" })).toContainText("Placed (Pending)");
    if (hasJs) await expectAccessible(page);

    await act(page, hasJs, () => main.getByRole("button", { name: "Mark as paid" }).click());
    await expect(page.getByTestId("toast")).toContainText("Marked as paid. The customer was e-mailed.");
    await expectBadge(main, "paid");
    await waitForMail(order.email, new RegExp(`^Payment received for your Luxe Strands order #${order.number}$`));

    await main.getByLabel("Carrier").fill("UPS");
    await main.getByLabel("Tracking number").fill("1Z999AA10123456784");
    await act(page, hasJs, () => main.getByRole("button", { name: "Mark as shipped" }).click());
    await expectBadge(main, "shipped");
    await expect(main.getByRole("link", { name: "Track the parcel" })).toHaveAttribute(
      "href",
      "https://www.ups.com/track?tracknum=1Z999AA10123456784",
    );
    const shipped = await waitForMail(order.email, new RegExp(`order #${order.number} has shipped$`));
    expect(shipped.parsed.text).toContain("Carrier: UPS");
    expect(shipped.parsed.text).toContain("Tracking number: 1Z999AA10123456784");
    expect(shipped.links).toContain("https://www.ups.com/track?tracknum=1Z999AA10123456784");

    await act(page, hasJs, () => main.getByRole("button", { name: "Mark as delivered" }).click());
    await expectBadge(main, "delivered");
    await expect(main).toContainText("its status does not change any more");
    await expect(main.getByRole("region", { name: "Timeline" })).toContainText("Shipped → Delivered");
    await waitForMail(order.email, new RegExp(`order #${order.number} was delivered$`));

    await visit(page, ownPage);
    await expectBadge(page.getByRole("main"), "delivered");
    await expect(page.getByRole("main").getByRole("link", { name: /Track your parcel/ })).toHaveAttribute(
      "href",
      /ups\.com/,
    );
    await expect(
      page
        .getByRole("main")
        .getByRole("listitem")
        .filter({ hasText: /^(Pending|Paid|Shipped|Delivered) / }),
    ).toHaveCount(4);
    if (hasJs) await expectAccessible(page);
  });

  test("an order is cancelled with a reason the customer is told; the list filters by status", async ({
    page,
    hasJs,
  }) => {
    const order = await placeOrder(page);
    await signInAsStaff(page, 2);
    await openOrder(page, order.number);
    const main = page.getByRole("main");
    await main.getByLabel(/Reason for cancelling/).fill("The colour is sold out");
    await act(page, hasJs, () => main.getByRole("button", { name: "Cancel order" }).click());
    await expect(page.getByTestId("toast")).toContainText("Order cancelled. The customer was e-mailed the reason.");
    await expectBadge(main, "cancelled");
    await expect(main.getByRole("button", { name: /Mark as/ })).toHaveCount(0);
    const mail = await waitForMail(order.email, new RegExp(`order #${order.number} was cancelled$`));
    expect(mail.parsed.text).toContain("Reason: The colour is sold out");
    expect(mail.parsed.text).toContain("You have not been charged for this order.");

    await visit(page, "/admin/orders");
    await page.getByLabel("Status").selectOption("cancelled");
    await act(page, hasJs, () => page.getByRole("button", { name: "Show orders" }).click());
    await expect(page).toHaveURL(/status=cancelled/);
    const list = page.getByRole("list", { name: "Orders, newest first" });
    await expect(list).toContainText(`#${order.number}`);
    await expectBadge(list, "cancelled");
    await expect(list.locator("[data-status]:not([data-status=cancelled])")).toHaveCount(0);
    if (hasJs) await expectAccessible(page);
  });

  test("a stale form is told the order changed meanwhile and shows the order as it now is", async ({
    page,
    hasJs,
    allowHttpError,
  }) => {
    allowHttpError(409, "/admin/orders/");
    const order = await placeOrder(page);
    await signInAsStaff(page, 3);
    const id = await openOrder(page, order.number);
    // Another member of staff marks it paid meanwhile.
    const other = await page.request.post(`/admin/orders/${id}`, {
      form: { intent: "move", kind: "mark-paid", expectedStatus: "pending" },
      maxRedirects: 0,
    });
    expect(other.status()).toBe(303);

    const main = page.getByRole("main");
    await main.getByLabel(/Reason for cancelling/).fill("Customer asked");
    await act(page, hasJs, () => main.getByRole("button", { name: "Cancel order" }).click());
    await expect(main.getByRole("alert")).toHaveText(
      "The order changed meanwhile, so nothing was done. Here it is as it is now.",
    );
    await expectBadge(main, "paid");
    await expect(main.getByRole("button", { name: "Mark as shipped" })).toBeVisible();
  });

  test("every /admin route in the URL table, by every method: staff get in, a member gets the ordinary 404, a visitor is asked to sign in @server-only", async ({
    page,
    browser,
    request: visitor,
    allowHttpError,
  }) => {
    allowHttpError(404);
    const routes = await backOfficeRoutes();
    expect(routes.map(({ pattern }) => pattern)).toEqual(
      expect.arrayContaining(["/admin", "/admin/orders", "/admin/orders/:id"]),
    );
    const order = await placeOrder(page);
    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    await signInAsStaff(staffPage, 6);
    const orderId = await openOrder(staffPage, order.number);
    await createAccount(page, { signedIn: true });
    const as = { visitor, member: page.request, staff: staffContext.request };

    // What every path answers to the methods the shop does not take (server/request-guards.js): /admin is no different.
    const elsewhere = new Map<string, { status: number; body: string }>();
    for (const method of OTHER_METHODS) {
      const answer = await visitor.fetch("/no-such-page", { method, maxRedirects: 0 });
      elsewhere.set(method, { status: answer.status(), body: await answer.text() });
    }

    // An order's id, or a product's for the catalogue's pages, or a discount code's (made here); a customer's key is
    // the md5 of their address (0041).
    const customerKey = createHash("md5").update(order.email.toLowerCase()).digest("hex");
    const made = await as.staff.post("/admin/discounts/new", {
      form: { intent: "save-code", code: `WALK-${Date.now()}`, kind: "percent", percentOff: "5", appliesTo: "all" },
      maxRedirects: 0,
    });
    expect(made.status(), "a code for the walk").toBe(303);
    const codeId = made.headers()["location"]!.split("/").at(-1)!;
    const idOf = (pattern: string) =>
      pattern.startsWith("/admin/products/") ? "clip-1" : pattern.startsWith("/admin/discounts/") ? codeId : orderId;
    const withId = (pattern: string) => pattern.replace(":id", idOf(pattern)).replace(":key", customerKey);
    for (const { pattern, page: isPage } of routes) {
      const path = withId(pattern);
      const staffGet = await as.staff.get(path, { maxRedirects: 0 });
      expect(staffGet.status(), `staff GET ${path}`).toBe(200);
      for (const [role, client] of Object.entries(as)) {
        for (const method of [...SHOP_METHODS, ...OTHER_METHODS]) {
          // An export counts against the staff member's share (decision 0035): the GET above has made theirs.
          if (role === "staff" && !isPage && method !== "POST" && SHOP_METHODS.includes(method)) continue;
          const answer = await client.fetch(path, {
            method,
            maxRedirects: 0,
            form: method === "POST" ? {} : undefined,
          });
          const what = `${role} ${method} ${path}`;
          const body = await answer.text();
          if (OTHER_METHODS.includes(method)) {
            expect({ status: answer.status(), body }, what).toEqual(elsewhere.get(method));
          } else if (role === "staff") {
            // A page takes no post (405) or says what the form lacks (400): never the 404, never a failure.
            expect(method === "POST" ? [400, 405] : [200], what).toContain(answer.status());
          } else if (role === "visitor") {
            expect(answer.status(), what).toBe(302);
            expect(answer.headers()["location"], what).toBe(`/auth?${new URLSearchParams({ redirectTo: path })}`);
          } else {
            expect(answer.status(), what).toBe(404);
            // What the page says and links to, as any unknown path's would (the framework's route data aside, and the
            // path itself, which the footer's form carries back).
            const shown = body.replace(/<script[\s\S]*?<\/script>|<link[^>]*>/g, "").replaceAll(`value="${path}"`, "");
            expect(shown, what).not.toMatch(/back office|overview|subscribers|\/admin/i);
            if (isPage && method !== "HEAD") {
              expect(body, what).toContain("<title>Page not found</title>");
              expect(body, what).toContain("Oops! Page not found");
            }
            if (isPage && method === "POST") {
              // With JavaScript, Remix posts a page's forms to its .data address.
              const fetched = await client.post(`${path}.data`, { form: {}, maxRedirects: 0 });
              expect(fetched.status(), `${what}.data`).toBe(404);
              expect(await fetched.text(), `${what}.data`).not.toMatch(/back office/i);
            }
          }
        }
      }
    }
    await staffContext.close();
  });

  test("a member's form post to /admin is the ordinary 404 page, with and without JavaScript", async ({
    page,
    allowHttpError,
  }) => {
    allowHttpError(404);
    await createAccount(page, { signedIn: true });
    // A page of the shop's own origin with a form to /admin, posted as the browser posts it.
    await page.route("**/form-to-admin", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: '<!doctype html><title>Form</title><form method="post" action="/admin"><button>Send</button></form>',
      }),
    );
    await page.goto("/form-to-admin");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await expect(page).toHaveTitle("Page not found");
    await expect(page.getByRole("navigation", { name: "Back office" })).toHaveCount(0);
  });

  test("the CSV exports open as expected: quoted, and a '=' in a name stays text", async ({ page, hasJs }) => {
    const order = await placeOrder(page, { first: "=SUM(1+1)", last: 'Doe, "Jr"' });
    const subscriber = `csv-subscriber-${test.info().project.name}-${Date.now()}@example.com`;
    expect((await page.request.post("/newsletter", { form: { email: subscriber } })).ok()).toBe(true);
    const confirm = await waitForMail(subscriber, /newsletter subscription/);
    // The link opens a button; its POST confirms (decision 0027).
    const confirmLink = linkIn(confirm, "/newsletter/confirm");
    const confirmed = await page.request.post(confirmLink, {
      form: { token: new URL(confirmLink).searchParams.get("token")! },
    });
    expect(confirmed.ok()).toBe(true);

    await signInAsStaff(page, 4);
    await visit(page, `/admin/orders?q=${encodeURIComponent(order.email)}`);
    const [orders] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(orders.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = fs.readFileSync((await orders.path())!, "utf8");
    const lines = text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Order number,Order id,Placed at (UTC),Status,First name,Last name,E-mail,Customer,Items,Subtotal,Shipping,Total,Refunded,Currency,Carrier,Tracking number,Phone,Address,City,State,ZIP code,Country,Line,SKU,Product,Variant,Quantity,Unit price,Discount code,Discount,Line paid",
    );
    // One row per order line: this order has one, the accessory placeOrder puts in the cart.
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(",1,LS-ACC-2,");
    expect(lines[1]).toContain(`${order.number},`);
    expect(lines[1]).toContain(`,pending,'=SUM(1+1),"Doe, ""Jr""",${order.email},guest,1,`);

    await visit(page, "/admin/subscribers");
    await expect(page.getByRole("list", { name: "Subscribers, newest first" })).toContainText(subscriber);
    if (hasJs) await expectAccessible(page);
    const [subscribers] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    const rows = fs
      .readFileSync((await subscribers.path())!, "utf8")
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(rows[0]).toBe("E-mail,Confirmed at (UTC)");
    expect(rows.some((row) => row.startsWith(`${subscriber},`))).toBe(true);
  });

  test("a member's /orders shows the status in its colour, the tracking number and link, and the dates", async ({
    page,
    hasJs,
  }) => {
    // The member orders while signed in; staff (in another browser) ship it.
    await createAccount(page, { signedIn: true });
    const order = await placeOrder(page, { first: "Grace", last: "Hopper" });
    const staffContext = await page
      .context()
      .browser()!
      .newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled: hasJs });
    const staffPage = await staffContext.newPage();
    try {
      await signInAsStaff(staffPage, 5);
      const id = await openOrder(staffPage, order.number);
      for (const form of [
        { kind: "mark-paid", expectedStatus: "pending" } as Record<string, string>,
        { kind: "mark-shipped", expectedStatus: "paid", carrier: "FedEx", trackingNumber: "123456789012" },
      ]) {
        const moved = await staffPage.request.post(`/admin/orders/${id}`, {
          form: { intent: "move", ...form },
          maxRedirects: 0,
        });
        expect(moved.status()).toBe(303);
      }
    } finally {
      await staffContext.close();
    }
    await visit(page, "/orders");
    const card = page.getByRole("article", { name: `Order #${order.number}` });
    await expectBadge(card, "shipped");
    await expect(card).toContainText("Tracking: FedEx 123456789012");
    await expect(card.getByRole("link", { name: /Track your parcel/ })).toHaveAttribute(
      "href",
      "https://www.fedex.com/fedextrack/?trknbr=123456789012",
    );
    await expect(card.getByRole("region", { name: "Progress" }).getByRole("listitem")).toHaveCount(3);
    if (hasJs) await expectAccessible(page);
  });
});
