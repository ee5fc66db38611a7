import { describe, expect, it } from "vitest";

import { formResponder } from "~/forms/form-endpoint.server";
import type { ResponseJar } from "~/http/cookies.server";
import { takeToast } from "~/toast/toast.server";

const fromFetcher = { "Sec-Fetch-Mode": "cors" };
const fromPlainForm = { "Sec-Fetch-Mode": "navigate", Referer: "http://shop.test/shop?color=red" };

/** A post, with the request's response cookie jar (the load context's) beside it. */
function post(fields: Record<string, string>, headers: Record<string, string>) {
  const request = new Request("http://shop.test/cart", { method: "POST", headers });
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  const context: ResponseJar = { responseHeaders: new Headers() };
  return { request, formData, context };
}

/** What a browser would send after this answer: its cookies' name=value pairs. */
function cookiesOf(headers: Headers) {
  return headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
}

async function toastIn(headers: Headers) {
  return takeToast(new Request("http://shop.test/", { headers: { Cookie: cookiesOf(headers) } }), {
    responseHeaders: new Headers(),
  });
}

/** data()'s answer, as Remix reads it. */
function asData(answer: unknown) {
  expect(answer).toMatchObject({ type: "DataWithResponseInit" });
  const { data, init } = answer as { data: unknown; init: { status: number; headers: Headers } };
  return { data, status: init.status, headers: init.headers };
}

function asRedirect(answer: unknown) {
  expect(answer).toBeInstanceOf(Response);
  const response = answer as Response;
  return { status: response.status, location: response.headers.get("Location"), headers: response.headers };
}

describe("a form endpoint's answer", () => {
  it("gives a fetcher data with the status: ok below 400, an error toast's words as the error", async () => {
    const done = post({ intent: "add" }, fromFetcher);
    const answer = asData(
      await formResponder(done.request, done.context, done.formData, "/cart")({ toast: { title: "Added to cart" } }),
    );
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ ok: true });
    expect(await toastIn(done.context.responseHeaders)).toMatchObject({ type: "success", title: "Added to cart" });

    const refusedPost = post({ intent: "add" }, fromFetcher);
    const refused = asData(
      await formResponder(
        refusedPost.request,
        refusedPost.context,
        refusedPost.formData,
        "/cart",
      )({ status: 409, toast: { type: "error", title: "Out of stock", description: "Gone." } }),
    );
    expect(refused.status).toBe(409);
    expect(refused.data).toEqual({ ok: false, error: "Gone." });
    expect(await toastIn(refusedPost.context.responseHeaders)).toMatchObject({ type: "error", description: "Gone." });
  });

  it("gives a fetcher its extra data and headers, and an answer without a toast sets no toast cookie", async () => {
    const { request, formData, context } = post({}, fromFetcher);
    const respond = formResponder(request, context, formData, "/wishlist");

    const answer = asData(await respond({ data: { inWishlist: true }, headers: { "Retry-After": "30" } }));
    expect(answer.data).toEqual({ ok: true, inWishlist: true });
    expect(new Headers(answer.headers).get("Retry-After")).toBe("30");
    expect(context.responseHeaders.getSetCookie()).toEqual([]);

    const limited = asData(await respond({ toast: { type: "info", title: "Wishlist full", description: "Sign in." } }));
    // Only an error toast is also the form's message.
    expect(limited.data).toEqual({ ok: true });
  });

  it("sends a plain post back to the form's redirectTo with a 303, the toast in the cookie jar", async () => {
    const { request, formData, context } = post({ redirectTo: "/product/clip-1?tab=features" }, fromPlainForm);
    const respond = formResponder(request, context, formData, "/cart");
    const answer = asRedirect(await respond({ toast: { title: "Added to cart" } }));
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/product/clip-1?tab=features");
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(await toastIn(context.responseHeaders)).toMatchObject({ title: "Added to cart" });
  });

  it("sends a plain post without redirectTo back to the same-site page it came from, else to the fallback", async () => {
    const fromShop = post({}, fromPlainForm);
    expect(
      asRedirect(await formResponder(fromShop.request, fromShop.context, fromShop.formData, "/cart")()).location,
    ).toBe("/shop?color=red");

    // A browser that sends no Sec-Fetch-Mode is treated as a plain post; a foreign Referer is not followed.
    const foreign = post({}, { Referer: "https://elsewhere.example/page" });
    expect(
      asRedirect(await formResponder(foreign.request, foreign.context, foreign.formData, "/cart")()).location,
    ).toBe("/cart");
  });

  it("never sends a plain post off the site, whatever redirectTo says", async () => {
    for (const target of ["//evil.example", "https://evil.example/", "/\\evil.example"]) {
      const { request, formData, context } = post({ redirectTo: target }, { "Sec-Fetch-Mode": "navigate" });
      expect(asRedirect(await formResponder(request, context, formData, "/wishlist")()).location, target).toBe(
        "/wishlist",
      );
    }
  });

  it("puts a form's own answer in its flash cookie for a plain post, and lands on the form", async () => {
    const flashes: string[] = [];
    const formFlash = { set: async () => void flashes.push("set"), anchor: "newsletter" };
    const plain = post({ redirectTo: "/blog#top" }, { "Sec-Fetch-Mode": "navigate" });
    const redirected = asRedirect(
      await formResponder(
        plain.request,
        plain.context,
        plain.formData,
        "/",
      )({ status: 400, error: "Bad address", formFlash }),
    );
    expect(redirected.status).toBe(303);
    expect(redirected.location).toBe("/blog#newsletter");
    expect(flashes).toEqual(["set"]);

    // A fetcher shows the message itself: the same words as data, no flash cookie.
    const fetched = post({ redirectTo: "/blog" }, fromFetcher);
    const answer = asData(
      await formResponder(
        fetched.request,
        fetched.context,
        fetched.formData,
        "/",
      )({ status: 400, error: "Bad address", data: { typed: "x@" }, formFlash }),
    );
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({ ok: false, error: "Bad address", typed: "x@" });
    expect(flashes).toEqual(["set"]);
  });

  it("brings a plain post back to the element it names (the product card), and a fetcher stays where it is", async () => {
    const plain = post({ intent: "add" }, fromPlainForm);
    const redirected = asRedirect(
      await formResponder(plain.request, plain.context, plain.formData, "/cart")({ landOn: "product-clip-1" }),
    );
    expect(redirected.status).toBe(303);
    expect(redirected.location).toBe("/shop?color=red#product-clip-1");

    const fetched = post({ intent: "add" }, fromFetcher);
    const answer = asData(
      await formResponder(fetched.request, fetched.context, fetched.formData, "/cart")({ landOn: "product-clip-1" }),
    );
    expect(answer.data).toEqual({ ok: true });
  });
});
