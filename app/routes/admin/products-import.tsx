import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";

import { AdminProductImport } from "~/components/admin-product-import";
import { adminHeaders, adminMeta, AdminShell } from "~/components/admin-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { ImportAnswer } from "~/modules/admin/product-import";
import { importAction } from "~/modules/admin/product-import-action.server";
import { requireStaff } from "~/modules/admin/staff.server";

// The product CSV import (issue 38, decision 0040): upload a file, see what it would create and change, confirm.

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const answer = await importAction(request, context);
  return answer instanceof Response ? answer : data<ImportAnswer>(answer.body, { status: answer.status });
}

export default function AdminProductsImport() {
  const answer = useActionData<typeof action>();
  return (
    <AdminShell title="Import products">
      <p className="mt-2 text-sm text-ink-muted">
        <Link
          to="/admin/products"
          className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline"
        >
          All products
        </Link>
      </p>
      <AdminProductImport answer={answer} />
    </AdminShell>
  );
}

export const meta: MetaFunction = ({ error }) => adminMeta("Import products", error);

export const headers = adminHeaders;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
