import { installTestBackend } from "#tests/support/pglite";
import {
  call,
  CookieJar,
  cookiesAfter,
  get,
  post,
  setCookiesOf,
  signUpMember,
  testContext,
  testOrigin,
  toastOf,
} from "#tests/support/route-calls";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { BackendError } from "~/backend/errors";
import type { Backend } from "~/backend/ports/backend";
import type { SqlDatabase } from "~/backend/sql/sql-database";
import { getSession } from "~/modules/auth/session.server";
import { wishlistCookie } from "~/modules/wishlist/wishlist-cookie.server";
import { mergeVisitorWishlist } from "~/modules/wishlist/wishlist-store.server";
import { loader as productLoader } from "~/routes/catalog/product";
import { action } from "~/routes/wishlist/wishlist-endpoint";
import { loader } from "~/routes/wishlist/wishlist-page";

let backend: Backend;
let db: SqlDatabase;
let uninstall: () => Promise<void>;

beforeAll(async () => {
  ({ backend, db, uninstall } = await installTestBackend());
});
afterAll(async () => uninstall());

/** A plain HTML post from `page` (no JavaScript): the action answers with a redirect. */
function postForm(fields: Record<string, string>, cookie = "", page = "/product/clip-1") {
  return call(action, post("/wishlist", fields, cookie, { Referer: `${testOrigin}${page}` }));
}

/** The same post from a fetcher (JavaScript): the action answers with data. */
function postFetch(fields: Record<string, string>, cookie = "") {
  return call(action, post("/wishlist", fields, cookie, { "Sec-Fetch-Mode": "cors" }));
}

async function wishlistPage(cookie: string) {
  const result = await call(loader, get("/wishlist", cookie));
  return { ...result, ids: (result.data as { products: Array<{ id: string }> }).products.map((product) => product.id) };
}

async function heartOnProductPage(productId: string, cookie: string) {
  return (await call(productLoader, get(`/product/${productId}`, cookie), { params: { id: productId } })).data
    ?.inWishlist;
}

async function storedRows(userId: string) {
  const rows = await db.query<{ product_id: string }>(
    "select product_id from public.wishlist_items where user_id = $1 order by product_id",
    [userId],
  );
  return rows.map((row) => row.product_id);
}

async function visitorCookie(ids: string[]) {
  return new CookieJar().store(await setCookiesOf((jar) => wishlistCookie.write(jar, ids))).header();
}

