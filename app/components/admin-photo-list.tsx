import { Form } from "@remix-run/react";

import type { ImageAsset } from "~/content/images";
import { MOVE_INTENT, REMOVE_INTENT } from "~/modules/admin/photo-rules";
import { AdminPanel } from "./admin-panel";
import { ResponsiveImage } from "./responsive-image";

/** A product's photos in their order, each with its alt text and plain forms to move it up or down or remove it. */
export function AdminPhotoList({
  photos,
  version,
  busy,
}: {
  photos: readonly ImageAsset[];
  version: number;
  busy: boolean;
}) {
  return (
    <AdminPanel id="photos-heading" title={`Photos (${photos.length})`}>
      {photos.length === 0 ? (
        <p className="mt-3 text-sm text-ink-muted">This product has no photos yet: upload the first below.</p>
      ) : (
        <ol className="mt-3 divide-y divide-sand-200">
          {photos.map((photo, index) => (
            <li key={photo.id} className="flex flex-wrap items-center gap-4 py-4">
              <div className="w-20 shrink-0 overflow-hidden rounded-md">
                <ResponsiveImage image={photo} sizes="80px" className="aspect-[4/5] h-auto w-full object-cover" />
              </div>
              <div className="min-w-0 flex-1 basis-48">
                <p className="text-sm font-medium text-ink">
                  {index + 1}. {photo.alt}
                </p>
                <p className="text-xs text-ink-muted">
                  {photo.uploaded ? "Uploaded" : "Shipped with the shop"} · {photo.width} × {photo.height} px
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <PhotoButton photo={photo} version={version} offset="-1" disabled={busy || index === 0}>
                  Move up
                </PhotoButton>
                <PhotoButton photo={photo} version={version} offset="1" disabled={busy || index === photos.length - 1}>
                  Move down
                </PhotoButton>
                <PhotoButton photo={photo} version={version} disabled={busy}>
                  Remove
                </PhotoButton>
              </div>
            </li>
          ))}
        </ol>
      )}
    </AdminPanel>
  );
}

/** One plain form: a move (`offset`) or, without one, the removal. */
function PhotoButton({
  photo,
  version,
  offset,
  disabled,
  children,
}: {
  photo: ImageAsset;
  version: number;
  offset?: "-1" | "1";
  disabled: boolean;
  children: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={offset ? MOVE_INTENT : REMOVE_INTENT} />
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="imageId" value={photo.id} />
      {offset ? <input type="hidden" name="offset" value={offset} /> : null}
      <button type="submit" className="btn-outline px-4" disabled={disabled} aria-label={`${children}: ${photo.alt}`}>
        {children}
      </button>
    </Form>
  );
}
