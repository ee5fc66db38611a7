import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v3";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { isBackendError } from "~/backend/errors";
import { orUnavailablePage } from "~/backend/unavailable.server";
import { AdminDiscountForm } from "~/components/admin-discount-form";
import { AdminPanel } from "~/components/admin-panel";
import { adminHeaders, adminMeta, AdminShell } from "~/components/admin-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors } from "~/components/form-field";
import { StatusBadge } from "~/components/status-badge";
import { notFoundResponse } from "~/http/not-found.server";
import { orderNumber } from "~/modules/account/orders";
import { formatShopDateTime } from "~/modules/admin/order-rows";
import { requireStaff } from "~/modules/admin/staff.server";
import { findProduct, getAllProducts } from "~/modules/catalog/catalog.server";
import {
  CODE_STATUS_INTENT,
  codeRulesLine,
  codeStateLabel,
  discountCodeFormDefaults,
  DiscountCodeFormSchema,
  discountCodeInput,
  SAVE_CODE_INTENT,
  StatusFormSchema,
  type ScopeLookup,
} from "~/modules/discounts/admin-form";
import { saveRefusal } from "~/modules/discounts/admin-refusals";
import { formatCents } from "~/modules/money";
import { getEnv } from "~/site/env.server";
import { redirectWithToast } from "~/toast/toast.server";

// One discount code in the back office (issue 41, decision 0042): /admin/discounts/new creates one,
// /admin/discounts/:id edits it, pauses, resumes or ends it, and lists its uses (how many, the orders, the discount
// given in all). Two forms, each naming its intent: the code (DiscountCodeFormSchema) and its status.

/** The products and SKUs on sale, for the editor's lists: an id or SKU the shop does not sell is refused by name. */
function catalogueLookup(): ScopeLookup & { skuOf(variantId: string): string | undefined } {
  const variants = getAllProducts().flatMap((product) => product.variants);
  const bySku = new Map(variants.map((variant) => [variant.sku.toUpperCase(), variant.id]));
  const ids = new Map(variants.map((variant) => [variant.id, variant.sku]));
  return {
    productExists: (id) => findProduct(id) !== undefined,
    variantOf: (entry) => bySku.get(entry.toUpperCase()) ?? (ids.has(entry) ? entry : undefined),
    skuOf: (variantId) => ids.get(variantId),
  };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { backend } = await requireStaff(request, context);
  const timeZone = getEnv().SHOP_TIME_ZONE;
  const constraint = getZodConstraint(DiscountCodeFormSchema);
  if (!params.id) {
    return { code: null, defaults: discountCodeFormDefaults(null, () => undefined), constraint, timeZone };
  }
  const code = await orUnavailablePage(backend.staffDiscounts.getCode({ id: params.id }));
  if (!code) throw notFoundResponse(request);
  const money = (cents: number) => formatCents(cents);
  return {
    code: {
      id: code.id,
      code: code.code,
      status: code.status,
      state: codeStateLabel(code, new Date()),
      rules: codeRulesLine(code),
      version: code.version,
      welcomeEmail: code.welcomeEmail,
      timesUsed: code.timesUsed,
      usageLimit: code.usageLimit,
      given: money(code.givenCents),
      updated: `${formatShopDateTime(code.updatedAt, timeZone)}${code.updatedBy ? ` by ${code.updatedBy}` : ""}`,
      uses: code.uses.map((use) => ({
        orderId: use.orderId,
        number: orderNumber(use.orderId),
        email: use.email,
        member: use.member,
        status: use.status,
        discount: money(use.amountCents),
        total: money(use.totalAmountCents),
        at: formatShopDateTime(use.usedAt, timeZone),
        givenBack: use.releasedAt !== null,
      })),
    },
    defaults: discountCodeFormDefaults(code, catalogueLookup().skuOf),
    constraint,
    timeZone,
  };
}

type DiscountPageAnswer =
  | { form: typeof SAVE_CODE_INTENT; result: SubmissionResult<string[]> }
  | { form: typeof CODE_STATUS_INTENT | "other"; error: string };