describe("a visitor's wishlist (signed cookie)", () => {
  it("toggles a product in and out with plain posts, back to the page with a toast", async () => {
    const added = await postForm({ intent: "toggle", productId: "clip-1" });
    expect(added.status).toBe(303);
    // Back at the product's details, not the top of the page.
    expect(added.location).toBe("/product/clip-1#product-clip-1");
    expect(await toastOf(added)).toMatchObject({
      title: "Added to wishlist",
      description: "Silky Straight Clip-In Extensions has been added to your wishlist.",
    });
    let cookie = cookiesAfter(added.headers);
    expect(await wishlistCookie.read(get("/", cookie))).toEqual(["clip-1"]);
    expect(await heartOnProductPage("clip-1", cookie)).toBe(true);
    expect((await wishlistPage(cookie)).ids).toEqual(["clip-1"]);

    const removed = await postForm({ intent: "toggle", productId: "clip-1" }, cookie);
    expect(await toastOf(removed)).toMatchObject({ title: "Removed from wishlist" });
    cookie = cookiesAfter(removed.headers, cookie);
    expect(cookie).not.toMatch(/wishlist=/);
    expect(await heartOnProductPage("clip-1", cookie)).toBe(false);
    expect((await wishlistPage(cookie)).ids).toEqual([]);
  });

  it("answers a fetcher with data, newest first, and add/remove are idempotent", async () => {
    const first = await postFetch({ intent: "add", productId: "wig-3" });
    expect(first).toMatchObject({ status: 200, data: { ok: true, inWishlist: true } });
    let cookie = cookiesAfter(first.headers);
    const second = await postFetch({ intent: "add", productId: "acc-2" }, cookie);
    cookie = cookiesAfter(second.headers, cookie);
    const repeated = await postFetch({ intent: "add", productId: "wig-3" }, cookie);
    cookie = cookiesAfter(repeated.headers, cookie);
    expect((await wishlistPage(cookie)).ids).toEqual(["acc-2", "wig-3"]);

    const removed = await postFetch({ intent: "remove", productId: "wig-3" }, cookie);
    expect(removed.data).toMatchObject({ ok: true, inWishlist: false });
    cookie = cookiesAfter(removed.headers, cookie);
    expect((await wishlistPage(cookie)).ids).toEqual(["acc-2"]);
  });

  it("Remove on the wishlist page goes back to /wishlist (the removed card's place is gone: the top)", async () => {
    const cookie = await visitorCookie(["tape-1"]);
    const removed = await postForm(
      { intent: "remove", productId: "tape-1", redirectTo: "/wishlist" },
      cookie,
      "/wishlist",
    );
    expect(removed).toMatchObject({ status: 303, location: "/wishlist#product-tape-1" });
    expect((await wishlistPage(cookiesAfter(removed.headers, cookie))).ids).toEqual([]);
  });

  it("never redirects off the site: a foreign redirectTo falls back to the page posted from", async () => {
    const result = await postForm(
      { intent: "toggle", productId: "clip-2", redirectTo: "//evil.example/" },
      "",
      "/product/clip-2",
    );
    expect(result.location).toBe("/product/clip-2#product-clip-2");
  });

  it("ignores and logs a tampered cookie", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const genuine = (await setCookiesOf((jar) => wishlistCookie.write(jar, ["clip-1"])))[0]?.split(";")[0] ?? "";
    const [, value = ""] = genuine.split("=");
    const [, signature = ""] = decodeURIComponent(value).split(".");
    const forgedPayload = Buffer.from(JSON.stringify("clip-1,wig-1,wig-3")).toString("base64");
    const forged = `wishlist=${encodeURIComponent(`${forgedPayload}.${signature}`)}`;

    expect((await wishlistPage(forged)).ids).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/invalid or tampered/));
    // A change starts from an empty wishlist, not from the forged one.
    const toggled = await postFetch({ intent: "toggle", productId: "acc-1" }, forged);
    expect((await wishlistPage(cookiesAfter(toggled.headers))).ids).toEqual(["acc-1"]);
    warn.mockRestore();
  });

  it("drops products the shop no longer sells from the cookie", async () => {
    const cookie = await visitorCookie(["retired-1", "clip-3"]);
    const page = await wishlistPage(cookie);
    expect(page.ids).toEqual(["clip-3"]);
    const next = cookiesAfter(page.headers, cookie);
    expect(await wishlistCookie.read(get("/", next))).toEqual(["clip-3"]);
  });
});

describe("refused changes", () => {
  it("answers 404 for an unknown product and changes nothing", async () => {
    const cookie = await visitorCookie(["clip-1"]);
    const fetched = await postFetch({ intent: "toggle", productId: "no-such-product" }, cookie);
    expect(fetched).toMatchObject({ status: 404, data: { ok: false, error: "Product not found." } });
    expect(fetched.headers.getSetCookie().some((header) => header.startsWith("wishlist="))).toBe(false);

    const posted = await postForm({ intent: "add", productId: "no-such-product" }, cookie);
    expect(posted.status).toBe(303);
    expect(await toastOf(posted)).toMatchObject({ type: "error", description: "Product not found." });
    expect(posted.headers.getSetCookie().some((header) => header.startsWith("wishlist="))).toBe(false);

    const { user, cookie: memberCookie } = await signUpMember(backend);
    expect(await postFetch({ intent: "add", productId: "no-such-product" }, memberCookie)).toMatchObject({
      status: 404,
    });
    expect(await storedRows(user.id)).toEqual([]);
  });

  it("says a product not in the wishlist was not there, and changes nothing", async () => {
    const notThere = {
      type: "info",
      title: "Nothing to remove",
      description: "Silky Straight Clip-In Extensions was not in your wishlist.",
    };
    const cookie = await visitorCookie(["wig-1"]);
    const posted = await postForm({ intent: "remove", productId: "clip-1" }, cookie);
    expect(posted.status).toBe(303);
    expect(await toastOf(posted)).toMatchObject(notThere);
    expect(posted.headers.getSetCookie().some((header) => header.startsWith("wishlist="))).toBe(false);
    expect(await postFetch({ intent: "remove", productId: "clip-1" }, cookie)).toMatchObject({
      status: 200,
      data: { ok: true, inWishlist: false },
    });

    const { user, cookie: memberCookie } = await signUpMember(backend);
    await postFetch({ intent: "add", productId: "wig-1" }, memberCookie);
    expect(await toastOf(await postForm({ intent: "remove", productId: "clip-1" }, memberCookie))).toMatchObject(
      notThere,
    );
    expect(await storedRows(user.id)).toEqual(["wig-1"]);
    expect(await toastOf(await postForm({ intent: "remove", productId: "wig-1" }, memberCookie))).toMatchObject({
      title: "Removed from wishlist",
    });
  });

  it("answers 400 to an unknown intent", async () => {
    expect(await postFetch({ intent: "explode", productId: "clip-1" })).toMatchObject({
      status: 400,
      data: { ok: false, error: "Unknown wishlist action." },
    });
  });
});

