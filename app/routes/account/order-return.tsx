import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v3";
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { isBackendError } from "~/backend/errors";
import { orUnavailablePage } from "~/backend/unavailable.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors, TextAreaField } from "~/components/form-field";
import { ReturnLineFields } from "~/components/return-line-fields";
import { ReturnRequests } from "~/components/return-requests";
import { useIsPosting, useZodForm } from "~/forms/zod-form";
import { PRIVATE_HEADERS } from "~/http/cache-control";
import { getSession } from "~/modules/auth/session.server";
import { ReturnFormSchema, returnRequestOf } from "~/modules/orders/return-form";
import { returnOrderRef, returnPageData } from "~/modules/orders/return-page.server";
import { getEnv } from "~/site/env.server";
import { redirectWithToast } from "~/toast/toast.server";

// Return or exchange items of a delivered order (issue 40, decision 0047): a member's (from /orders) or a guest's
// (from their order page, with its proof). `?order=<id>` or `?token=<the e-mailed token>`; anyone else gets a 404.

async function openOrder(request: Request, context: LoaderFunctionArgs["context"]) {
  const { backend, user } = await getSession(request, context);
  const ref = await orUnavailablePage(returnOrderRef(request, backend, user !== null));
  const returns = ref ? await orUnavailablePage(backend.returns.forOrder(ref)) : null;
  if (!ref || !returns) throw new Response("Not Found", { status: 404 });
  return { backend, ref, returns };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ref, returns } = await openOrder(request, context);
  return { page: returnPageData(returns, ref), constraint: getZodConstraint(ReturnFormSchema) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { backend, ref } = await openOrder(request, context);
  const submission = parseWithZod(await request.formData(), { schema: ReturnFormSchema });
  const refuse = (status: number, result: SubmissionResult<string[]>) => data({ result }, { status });
  if (submission.status !== "success") return refuse(400, submission.reply());
  const asked = returnRequestOf(submission.value);
  try {
    await backend.returns.request({ orderId: ref.orderId, proof: ref.proof, ...asked });
  } catch (error) {
    if (!isBackendError(error)) throw error;
    if (error.code === "not_found") throw new Response("Not Found", { status: 404 });
    const message =
      error.code === "unavailable"
        ? "The shop's database is not reachable right now, so nothing was sent. Please try again."
        : error.message;
    return refuse(error.code === "unavailable" ? 503 : 400, submission.reply({ formErrors: [message] }));
  }
  const what = asked.kind === "exchange" ? "exchange" : "return";
  return redirectWithToast(context, ref.back, {
    title: "Request sent",
    description:
      getEnv().MAIL !== "off"
        ? `We have your ${what} request and will e-mail you the next steps.`
        : `We have your ${what} request and will be in touch.`,
  });
}

export default function OrderReturnPage() {
  const { page, constraint } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useIsPosting("/order-return");
  const [form, fields, firstInvalid, formEngine] = useZodForm({
    id: "return-request",
    loadSchema: import.meta.env.SSR
      ? undefined
      : () => import("~/modules/orders/return-form").then((module) => module.ReturnFormSchema),
    constraint,
    lastResult: answer?.result,
    defaultValue: { kind: "return" },
  });
  // What was typed, after a refused post without JavaScript (the lines are plain inputs).
  const typed = (
    answer?.result.initialValue as { lines?: { quantity?: string; variantId?: string }[] } | null | undefined
  )?.lines;
  const lineErrors = (index: number) => answer?.result.error?.[`lines[${index}].variantId`] ?? undefined;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-16">
      <h1 className="font-serif text-3xl text-ink sm:text-4xl">Return or exchange items</h1>
      <p className="mt-1 text-sm text-ink-muted">
        Order #{page.number}
        {page.windowEnds ? ` · returns accepted until ${page.windowEnds}` : ""} ·{" "}
        <Link to={page.back} className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline">
          Back to the order
        </Link>
      </p>
      <div className="mt-8 space-y-6 rounded-2xl border border-sand-200 bg-white p-6 shadow-sm">
        <FormErrors
          id="return-refusal"
          errors={page.refusal && !answer ? [page.refusal] : undefined}
          className="rounded-lg px-3 py-2"
        />
        <Form method="post" className="space-y-5" aria-label="Return or exchange" {...getFormProps(form)}>
          {formEngine}
          <FormErrors id={form.errorId} errors={form.errors} className="rounded-lg px-3 py-2" />
          <fieldset>
            <legend className="text-sm font-semibold text-ink">What would you like?</legend>
            <div className="mt-2 flex flex-wrap gap-4">
              {(["return", "exchange"] as const).map((kind) => (
                <label key={kind} className="inline-flex min-h-11 items-center gap-2 text-sm text-ink">
                  <input
                    {...getInputProps(fields.kind, { type: "radio", value: kind })}
                    key={kind}
                    className="size-5"
                  />
                  {kind === "return" ? "A refund (return the items)" : "An exchange for another variant"}
                </label>
              ))}
            </div>
          </fieldset>
          <ReturnLineFields lines={page.lines} typed={typed} errors={lineErrors} />
          <TextAreaField
            label="Why? (for example: the shade does not match)"
            textareaProps={{
              ...getTextareaProps(fields.reason),
              rows: 3,
              autoFocus: firstInvalid === fields.reason.name,
            }}
            errors={fields.reason.errors}
            errorId={fields.reason.errorId}
          />
          <button type="submit" className="btn-primary w-full" disabled={busy || page.lines.length === 0}>
            Send request
          </button>
        </Form>
        <ReturnRequests requests={page.requests} headingId="return-requests-heading" />
      </div>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `Return or exchange: order #${loaded.page.number}` : "Order not found" },
  { name: "robots", content: "noindex" },
];

/**
 * Personal, and a guest's address holds a key: never stored, never sent to another site as a Referer. Same-origin,
 * not no-referrer: the form's post must carry its origin (no-referrer makes it "null", which the shop refuses).
 */
export const headers: HeadersFunction = () => ({ ...PRIVATE_HEADERS, "Referrer-Policy": "same-origin" });

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
