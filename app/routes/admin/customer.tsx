import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v3";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { isBackendError } from "~/backend/errors";
import { orUnavailablePage } from "~/backend/unavailable.server";
import { AdminOrderList } from "~/components/admin-order-list";
import { AdminPanel } from "~/components/admin-panel";
import { adminHeaders, adminMeta, AdminShell } from "~/components/admin-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors, TextAreaField } from "~/components/form-field";
import { useIsPosting, useZodForm } from "~/forms/zod-form";
import { notFoundResponse } from "~/http/not-found.server";
import { CUSTOMER_NOTE_INTENT, CustomerNoteFormSchema, toAdminCustomerRow } from "~/modules/admin/customers";
import { formatShopDateTime, toAdminOrderRow } from "~/modules/admin/order-rows";
import { requireStaff } from "~/modules/admin/staff.server";
import { getEnv } from "~/site/env.server";
import { redirectWithToast } from "~/toast/toast.server";

// One customer (issue 40, decision 0041): who they are, their orders as a member and as a guest under the same
// address, and the staff note, saved from the version the page showed.

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { backend } = await requireStaff(request, context);
  const customer = await orUnavailablePage(backend.staffCustomers.getCustomer({ key: params.key ?? "" }));
  if (!customer) throw notFoundResponse(request);
  const timeZone = getEnv().SHOP_TIME_ZONE;
  return {
    customer: {
      ...toAdminCustomerRow(customer, (iso) => formatShopDateTime(iso, timeZone)),
      signedUpAt: customer.signedUpAt ? formatShopDateTime(customer.signedUpAt, timeZone) : null,
      note: customer.note,
      noteVersion: customer.noteVersion,
    },
    orders: customer.orders.map((order) => toAdminOrderRow(order, timeZone)),
    constraint: getZodConstraint(CustomerNoteFormSchema),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { backend } = await requireStaff(request, context);
  const formData = await request.formData();
  if (formData.get("intent") !== CUSTOMER_NOTE_INTENT) {
    return data({ result: null, error: "This request was not recognised, so nothing was changed." }, { status: 400 });
  }
  const submission = parseWithZod(formData, { schema: CustomerNoteFormSchema });
  const answer = (status: number, result: SubmissionResult<string[]>) => data({ result, error: null }, { status });
  if (submission.status !== "success") return answer(400, submission.reply());
  const { note, version } = submission.value;
  const key = params.key ?? "";
  try {
    await backend.staffCustomers.setCustomerNote({ key, expectedVersion: version, note });
  } catch (error) {
    if (!isBackendError(error) || error.code === "not_authorized") throw error;
    if (error.code === "not_found") throw notFoundResponse(request);
    // What was typed stays in the form; the page around it shows the note as it now is.
    const message =
      error.code === "note_changed"
        ? "Someone saved this note meanwhile, so yours was not saved. Their note is shown above; copy what you need and save again."
        : `The note was not saved: ${error.message}`;
    return answer(
      error.code === "note_changed" ? 409 : error.code === "unavailable" ? 503 : 400,
      submission.reply({ formErrors: [message] }),
    );
  }
  return redirectWithToast(context, new URL(request.url).pathname, {
    title: "Note saved",
    description: note ? "The customer's note was saved." : "The customer's note was removed.",
  });
}

function CustomerNote({
  customerKey,
  note,
  version,
  constraint,
  lastResult,
}: {
  customerKey: string;
  note: string | null;
  version: number;
  constraint: ReturnType<typeof useLoaderData<typeof loader>>["constraint"];
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const busy = useIsPosting(`/admin/customers/${customerKey}`);
  const [form, fields, firstInvalid, formEngine] = useZodForm({
    id: "customer-note",
    loadSchema: import.meta.env.SSR
      ? undefined
      : () => import("~/modules/admin/customers").then((module) => module.CustomerNoteFormSchema),
    constraint,
    lastResult: lastResult ?? undefined,
    defaultValue: { note, version: String(version) },
  });
  return (
    <AdminPanel id="customer-note-heading" title="Staff note">
      {lastResult && note ? <p className="mt-2 whitespace-pre-wrap text-sm text-ink">Saved now: {note}</p> : null}
      <Form method="post" className="mt-3 space-y-3" {...getFormProps(form)}>
        {formEngine}
        <input type="hidden" name="intent" value={CUSTOMER_NOTE_INTENT} />
        {/* The version this page showed: always the database's, not what an earlier post sent. */}
        <input type="hidden" name="version" value={version} />
        <TextAreaField
          label="For staff only; the customer never sees it."
          textareaProps={{ ...getTextareaProps(fields.note), rows: 4, autoFocus: firstInvalid === fields.note.name }}
          errors={fields.note.errors}
          errorId={fields.note.errorId}
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <button type="submit" className="btn-outline" disabled={busy}>
          Save note
        </button>
      </Form>
    </AdminPanel>
  );
}

export default function AdminCustomer() {
  const { customer, orders, constraint } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <AdminShell title={<span dir="auto">{customer.name}</span>}>
      <p className="mt-2 text-sm text-ink-muted">
        {customer.email} · {customer.member ? `member since ${customer.signedUpAt}` : "guest"} ·{" "}
        <Link
          to="/admin/customers"
          className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline"
        >
          All customers
        </Link>
      </p>
      <FormErrors id="customer-page-errors" errors={answer?.error ? [answer.error] : undefined} className="mt-4" />
      <div className="mt-6 grid gap-6 lg:grid-cols-[3fr_2fr]">
        <AdminPanel id="customer-orders-heading" title="Orders">
          <p className="mt-2 text-sm text-ink-muted">
            {customer.orderCount} {customer.orderCount === 1 ? "order" : "orders"}, {customer.totalSpent} paid
            {customer.lastOrder ? `, the last on ${customer.lastOrder}` : ""}. Guest orders under this address count as
            theirs.
          </p>
          {orders.length > 0 ? (
            <div className="mt-3">
              <AdminOrderList orders={orders} label="Their orders, newest first" />
            </div>
          ) : null}
        </AdminPanel>
        <CustomerNote
          customerKey={customer.key}
          note={customer.note}
          version={customer.noteVersion}
          constraint={constraint}
          lastResult={answer?.result}
        />
      </div>
    </AdminShell>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, error }) =>
  adminMeta(loaded ? loaded.customer.name : "Customer", error);

export const headers = adminHeaders;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