describe("a member's wishlist (wishlist_items)", () => {
  it("toggles rows for the member, leaving no cookie", async () => {
    const { user, cookie } = await signUpMember(backend);
    const added = await postFetch({ intent: "toggle", productId: "wig-1" }, cookie);
    expect(added.data).toMatchObject({ ok: true, inWishlist: true });
    expect(added.headers.getSetCookie().some((header) => header.startsWith("wishlist="))).toBe(false);
    expect(await storedRows(user.id)).toEqual(["wig-1"]);
    expect(await heartOnProductPage("wig-1", cookie)).toBe(true);

    await postForm({ intent: "add", productId: "tape-2" }, cookie);
    expect((await wishlistPage(cookie)).ids).toEqual(["tape-2", "wig-1"]);

    const removed = await postFetch({ intent: "toggle", productId: "wig-1" }, cookie);
    expect(removed.data).toMatchObject({ ok: true, inWishlist: false });
    await postFetch({ intent: "remove", productId: "tape-2" }, cookie);
    expect(await storedRows(user.id)).toEqual([]);
    expect(await heartOnProductPage("wig-1", cookie)).toBe(false);
  });

  it("keeps one member's wishlist from another", async () => {
    const ada = await signUpMember(backend);
    const grace = await signUpMember(backend);
    await postFetch({ intent: "add", productId: "acc-3" }, ada.cookie);
    expect((await wishlistPage(grace.cookie)).ids).toEqual([]);
    expect(await storedRows(grace.user.id)).toEqual([]);
  });
});

describe("signing in merges the visitor's wishlist", () => {
  it("adds the visitor's products to the member's, each once, skips unknown ones and empties the cookie", async () => {
    const { user, cookie: memberCookie } = await signUpMember(backend);
    const scope = backend.forRequest(new Request("http://shop.test/", { headers: { Cookie: memberCookie } }));
    await scope.wishlist.add({ userId: user.id, productId: "wig-3" });
    await scope.wishlist.add({ userId: user.id, productId: "acc-1" });

    const visitor = await visitorCookie(["clip-1", "wig-3", "retired-1"]);
    const request = new Request("http://shop.test/auth", {
      method: "POST",
      headers: { Cookie: `${memberCookie}; ${visitor}` },
    });
    const context = testContext();
    await mergeVisitorWishlist(request, context, (await getSession(request, context)).member!);

    expect(await storedRows(user.id)).toEqual(["acc-1", "clip-1", "wig-3"]);
    const next = cookiesAfter(context.responseHeaders, `${memberCookie}; ${visitor}`);
    expect(next).not.toMatch(/wishlist=/);
    expect((await wishlistPage(next)).ids.sort()).toEqual(["acc-1", "clip-1", "wig-3"]);
  });

  it("changes nothing when the visitor had no wishlist", async () => {
    const { user, cookie } = await signUpMember(backend);
    const request = new Request("http://shop.test/auth", { method: "POST", headers: { Cookie: cookie } });
    const context = testContext();
    await mergeVisitorWishlist(request, context, (await getSession(request, context)).member!);
    expect(context.responseHeaders.getSetCookie()).toEqual([]);
    expect(await storedRows(user.id)).toEqual([]);
  });
});

describe("with the database out of reach", () => {
  it("shows the product page with an unpressed heart, and the wishlist page as 503", async () => {
    const { user, cookie } = await signUpMember(backend);
    await backend
      .forRequest(new Request("http://shop.test/", { headers: { Cookie: cookie } }))
      .wishlist.add({ userId: user.id, productId: "clip-1" });
    const realForRequest = backend.forRequest.bind(backend);
    const down = () => Promise.reject(new BackendError("unavailable", "The database is not reachable."));
    vi.spyOn(backend, "forRequest").mockImplementation((request, responseHeaders) => {
      const scope = realForRequest(request, responseHeaders);
      const member = async () => {
        const bound = await scope.member();
        return { ...bound, wishlist: { ...bound.wishlist, list: down } };
      };
      return { ...scope, wishlist: { ...scope.wishlist, list: down }, member };
    });
    try {
      expect(await heartOnProductPage("clip-1", cookie)).toBe(false);
      expect(await call(loader, get("/wishlist", cookie))).toMatchObject({ status: 503, thrown: true });
    } finally {
      vi.restoreAllMocks();
    }
  });
});