export async function action({ request, context, params }: ActionFunctionArgs) {
  // The guard first, for every post: anyone but staff gets the ordinary 404, whatever they send.
  const { backend } = await requireStaff(request, context);
  const formData = await request.formData();
  const id = params.id ?? null;
  const intent = formData.get("intent");

  if (intent === CODE_STATUS_INTENT && id) {
    const parsed = StatusFormSchema.safeParse({ status: formData.get("status"), version: formData.get("version") });
    if (!parsed.success) {
      return data<DiscountPageAnswer>(
        { form: CODE_STATUS_INTENT, error: "This form is out of date: reload the page." },
        { status: 400 },
      );
    }
    try {
      await backend.staffDiscounts.setStatus({ id, status: parsed.data.status, expectedVersion: parsed.data.version });
    } catch (error) {
      if (!isBackendError(error) || error.code === "not_authorized") throw error;
      if (error.code === "not_found" || error.code === "product_not_found") throw notFoundResponse(request);
      return data<DiscountPageAnswer>(
        { form: CODE_STATUS_INTENT, error: error.message },
        { status: error.code === "product_changed" ? 409 : error.code === "unavailable" ? 503 : 400 },
      );
    }
    const done = { active: "resumed: shoppers can use it again", paused: "paused", ended: "ended for good" } as const;
    return redirectWithToast(context, `/admin/discounts/${id}`, {
      title: "Code updated",
      description: `The code was ${done[parsed.data.status]}.`,
    });
  }

  if (intent !== SAVE_CODE_INTENT) {
    return data<DiscountPageAnswer>(
      { form: "other", error: "This request was not recognised, so nothing was changed." },
      { status: 400 },
    );
  }
  const submission = parseWithZod(formData, { schema: DiscountCodeFormSchema });
  const refuse = (status: number, result: SubmissionResult<string[]>) =>
    data<DiscountPageAnswer>({ form: SAVE_CODE_INTENT, result }, { status });
  if (submission.status !== "success") return refuse(400, submission.reply());
  const built = discountCodeInput(submission.value, getEnv().SHOP_TIME_ZONE, catalogueLookup());
  if ("errors" in built) return refuse(400, submission.reply({ fieldErrors: built.errors }));
  let saved;
  try {
    saved = await backend.staffDiscounts.saveCode({
      id,
      code: built.input,
      expectedVersion: id ? (submission.value.version ?? 0) : null,
    });
  } catch (error) {
    if (!isBackendError(error) || error.code === "not_authorized") throw error;
    if (error.code === "product_not_found" || error.code === "not_found") throw notFoundResponse(request);
    if (error.code === "id_taken") return refuse(409, submission.reply({ fieldErrors: { code: [error.message] } }));
    const { status, message } = saveRefusal(error, "this code");
    return refuse(status, submission.reply({ formErrors: [message] }));
  }
  return redirectWithToast(context, `/admin/discounts/${saved.id}`, {
    title: id ? "Code saved" : "Code created",
    description: `${built.input.code} is saved. Shoppers can use it as its rules say.`,
  });
}

export default function AdminDiscount() {
  const { code, defaults, constraint, timeZone } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const path = code ? `/admin/discounts/${code.id}` : "/admin/discounts/new";
  return (
    <AdminShell title={code ? <span className="font-mono">{code.code}</span> : "New discount code"}>
      <p className="mt-2 text-sm text-ink-muted">
        {code
          ? `${code.state} · ${code.rules} · last saved ${code.updated}`
          : "A code shoppers type at the cart or checkout."}{" "}
        <Link
          to="/admin/discounts"
          className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline"
        >
          All codes
        </Link>
      </p>
      {answer && "error" in answer ? (
        <FormErrors id="discount-page-errors" errors={[answer.error]} className="mt-4 rounded-lg p-3" />
      ) : null}
      <div className={code ? "mt-6 grid gap-6 lg:grid-cols-[3fr_2fr]" : "mt-6 max-w-3xl"}>
        <AdminDiscountForm
          path={path}
          creating={!code}
          // A new code's form keeps no version; after a conflict the loader's version is the one to save over.
          defaults={code ? { ...defaults, version: String(code.version) } : defaults}
          constraint={constraint}
          lastResult={answer && "result" in answer ? answer.result : undefined}
          timeZone={timeZone}
        />
        {code ? (
          <div className="space-y-6">
            <AdminPanel id="code-status-heading" title="Status">
              <p className="mt-2 text-sm text-ink" data-testid="code-state">
                {code.state}
                {code.welcomeEmail ? ` · made for ${code.welcomeEmail}` : ""}
              </p>
              {code.status === "ended" ? (
                <p className="mt-2 text-sm text-ink-muted">An ended code can never be used again.</p>
              ) : (
                <div className="mt-3 flex flex-wrap gap-3">
                  <StatusButton
                    version={code.version}
                    status={code.status === "paused" ? "active" : "paused"}
                    label={code.status === "paused" ? "Resume" : "Pause"}
                  />
                  <StatusButton version={code.version} status="ended" label="End for good" />
                </div>
              )}
            </AdminPanel>
            <AdminPanel id="code-uses-heading" title="Uses">
              <p className="mt-2 text-sm text-ink" data-testid="code-uses">
                {code.timesUsed} {code.timesUsed === 1 ? "use" : "uses"}
                {code.usageLimit === null ? "" : ` of ${code.usageLimit}`} · {code.given} given in all
              </p>
              {code.uses.length > 0 ? (
                <ul className="mt-3 divide-y divide-sand-200 text-sm" aria-label="Orders that used it, newest first">
                  {code.uses.map((use) => (
                    <li key={use.orderId} className="flex flex-wrap items-center justify-between gap-2 py-2">
                      <div className="min-w-0">
                        <Link
                          to={`/admin/orders/${use.orderId}`}
                          className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline"
                        >
                          Order #{use.number}
                        </Link>
                        <p className="truncate text-ink-muted">
                          {use.email} · {use.member ? "member" : "guest"} · {use.at}
                        </p>
                      </div>
                      <div className="text-right">
                        <StatusBadge status={use.status} />
                        <p className="mt-1 text-ink">
                          −{use.discount} of {use.total}
                          {use.givenBack ? " (given back)" : ""}
                        </p>
                      </div>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-2 text-sm text-ink-muted">No order has used it yet.</p>
              )}
            </AdminPanel>
          </div>
        ) : null}
      </div>
    </AdminShell>
  );
}

function StatusButton({ version, status, label }: { version: number; status: string; label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={CODE_STATUS_INTENT} />
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="status" value={status} />
      <button type="submit" className={status === "ended" ? "btn-outline text-red-700" : "btn-outline"}>
        {label}
      </button>
    </Form>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, error }) =>
  adminMeta(loaded?.code ? `Code ${loaded.code.code}` : "New discount code", error);

export const headers = adminHeaders;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
