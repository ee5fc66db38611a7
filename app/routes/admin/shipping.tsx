import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v3";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { isBackendError } from "~/backend/errors";
import { orUnavailablePage } from "~/backend/unavailable.server";
import { AdminPanel } from "~/components/admin-panel";
import { adminHeaders, adminMeta, AdminShell } from "~/components/admin-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors, FormField } from "~/components/form-field";
import { useIsPosting, useZodForm } from "~/forms/zod-form";
import { formatShopDateTime } from "~/modules/admin/order-rows";
import {
  RATE_FIELDS,
  savedRatesMessage,
  shippingRatesFormDefaults,
  ShippingRatesFormSchema,
  shippingRatesInput,
} from "~/modules/admin/shipping-rates";
import { requireStaff } from "~/modules/admin/staff.server";
import { refreshCatalogue } from "~/modules/catalog/catalog.server";
import { getEnv } from "~/site/env.server";
import { redirectWithToast } from "~/toast/toast.server";

// The back office's shipping rates (issue 38, decision 0039): each method's price and Standard's free-shipping
// threshold, saved by staff_save_shipping_rates. The methods themselves stay the spec's four.

const PATH = "/admin/shipping";
const FORM_ID = "shipping-rates";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { backend } = await requireStaff(request, context);
  const rates = await orUnavailablePage(backend.staffShipping.rates());
  return {
    defaults: shippingRatesFormDefaults(rates),
    lastSaved: rates.updatedAt
      ? `${formatShopDateTime(rates.updatedAt, getEnv().SHOP_TIME_ZONE)}${rates.updatedBy ? ` by ${rates.updatedBy}` : ""}`
      : null,
    constraint: getZodConstraint(ShippingRatesFormSchema),
  };
}

/**
 * A refused post's answer: conform's (what was typed, and why not), the version the next save starts from, and on a
 * conflict the rates someone else saved meanwhile, shown beside each field.
 */
interface ShippingRatesAnswer {
  result: SubmissionResult<string[]>;
  version: string | null;
  theirs: Record<string, string> | null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  // The guard first, for every post: anyone but staff gets the ordinary 404, whatever they send.
  const { backend } = await requireStaff(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ShippingRatesFormSchema });
  const posted = formData.get("version");
  const refuse = (status: number, answer: Partial<ShippingRatesAnswer> & Pick<ShippingRatesAnswer, "result">) =>
    data<ShippingRatesAnswer>(
      { version: typeof posted === "string" ? posted : null, theirs: null, ...answer },
      { status },
    );
  if (submission.status !== "success") return refuse(400, { result: submission.reply() });
  const value = submission.value;
  let saved;
  try {
    saved = await backend.staffShipping.saveRates(shippingRatesInput(value), value.version);
  } catch (error) {
    if (!isBackendError(error) || error.code === "not_authorized") throw error;
    const result = submission.reply({ formErrors: [error.message] });
    if (error.code === "product_changed") {
      // Nothing typed is lost: the fields keep it, theirs are shown beside, and saving again replaces theirs.
      const theirs = shippingRatesFormDefaults(await orUnavailablePage(backend.staffShipping.rates()));
      return refuse(409, { result, theirs, version: theirs.version ?? null });
    }
    if (error.code === "unavailable") {
      return refuse(503, {
        result: submission.reply({
          formErrors: ["The shop's database is not reachable right now, so nothing was changed. Please try again."],
        }),
      });
    }
    return refuse(400, { result });
  }
  // This instance shows the new rates on its next page; the others within a few seconds (decision 0036).
  await refreshCatalogue();
  return redirectWithToast(context, PATH, { title: "Shipping rates saved", description: savedRatesMessage(saved) });
}

export default function AdminShipping() {
  const { defaults, lastSaved, constraint } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useIsPosting(PATH);
  const [form, fields, firstInvalid, formEngine] = useZodForm({
    id: FORM_ID,
    loadSchema: import.meta.env.SSR
      ? undefined
      : () => import("~/modules/admin/shipping-rates").then((module) => module.ShippingRatesFormSchema),
    constraint,
    lastResult: answer?.result,
    defaultValue: defaults,
  });
  const theirs = answer?.theirs;
  const priceField = (name: (typeof RATE_FIELDS)[number]["name"] | "freeFrom", label: string, hint: string) => {
    const field = fields[name];
    return (
      <FormField
        key={name}
        label={label}
        inputProps={{
          ...getInputProps(field, { type: "text" }),
          inputMode: "decimal",
          autoComplete: "off",
          autoFocus: firstInvalid === name,
        }}
        errors={field.errors}
        errorId={field.errorId}
        hint={theirs?.[name] ? `Saved meanwhile by someone else: $${theirs[name]}.` : hint}
      />
    );
  };
  return (
    <AdminShell title="Shipping rates">
      <p className="mt-2 text-sm text-ink-muted">
        What checkout charges and the shipping page, FAQ and product pages show.{" "}
        {lastSaved ? `Last saved ${lastSaved}.` : ""}
      </p>
      <div className="mt-6 max-w-xl">
        <AdminPanel id="rates-heading" title="Prices, in US dollars">
          <Form method="post" className="mt-4 space-y-4" {...getFormProps(form)}>
            {formEngine}
            <input type="hidden" name="version" value={answer?.version ?? defaults.version} />
            {RATE_FIELDS.map((rate) =>
              priceField(
                rate.name,
                `${rate.label} ($)`,
                rate.method === "international" ? "One flat rate for every country outside the US." : "US addresses.",
              ),
            )}
            {priceField(
              "freeFrom",
              "Free Standard shipping from ($ of items)",
              "US orders whose items come to this or more ship Standard for free.",
            )}
            <FormErrors id={form.errorId} errors={form.errors} />
            <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
              {busy ? "Saving…" : "Save rates"}
            </button>
          </Form>
        </AdminPanel>
      </div>
    </AdminShell>
  );
}

export const meta: MetaFunction<typeof loader> = ({ error }) => adminMeta("Shipping rates", error);

export const headers = adminHeaders;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
