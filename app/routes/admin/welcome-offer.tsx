import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v3";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { isBackendError } from "~/backend/errors";
import { orUnavailablePage } from "~/backend/unavailable.server";
import { RadioGroupField } from "~/components/admin-discount-form";
import { AdminPanel } from "~/components/admin-panel";
import { adminHeaders, adminMeta, AdminShell } from "~/components/admin-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CheckboxField, FormErrors, TextField } from "~/components/form-field";
import { useIsPosting, useZodForm } from "~/forms/zod-form";
import { formatShopDateTime } from "~/modules/admin/order-rows";
import { requireStaff } from "~/modules/admin/staff.server";
import { welcomeOfferFormDefaults, WelcomeOfferFormSchema, welcomeOfferInput } from "~/modules/discounts/admin-form";
import { saveRefusal } from "~/modules/discounts/admin-refusals";
import { discountDescription } from "~/modules/discounts/rules";
import { getEnv } from "~/site/env.server";
import { redirectWithToast } from "~/toast/toast.server";

// The welcome offer (issue 41, decision 0042): while it is on, each newly confirmed newsletter subscriber gets a
// personal one-use code in the welcome e-mail. Off by default.

const PATH = "/admin/discounts/welcome-offer";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { backend } = await requireStaff(request, context);
  const offer = await orUnavailablePage(backend.staffDiscounts.welcomeOffer());
  return {
    defaults: welcomeOfferFormDefaults(offer),
    lastSaved:
      offer.version > 1
        ? `${formatShopDateTime(offer.updatedAt, getEnv().SHOP_TIME_ZONE)}${offer.updatedBy ? ` by ${offer.updatedBy}` : ""}`
        : null,
    issued: offer.issued,
    used: offer.used,
    constraint: getZodConstraint(WelcomeOfferFormSchema),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { backend } = await requireStaff(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: WelcomeOfferFormSchema });
  const refuse = (status: number, result: SubmissionResult<string[]>) => data({ result }, { status });
  if (submission.status !== "success") return refuse(400, submission.reply());
  let saved;
  try {
    saved = await backend.staffDiscounts.saveWelcomeOffer({
      offer: welcomeOfferInput(submission.value, getEnv().SHOP_TIME_ZONE),
      expectedVersion: submission.value.version,
    });
  } catch (error) {
    if (!isBackendError(error) || error.code === "not_authorized") throw error;
    const { status, message } = saveRefusal(error, "the welcome offer");
    return refuse(status, submission.reply({ formErrors: [message] }));
  }
  return redirectWithToast(context, "/admin/discounts", {
    title: "Welcome offer saved",
    description: saved.enabled
      ? `On: new subscribers get ${discountDescription(saved).toLowerCase()}, for ${saved.validDays} days.`
      : "Off: new subscribers get no code.",
  });
}

export default function AdminWelcomeOffer() {
  const { defaults, lastSaved, issued, used, constraint } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useIsPosting(PATH);
  const [form, fields, firstInvalid, formEngine] = useZodForm<typeof WelcomeOfferFormSchema>({
    id: "welcome-offer",
    loadSchema: import.meta.env.SSR
      ? undefined
      : () => import("~/modules/discounts/admin-form").then((module) => module.WelcomeOfferFormSchema),
    constraint,
    lastResult: answer?.result,
    defaultValue: defaults,
  });
  return (
    <AdminShell title="Welcome offer">
      <p className="mt-2 text-sm text-ink-muted">
        A personal code for each newly confirmed newsletter subscriber, in the e-mail that welcomes them: it works once,
        for the days below. An address gets one code ever. {issued > 0 ? `${issued} made so far, ${used} used. ` : ""}
        {lastSaved ? `Last saved ${lastSaved}. ` : ""}
        <Link
          to="/admin/discounts"
          className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline"
        >
          All codes
        </Link>
      </p>
      <div className="mt-6 max-w-xl">
        <AdminPanel id="welcome-heading" title="The offer">
          <Form method="post" className="mt-4 space-y-4" {...getFormProps(form)}>
            {formEngine}
            <input type="hidden" name={fields.version.name} value={defaults.version} />
            <CheckboxField label="Send new subscribers a welcome code" field={fields.enabled} />
            <RadioGroupField
              legend="The discount"
              field={fields.kind}
              firstInvalid={firstInvalid}
              options={[
                { value: "percent", label: "A percentage off" },
                { value: "amount", label: "An amount off" },
              ]}
            />
            <TextField
              label="Percentage off (for a percentage)"
              field={fields.percentOff}
              firstInvalid={firstInvalid}
            />
            <TextField label="Amount off ($, for an amount)" field={fields.amountOff} firstInvalid={firstInvalid} />
            <TextField
              label="Days a code lasts"
              field={fields.validDays}
              firstInvalid={firstInvalid}
              hint="From the day the subscriber confirms, that day included, in the shop's time zone."
            />
            <FormErrors id={form.errorId} errors={form.errors} />
            <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
              {busy ? "Saving…" : "Save the welcome offer"}
            </button>
          </Form>
        </AdminPanel>
      </div>
    </AdminShell>
  );
}

export const meta: MetaFunction<typeof loader> = ({ error }) => adminMeta("Welcome offer", error);

export const headers = adminHeaders;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
