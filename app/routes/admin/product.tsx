import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v3";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import { isBackendError, type BackendError } from "~/backend/errors";
import type { StaffCataloguePort } from "~/backend/ports/catalogue";
import { orUnavailablePage } from "~/backend/unavailable.server";
import { AdminProductForm } from "~/components/admin-product-form";
import { AdminProductStock } from "~/components/admin-product-stock";
import { adminHeaders, adminMeta, AdminShell } from "~/components/admin-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors } from "~/components/form-field";
import type { ResponseJar } from "~/http/cookies.server";
import { notFoundResponse } from "~/http/not-found.server";
import {
  CHANGE_STOCK_INTENT,
  productFormDefaults,
  ProductFormSchema,
  SAVE_PRODUCT_INTENT,
  StockFormSchema,
  toProductInput,
  type ProductFormValue,
} from "~/modules/admin/product-forms";
import { productStatusLabels } from "~/modules/admin/product-list";
import { stockMovementViews, stockVariantViews } from "~/modules/admin/product-view";
import { requireProduct, requireStaff } from "~/modules/admin/staff.server";
import { refreshCatalogue } from "~/modules/catalog/catalog.server";
import { productPath } from "~/modules/catalog/product";
import { getEnv } from "~/site/env.server";
import { redirectWithToast } from "~/toast/toast.server";

// The back office's product editor (issue 38, decision 0036): /admin/products/new creates, /admin/products/:id edits.
// Two forms, each naming its intent and checked by its schema in app/modules/admin/product-forms.ts: the product with
// its options and variants, and a tracked variant's stock.

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const catalogue = (await requireStaff(request, context)).backend.staffCatalogue;
  const constraints = { product: getZodConstraint(ProductFormSchema), stock: getZodConstraint(StockFormSchema) };
  if (!params.id) return { product: null, defaults: productFormDefaults(null), stock: null, constraints };
  const product = await requireProduct(catalogue, request, params.id);
  const history = await orUnavailablePage(catalogue.stockHistory(product.id));
  return {
    product: {
      id: product.id,
      name: product.name,
      status: product.status,
      version: product.version,
      path: productPath({ product, variant: product.variants[0]! }),
      storedVariants: Object.fromEntries(product.variants.map((v) => [v.id, { stockOnHand: v.stockOnHand }])),
    },
    defaults: productFormDefaults(product),
    stock: {
      variants: stockVariantViews(product),
      history: stockMovementViews(history, getEnv().SHOP_TIME_ZONE),
    },
    constraints,
  };
}

/** What a refused post gets back: its form's answer (conform's), or a word for a post naming no form of the page. */
type ProductPageAnswer =
  | { form: typeof SAVE_PRODUCT_INTENT; result: SubmissionResult<string[]> }
  | { form: typeof CHANGE_STOCK_INTENT; variantId: string; result: SubmissionResult<string[]> }
  | { form: "other"; error: string };

export async function action({ request, context, params }: ActionFunctionArgs) {
  // The guard first, for every post: anyone but staff gets the ordinary 404, whatever they send.
  const catalogue = (await requireStaff(request, context)).backend.staffCatalogue;
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case SAVE_PRODUCT_INTENT:
      return saveProduct(request, context, catalogue, params.id ?? null, formData);
    case CHANGE_STOCK_INTENT:
      return changeStock(request, context, catalogue, params.id ?? null, formData);
    default:
      return data<ProductPageAnswer>(
        { form: "other", error: "This request was not recognised, so nothing was changed." },
        { status: 400 },
      );
  }
}

/** The database's refusal as the form's message, with the status that says what happened (nothing was `undone`). */
function refusal(error: BackendError, undone: "saved" | "changed"): { status: number; message: string } {
  switch (error.code) {
    case "product_changed":
      return { status: 409, message: `${error.message} Nothing was ${undone}.` };
    case "id_taken":
    case "invalid_input":
      return { status: 400, message: error.message };
    case "unavailable":
      return {
        status: 503,
        message: `The shop's database is not reachable right now, so nothing was ${undone}. Please try again.`,
      };
    default:
      throw error;
  }
}

