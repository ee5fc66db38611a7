// The photo ports' contract (decision 0038), for every adapter: only staff add, move or remove a product's photos (in
// the database too: a shopper calling the functions or touching the files table directly is refused), each change
// respects and moves on the product's version, the shop reads the files by their id, and an order line keeps the
// files of the photo it shows.
import crypto from "node:crypto";
import {
  asAnon,
  asAuthenticated,
  expectBackendError,
  expectSqlError,
  insertTestProducts,
  placeOrder,
  requestWith,
  setUpStaff,
  signUpShopper,
} from "#tests/support/backend-helpers";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { Backend, RequestBackend } from "~/backend/ports/backend";
import type { UploadedPhoto } from "~/backend/ports/catalogue-images";
import type { SqlDatabase } from "~/backend/sql/sql-database";
import type { ContractHarness } from "./contract";

/** A photo as the renditions step hands it over: tiny stand-in bytes at two widths, in both formats. */
function photoFor(productId: string, label: string): UploadedPhoto {
  const bytes = (width: number, format: string) => new TextEncoder().encode(`${label} ${width} ${format}`);
  return {
    id: `${productId}-${crypto.createHash("sha256").update(label).digest("hex").slice(0, 12)}`,
    alt: `Photo ${label}`,
    width: 640,
    height: 800,
    widths: [320, 640],
    renditions: [320, 640].flatMap((width) => [
      { width, format: "avif" as const, bytes: bytes(width, "avif") },
      { width, format: "webp" as const, bytes: bytes(width, "webp") },
    ]),
  };
}

export function describeCatalogueImagesContract(name: string, setup: () => Promise<ContractHarness>): void {
  describe(`catalogue photos: ${name}`, () => {
    let harness: ContractHarness;
    let backend: Backend;
    let db: SqlDatabase;
    let staff: RequestBackend;
    let shopper: Awaited<ReturnType<typeof signUpShopper>>;
    const productId = `photo-${crypto.randomUUID().slice(0, 8)}`;
    const versionOf = async () =>
      Number(
        (await db.query<{ version: number }>("select version from public.products where id = $1", [productId]))[0]
          ?.version,
      );
    const shopImages = async () =>
      (await backend.catalogue.readAll()).products.find((product) => product.id === productId)?.images ?? [];

    beforeAll(async () => {
      harness = await setup();
      backend = harness.createBackend();
      db = harness.db;
      shopper = await signUpShopper(backend);
      const listed = await signUpShopper(backend);
      await backend.syncStaff({ staffEmails: [listed.email], orderRecipients: [] });
      staff = (await setUpStaff(backend, listed.email)).scope;
      await insertTestProducts(db, [productId]);
    });

    afterAll(async () => {
      await harness?.teardown();
    });

    test("only staff add a photo, in the port and in the database; the shop then shows it and serves its files", async () => {
      const photo = photoFor(productId, "first");
      const add = (scope: RequestBackend, expectedVersion = 1) =>
        scope.staffCatalogueImages.add({ productId, expectedVersion, photo });
      await expectBackendError(add(shopper.scope), "not_authorized");
      await expectBackendError(add(backend.forRequest(requestWith())), "not_authorized");
      const asFunction = (tx: Parameters<Parameters<typeof asAnon>[1]>[0]) =>
        tx.query("select public.staff_add_product_image($1, 1, $2::jsonb)", [
          productId,
          JSON.stringify({ id: photo.id, alt: "x", width: 1, height: 1, widths: [1], files: [] }),
        ]);
      await expectSqlError(asAuthenticated(db, shopper.user.id, asFunction), "42501");
      await expectSqlError(asAnon(db, asFunction), "42501");
      await expectSqlError(
        asAuthenticated(db, shopper.user.id, (tx) =>
          tx.query(
            "insert into public.catalogue_image_files (image_id, width, format, bytes) values ($1, 1, 'avif', '\\x00')",
            [photo.id],
          ),
        ),
        "42501",
      );
      await expectSqlError(
        asAnon(db, (tx) => tx.query("select * from public.catalogue_image_files")),
        "42501",
      );
      expect(await backend.catalogueImages.read(photo.id, 320, "avif")).toBeNull();

      expect(await add(staff)).toBe(2);
      await expectBackendError(add(staff, 2), "id_taken");
      await expectBackendError(
        staff.staffCatalogueImages.add({ productId, expectedVersion: 1, photo: photoFor(productId, "stale") }),
        "product_changed",
      );
      expect(await versionOf()).toBe(2);
      expect(await shopImages()).toEqual([
        { id: photo.id, alt: "Photo first", width: 640, height: 800, widths: [320, 640], uploaded: true },
      ]);
      const served = await backend.catalogueImages.read(photo.id, 640, "webp");
      expect(new TextDecoder().decode(served ?? undefined)).toBe("first 640 webp");
      expect(await backend.catalogueImages.read(photo.id, 960, "webp")).toBeNull();
    });

    test("moves and removals are staff's, at the version seen; an order line keeps the files of the photo it shows", async () => {
      const second = photoFor(productId, "second");
      await staff.staffCatalogueImages.add({ productId, expectedVersion: await versionOf(), photo: second });
      const ids = (await shopImages()).map((image) => image.id);
      expect(ids).toHaveLength(2);

      const moveUp = { productId, imageId: second.id, offset: -1 as const };
      await expectBackendError(
        shopper.scope.staffCatalogueImages.move({ ...moveUp, expectedVersion: await versionOf() }),
        "not_authorized",
      );
      await expectBackendError(staff.staffCatalogueImages.move({ ...moveUp, expectedVersion: 1 }), "product_changed");
      await staff.staffCatalogueImages.move({ ...moveUp, expectedVersion: await versionOf() });
      expect((await shopImages()).map((image) => image.id)).toEqual([second.id, ids[0]]);

      // An order of the product keeps its cover (the second photo, now first): its files stay after the removal.
      await placeOrder(backend.forRequest(requestWith()), {
        userId: null,
        items: [{ productId, quantity: 1 }],
        email: "photo-order@example.com",
      });
      const remove = (imageId: string) => ({ productId, imageId });
      await expectBackendError(
        shopper.scope.staffCatalogueImages.remove({ ...remove(second.id), expectedVersion: await versionOf() }),
        "not_authorized",
      );
      await staff.staffCatalogueImages.remove({ ...remove(second.id), expectedVersion: await versionOf() });
      await staff.staffCatalogueImages.remove({ ...remove(ids[0]!), expectedVersion: await versionOf() });
      expect(await shopImages()).toEqual([]);
      expect(new TextDecoder().decode((await backend.catalogueImages.read(second.id, 320, "avif")) ?? undefined)).toBe(
        "second 320 avif",
      );
      expect(await backend.catalogueImages.read(ids[0]!, 320, "avif")).toBeNull();
    });
  });
}
