import { getZodConstraint } from "@conform-to/zod/v3";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import { AdminPhotoList } from "~/components/admin-photo-list";
import { AdminPhotoUpload } from "~/components/admin-photo-upload";
import { adminHeaders, adminMeta, AdminShell } from "~/components/admin-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors } from "~/components/form-field";
import { useIsPosting, withoutMaxLength } from "~/forms/zod-form";
import { PhotoAltSchema } from "~/modules/admin/photo-rules";
import { photoAction } from "~/modules/admin/product-photos.server";
import { requireProduct, requireStaff } from "~/modules/admin/staff.server";

// A product's photos in the back office (issue 38, decision 0038): shipped and uploaded ones in their order, with
// their alt text; upload (the renditions are made and stored by the shop), move up or down, remove.

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { backend } = await requireStaff(request, context);
  const product = await requireProduct(backend.staffCatalogue, request, params.id ?? "");
  return {
    product: { id: product.id, name: product.name, version: product.version },
    photos: product.images,
    // The length is the schema's to refuse, keeping what was typed (a browser would cut it at maxlength).
    constraint: withoutMaxLength(getZodConstraint(PhotoAltSchema)),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return photoAction(request, context, params.id ?? "");
}

export default function AdminProductPhotos() {
  const { product, photos, constraint } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const path = `/admin/products/${product.id}/photos`;
  const busy = useIsPosting(path);
  return (
    <AdminShell title={<>Photos: {product.name}</>}>
      <p className="mt-2 text-sm text-ink-muted">
        <Link
          to={`/admin/products/${product.id}`}
          className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline"
        >
          Back to the product
        </Link>
      </p>
      <FormErrors
        id="photo-page-errors"
        errors={answer?.form === "other" ? [answer.error] : undefined}
        className="mt-4 rounded-lg px-4 py-3"
      />
      <div className="mt-6 grid gap-6 lg:grid-cols-[3fr_2fr]">
        <AdminPhotoList photos={photos} version={product.version} busy={busy} />
        <AdminPhotoUpload
          // A new version (a photo added, moved or removed) starts an empty form.
          key={product.version}
          version={product.version}
          constraint={constraint}
          lastResult={answer?.form === "upload" ? answer.result : undefined}
          busy={busy}
        />
      </div>
    </AdminShell>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, error }) =>
  adminMeta(loaded ? `Photos: ${loaded.product.name}` : "Photos", error);

export const headers = adminHeaders;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
