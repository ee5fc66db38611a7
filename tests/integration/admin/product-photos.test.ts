// A product's photos in the back office (decision 0038), in-process on the embedded backend: an upload as the form
// posts it (multipart, the alt text first), its refusals (each keeps the typed text and stores nothing), the stale
// page, moves and removals, and the renditions served under /catalogue-images with immutable caching.
import { installTestBackend } from "#tests/support/pglite";
import { cameraJpeg, hugePng } from "#tests/support/photos";
import { call, get, post, signUpMember, signUpStaff, testOrigin, toastOf } from "#tests/support/route-calls";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { Backend } from "~/backend/ports/backend";
import type { SqlDatabase } from "~/backend/sql/sql-database";
import { UPLOADED_IMAGE_BASE } from "~/components/responsive-image";
import { PHOTO_REFUSALS } from "~/modules/admin/photo-rules";
import { action, loader } from "~/routes/admin/product-photos";
import { loader as imageLoader } from "~/routes/catalog/catalogue-image";

let backend: Backend;
let db: SqlDatabase;
let uninstall: () => Promise<void>;
let staffCookie: string;
let memberCookie: string;

const productId = "clip-2";
const path = `/admin/products/${productId}/photos`;
const params = { params: { id: productId } };

beforeAll(async () => {
  ({ backend, db, uninstall } = await installTestBackend());
  const [owner] = await signUpStaff(backend, "Photo Owner");
  staffCookie = owner!.cookie;
  ({ cookie: memberCookie } = await signUpMember(backend, "Just Shopping"));
});

afterAll(async () => {
  await uninstall();
});

/** The upload form's post as a browser sends it: the alt text, then the file. */
function uploadPost(file: Blob | null, { alt = "Waves in the sun", version = 1, cookie = staffCookie } = {}) {
  const form = new FormData();
  form.set("intent", "upload");
  form.set("version", String(version));
  form.set("alt", alt);
  form.set("photo", file ?? new Blob([]), file ? "photo.jpg" : "");
  return new Request(new URL(path, testOrigin), { method: "POST", body: form, headers: { Cookie: cookie } });
}

const page = async () => (await call(loader, get(path, staffCookie), params)).data!;
const storedFiles = async () =>
  Number((await db.query<{ n: number }>("select count(*)::int as n from public.catalogue_image_files"))[0]?.n);
const catalogueVersion = async () =>
  Number((await db.query<{ version: string }>("select version from public.catalogue_state"))[0]?.version);