async function saveProduct(
  request: Request,
  context: ResponseJar,
  catalogue: StaffCataloguePort,
  productId: string | null,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: ProductFormSchema });
  const answer = (status: number, result: SubmissionResult<string[]>) =>
    data<ProductPageAnswer>({ form: SAVE_PRODUCT_INTENT, result }, { status });
  // A list button (add or remove a variant) is applied to what was typed, and nothing is saved.
  if (submission.status !== "success") return answer(submission.status === "error" ? 400 : 200, submission.reply());
  const current = productId ? await requireProduct(catalogue, request, productId) : null;
  const version = current ? Number(formData.get("version")) : null;
  try {
    const input = toProductInput(submission.value as ProductFormValue, current);
    const saved = await catalogue.saveProduct(input, version);
    // This instance shows the change on its next page; the others within a few seconds (decision 0036).
    await refreshCatalogue();
    return redirectWithToast(context, `/admin/products/${saved.id}`, {
      title: current ? "Product saved" : "Product created",
      description:
        input.status === "active"
          ? `${input.name} is in the shop; every page shows the change within a few seconds.`
          : `${input.name} is saved as ${productStatusLabels[input.status].toLowerCase()}: the shop does not show it.`,
    });
  } catch (error) {
    if (!isBackendError(error)) throw error;
    const { status, message } = refusal(error, "saved");
    return answer(status, submission.reply({ formErrors: [message] }));
  }
}

async function changeStock(
  request: Request,
  context: ResponseJar,
  catalogue: StaffCataloguePort,
  productId: string | null,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: StockFormSchema });
  const variantId = String(formData.get("variantId") ?? "");
  const answer = (status: number, result: SubmissionResult<string[]>) =>
    data<ProductPageAnswer>({ form: CHANGE_STOCK_INTENT, variantId, result }, { status });
  if (submission.status !== "success") return answer(400, submission.reply());
  if (!productId) throw notFoundResponse(request);
  const product = await requireProduct(catalogue, request, productId);
  // Only this product's variants: a variant id from elsewhere is a client's mistake.
  if (!product.variants.some((variant) => variant.id === submission.value.variantId)) throw notFoundResponse(request);
  try {
    const count = await catalogue.changeStock({
      ...submission.value,
      expectedCount: submission.value.expectedCount ?? null,
    });
    await refreshCatalogue();
    return redirectWithToast(context, `/admin/products/${product.id}`, {
      title: "Stock updated",
      description: `${count} on hand now.`,
    });
  } catch (error) {
    if (!isBackendError(error)) throw error;
    const { status, message } = refusal(error, "changed");
    return answer(status, submission.reply({ formErrors: [message] }));
  }
}

export default function AdminProduct() {
  const { product, defaults, stock, constraints } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const path = product ? `/admin/products/${product.id}` : "/admin/products/new";
  return (
    <AdminShell title={product ? product.name : "New product"}>
      <p className="mt-2 flex flex-wrap gap-x-4 text-sm text-ink-muted">
        <Link
          to="/admin/products"
          className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline"
        >
          All products
        </Link>
        {product ? (
          <>
            <Link
              to={`${path}/photos`}
              className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline"
            >
              Photos
            </Link>
            {product.status === "active" ? (
              <Link
                to={product.path}
                className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline"
              >
                View in the shop
              </Link>
            ) : (
              <span className="inline-flex min-h-11 items-center">
                {productStatusLabels[product.status]}: not in the shop
              </span>
            )}
          </>
        ) : null}
      </p>
      <FormErrors
        id="product-page-errors"
        errors={answer?.form === "other" ? [answer.error] : undefined}
        className="mt-4 rounded-lg px-4 py-3"
      />
      <div className="mt-6 space-y-6">
        <AdminProductForm
          // A new product's form and a stored one's are different forms: a fresh start after a create.
          key={product?.id ?? "new"}
          path={path}
          creating={!product}
          version={product?.version ?? null}
          defaults={defaults}
          storedVariants={product?.storedVariants ?? {}}
          constraint={constraints.product}
          lastResult={answer?.form === SAVE_PRODUCT_INTENT ? answer.result : undefined}
        />
        {stock ? (
          <AdminProductStock
            path={path}
            variants={stock.variants}
            history={stock.history}
            constraint={constraints.stock}
            answer={answer?.form === CHANGE_STOCK_INTENT ? answer : undefined}
          />
        ) : null}
      </div>
    </AdminShell>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, error }) =>
  adminMeta(loaded?.product ? loaded.product.name : "New product", error);

export const headers = adminHeaders;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