describe("uploads", () => {
  test("each refusal says why, keeps the typed text and stores nothing: not an image, over 10 MB, over 40 megapixels, no alt text", async () => {
    const before = { files: await storedFiles(), photos: (await page()).photos.length };
    const cases: Array<[Blob | null, string, number, string]> = [
      [new Blob(["just text, named photo.jpg"], { type: "image/jpeg" }), PHOTO_REFUSALS.not_an_image, 400, "A"],
      [new Blob([new Uint8Array(50 * 1024 * 1024)], { type: "image/jpeg" }), PHOTO_REFUSALS.too_large, 413, "B"],
      [new Blob([hugePng(20_000, 20_000)], { type: "image/png" }), PHOTO_REFUSALS.too_many_pixels, 400, "C"],
      [null, PHOTO_REFUSALS.no_file, 400, "D"],
    ];
    for (const [file, message, status, alt] of cases) {
      const answer = await call(action, uploadPost(file, { alt: `Typed text ${alt}` }), params);
      expect({ message, status: answer.status }).toEqual({ message, status });
      const result = answer.data?.form === "upload" ? answer.data.result : undefined;
      expect(result?.error?.photo).toEqual([message]);
      expect(result?.initialValue?.alt).toBe(`Typed text ${alt}`);
    }
    const noAlt = await call(action, uploadPost(new Blob([await cameraJpeg()]), { alt: "  " }), params);
    expect(noAlt.status).toBe(400);
    expect(noAlt.data?.form === "upload" && noAlt.data.result.error?.alt).toEqual([
      "Describe the photo for shoppers who cannot see it.",
    ]);
    expect({ files: await storedFiles(), photos: (await page()).photos.length }).toEqual(before);
  });

  test("staff upload a photo: it is the product's last, the shop's catalogue moves on, and its renditions are served for good", async () => {
    const startedAt = await catalogueVersion();
    const uploaded = await call(action, uploadPost(new Blob([await cameraJpeg()])), params);
    expect(uploaded.status).toBe(303);
    expect(uploaded.location).toBe(path);
    expect(await toastOf(uploaded)).toMatchObject({ title: "Photo added" });
    expect(await catalogueVersion()).toBeGreaterThan(startedAt);

    const { product, photos } = await page();
    expect(product.version).toBe(2);
    const photo = photos.at(-1)!;
    expect(photo).toMatchObject({
      alt: "Waves in the sun",
      uploaded: true,
      widths: [320, 640],
      width: 640,
      height: 960,
    });
    expect(photo.id).toMatch(/^clip-2-[0-9a-f]{12}$/);
    const shop = (await backend.catalogue.readAll()).products.find((candidate) => candidate.id === productId);
    expect(shop?.images.at(-1)).toEqual(photo);

    for (const [file, type] of [
      [`${photo.id}-640.avif`, "image/avif"],
      [`${photo.id}-320.webp`, "image/webp"],
    ] as const) {
      const served = await imageLoader({
        request: get(`${UPLOADED_IMAGE_BASE}/${file}`),
        params: { file },
        context: { responseHeaders: new Headers(), cspNonce: "" },
      });
      expect(served.status).toBe(200);
      expect(served.headers.get("Content-Type")).toBe(type);
      expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
    for (const file of [`${photo.id}-960.avif`, `${photo.id}-640.png`, "nope-640.webp", "../../etc-640.avif", ""]) {
      const missing = await call(imageLoader, get(`${UPLOADED_IMAGE_BASE}/${file}`), { params: { file } });
      expect({ file, status: missing.status }).toEqual({ file, status: 404 });
    }

    // The same photo again is told, not stored twice.
    const again = await call(action, uploadPost(new Blob([await cameraJpeg()]), { version: 2 }), params);
    expect(again.status).toBe(409);
  });

  test("a page from an older copy of the product is told, and changes nothing", async () => {
    const { product, photos } = await page();
    const stale = await call(action, uploadPost(new Blob([await cameraJpeg({ width: 900 })]), { version: 1 }), params);
    expect(stale.status).toBe(409);
    expect(stale.data?.form === "upload" && stale.data.result.error?.[""]).toEqual([
      expect.stringMatching(/changed this product's photos meanwhile/),
    ]);
    const move = { intent: "move", version: "1", imageId: photos[0]!.id, offset: "1" };
    const staleMove = await call(action, post(path, move, staffCookie), params);
    expect(staleMove.status).toBe(409);
    expect((await page()).photos).toEqual(photos);
    expect((await page()).product.version).toBe(product.version);
  });
});

describe("order and removal", () => {
  test("moves up and down and removals, as plain forms, each with the version the page showed", async () => {
    const first = await page();
    const ids = first.photos.map((photo) => photo.id);
    const last = ids.at(-1)!;
    const moved = await call(
      action,
      post(path, { intent: "move", version: String(first.product.version), imageId: last, offset: "-1" }, staffCookie),
      params,
    );
    expect(moved.status).toBe(303);
    const second = await page();
    expect(second.photos.map((photo) => photo.id)).toEqual([...ids.slice(0, -2), last, ids.at(-2)]);
    const filesBefore = await storedFiles();
    const removed = await call(
      action,
      post(path, { intent: "remove", version: String(second.product.version), imageId: last }, staffCookie),
      params,
    );
    expect(removed.status).toBe(303);
    expect((await page()).photos.map((photo) => photo.id)).toEqual(ids.slice(0, -1));
    // No order line shows it: its files go with it.
    expect(await storedFiles()).toBe(filesBefore - 4);
    const unknown = await call(action, post(path, { intent: "rotate" }, staffCookie), params);
    expect(unknown.status).toBe(400);
  });

  test("a member's page and posts are the ordinary 404, and change nothing", async () => {
    const { photos, product } = await page();
    const answers = [
      await call(loader, get(path, memberCookie), params),
      await call(action, uploadPost(new Blob([await cameraJpeg()]), { cookie: memberCookie }), params),
      await call(
        action,
        post(path, { intent: "remove", version: String(product.version), imageId: photos[0]!.id }, memberCookie),
        params,
      ),
    ];
    for (const answer of answers)
      expect({ status: answer.status, thrown: answer.thrown }).toEqual({ status: 404, thrown: true });
    expect((await page()).photos).toEqual(photos);
  });
});
