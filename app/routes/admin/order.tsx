import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v3";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import { isBackendError } from "~/backend/errors";
import type { StaffPort } from "~/backend/ports/staff";
import { orUnavailablePage } from "~/backend/unavailable.server";
import { AdminOrderCustomer, AdminOrderItems, AdminOrderTimeline } from "~/components/admin-order-details";
import { AdminOrderNote } from "~/components/admin-order-note";
import { AdminOrderPayment } from "~/components/admin-order-payment";
import { AdminOrderRefund } from "~/components/admin-order-refund";
import { AdminOrderReturns } from "~/components/admin-order-returns";
import { AdminOrderStatus } from "~/components/admin-order-status";
import { adminHeaders, adminMeta, AdminShell } from "~/components/admin-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors } from "~/components/form-field";
import { StatusBadge } from "~/components/status-badge";
import type { ResponseJar } from "~/http/cookies.server";
import { notFoundResponse } from "~/http/not-found.server";
import {
  MOVE_HIDDEN_FIELDS,
  moveFormSchema,
  MoveFormSchemas,
  NoteFormSchema,
  orderMoveOf,
  orderRefundOf,
  RefundFormSchema,
  type MoveFormValue,
} from "~/modules/admin/order-forms";
import { formatShopDateTime } from "~/modules/admin/order-rows";
import { MOVE_INTENT, NOTE_INTENT, REFUND_INTENT, REVOKE_GUEST_LINK_INTENT } from "~/modules/admin/order-view";
import { toAdminOrderView } from "~/modules/admin/order-view.server";
import { moveReturnRequest, type ReturnMoveAnswer } from "~/modules/admin/return-actions.server";
import { RETURN_MOVE_INTENT, ReturnMoveFormSchema } from "~/modules/admin/return-forms";
import { toAdminReturnView } from "~/modules/admin/return-view";
import { requireStaff } from "~/modules/admin/staff.server";
import { formatCents } from "~/modules/money";
import { movedMessage } from "~/modules/orders/lifecycle";
import { refundRows } from "~/modules/payment/refund-rows";
import { closeCheckoutBeforeCancel, PaymentArrivedError, paymentSummary } from "~/modules/payment/refund.server";
import { PaymentUnavailableError } from "~/modules/payment/stripe.server";
import { getEnv } from "~/site/env.server";
import { redirectWithToast } from "~/toast/toast.server";

// The back office's order page (decision 0029): the order, and its three forms (a status move, the internal note,
// revoking a guest's link), each naming its intent and checked by its schema in app/modules/admin/order-forms.ts.

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { staff, backend } = await requireStaff(request, context);
  const order = await orUnavailablePage(staff.getOrder({ orderId: params.id ?? "" }));
  if (!order) throw notFoundResponse(request);
  const paid = await orUnavailablePage(staff.orderPayment({ orderId: order.id }));
  const returns = await orUnavailablePage(backend.staffReturns.forOrder({ orderId: order.id }));
  const env = getEnv();
  return {
    returns: (returns?.requests ?? [])
      .map((asked) => toAdminReturnView(asked, order.currency, (iso) => formatShopDateTime(iso, env.SHOP_TIME_ZONE)))
      .reverse(),
    order: toAdminOrderView(order, paid?.payment ?? null, env.SHOP_TIME_ZONE, paid?.refunds ?? []),
    payment: paymentSummary(paid?.payment ?? null),
    refunds: refundRows(paid?.refunds ?? [], env.SHOP_TIME_ZONE),
    sendsMail: env.MAIL !== "off",
    constraints: {
      move: {
        "mark-shipped": getZodConstraint(MoveFormSchemas["mark-shipped"]),
        cancel: getZodConstraint(MoveFormSchemas.cancel),
      },
      note: getZodConstraint(NoteFormSchema),
      refund: getZodConstraint(RefundFormSchema),
      returns: getZodConstraint(ReturnMoveFormSchema),
    },
  };
}

/** What a refused post gets back: its form's answer (conform's), or a word for a post naming no form of the page. */
type OrderPageAnswer =
  | { form: typeof MOVE_INTENT; kind: string | null; result: SubmissionResult<string[]> }
  | { form: typeof NOTE_INTENT; result: SubmissionResult<string[]> }
  | { form: typeof REFUND_INTENT; result: SubmissionResult<string[]> }
  | ReturnMoveAnswer
  | { form: "other"; error: string };

export async function action({ request, context, params }: ActionFunctionArgs) {
  // The guard first, for every post: anyone but staff gets the ordinary 404, whatever they send.
  const { staff, backend } = await requireStaff(request, context);
  const orderId = params.id ?? "";
  const formData = await request.formData();
  const path = new URL(request.url).pathname;
  switch (formData.get("intent")) {
    case MOVE_INTENT:
      return move(request, context, staff, orderId, formData);
    case NOTE_INTENT:
      return saveNote(context, staff, orderId, formData, path);
    case REFUND_INTENT:
      return refund(request, context, staff, orderId, formData, path);
    case REVOKE_GUEST_LINK_INTENT:
      return revokeGuestLink(context, staff, orderId, path);
    case RETURN_MOVE_INTENT:
      return moveReturnRequest(request, context, backend.staffReturns, orderId, formData);
    default:
      return data<OrderPageAnswer>(
        { form: "other", error: "This request was not recognised, so nothing was changed." },
        { status: 400 },
      );
  }
}

async function move(request: Request, context: ResponseJar, staff: StaffPort, orderId: string, formData: FormData) {
  const kind = formData.get("kind");
  const submission = parseWithZod(formData, { schema: moveFormSchema(kind) });
  const answer = (status: number, result: SubmissionResult<string[]>) =>
    data<OrderPageAnswer>({ form: MOVE_INTENT, kind: typeof kind === "string" ? kind : null, result }, { status });
  if (submission.status !== "success") {
    // A hidden field's message (a button the status does not offer) is said for the form, where staff see it.
    const formErrors = MOVE_HIDDEN_FIELDS.flatMap((name) => submission.error?.[name] ?? []);
    return answer(400, submission.reply({ formErrors }));
  }
  const refuse = (status: number, message: string) => answer(status, submission.reply({ formErrors: [message] }));
  const value = submission.value as MoveFormValue;
  const orderMove = orderMoveOf(orderId, value);
  try {
    // A card order's payment page is closed first; a paid one's refund is queued with the move (decision 0033).
    await closeCheckoutBeforeCancel(staff, orderMove);
    await staff.moveOrder(orderMove);
  } catch (error) {
    if (error instanceof PaymentArrivedError) return refuse(409, error.message);
    if (error instanceof PaymentUnavailableError) {
      return refuse(
        503,
        `Stripe could not be reached to close the order's payment page, so nothing was changed (${error.message.replace(/\.$/, "")}). Please try again.`,
      );
    }
    if (!isBackendError(error)) throw error;
    switch (error.code) {
      case "order_changed":
        // The page is drawn again from the database (the loaders run after the action): as the order now is.
        return refuse(409, "The order changed meanwhile, so nothing was done. Here it is as it is now.");
      case "move_not_allowed":
        return refuse(409, `${error.message} Nothing was changed.`);
      case "invalid_input":
        return refuse(400, error.message);
      case "not_found":
        throw notFoundResponse(request);
      case "unavailable":
        return refuse(503, "The shop's database is not reachable right now, so nothing was changed. Please try again.");
      default:
        throw error;
    }
  }
  return redirectWithToast(context, new URL(request.url).pathname, {
    title: "Order updated",
    description: movedMessage(value.kind, getEnv().MAIL !== "off"),
  });
}

async function saveNote(context: ResponseJar, staff: StaffPort, orderId: string, formData: FormData, path: string) {
  const submission = parseWithZod(formData, { schema: NoteFormSchema });
  const answer = (status: number, result: SubmissionResult<string[]>) =>
    data<OrderPageAnswer>({ form: NOTE_INTENT, result }, { status });
  if (submission.status !== "success") return answer(400, submission.reply());
  const { note } = submission.value;
  try {
    await staff.setNote({ orderId, note });
  } catch (error) {
    if (!isBackendError(error) || error.code === "not_authorized") throw error;
    return answer(
      error.code === "unavailable" ? 503 : 400,
      submission.reply({ formErrors: [`The note was not saved: ${error.message}`] }),
    );
  }
  return redirectWithToast(context, path, {
    title: "Note saved",
    description: note ? "The internal note was saved." : "The internal note was removed.",
  });
}

async function refund(
  request: Request,
  context: ResponseJar,
  staff: StaffPort,
  orderId: string,
  formData: FormData,
  path: string,
) {
  const submission = parseWithZod(formData, { schema: RefundFormSchema });
  const answer = (status: number, result: SubmissionResult<string[]>) =>
    data<OrderPageAnswer>({ form: REFUND_INTENT, result }, { status });
  if (submission.status !== "success") return answer(400, submission.reply());
  let made;
  try {
    made = await staff.refundOrder(orderRefundOf(orderId, submission.value));
  } catch (error) {
    if (!isBackendError(error) || error.code === "not_authorized") throw error;
    if (error.code === "not_found") throw notFoundResponse(request);
    const message =
      error.code === "unavailable"
        ? "The shop's database is not reachable right now, so nothing was refunded. Please try again."
        : `${error.message} Nothing was refunded.`;
    return answer(error.code === "unavailable" ? 503 : 400, submission.reply({ formErrors: [message] }));
  }
  const amount = formatCents(made.amount);
  const told =
    getEnv().MAIL !== "off"
      ? " The customer was e-mailed."
      : " The shop sends no e-mail, so the customer was not told.";
  return redirectWithToast(context, path, {
    title: "Refund",
    description:
      (made.provider === "manual"
        ? `Recorded ${amount} as paid back by hand.`
        : `Refund of ${amount} to the card is on its way through Stripe.`) + told,
  });
}

async function revokeGuestLink(context: ResponseJar, staff: StaffPort, orderId: string, path: string) {
  const revoked = await orUnavailablePage(staff.revokeGuestLink({ orderId }));
  return redirectWithToast(context, path, {
    title: "Guest link",
    description: revoked ? "The guest's order-page link no longer works." : "There was no guest link to revoke.",
  });
}

export default function AdminOrder() {
  const { order, payment, refunds, returns, sendsMail, constraints } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <AdminShell
      title={<>Order #{order.number}</>}
      actions={<StatusBadge status={order.status} refunded={order.refunded} className="text-sm" />}
    >
      <p className="mt-2 text-sm text-ink-muted">
        Placed {order.placedAt} ·{" "}
        <Link
          to="/admin/orders"
          className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline"
        >
          All orders
        </Link>{" "}
        · {/* A document of its own, without the app's scripts: a plain link, no client-side routing. */}
        <a
          href={`/admin/orders/${order.id}/packing-slip`}
          className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline"
        >
          Packing slip
        </a>
      </p>
      <FormErrors
        id="order-page-errors"
        errors={answer?.form === "other" ? [answer.error] : undefined}
        className="mt-4 rounded-lg px-4 py-3"
      />
      <div className="mt-6 grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="space-y-6">
          <AdminOrderItems order={order} />
          <AdminOrderTimeline order={order} />
        </div>
        <div className="space-y-6">
          <AdminOrderStatus
            order={order}
            constraints={constraints.move}
            answer={answer?.form === MOVE_INTENT ? answer : undefined}
            sendsMail={sendsMail}
          />
          <AdminOrderReturns
            orderId={order.id}
            requests={returns}
            constraint={constraints.returns}
            answer={answer?.form === RETURN_MOVE_INTENT ? answer : undefined}
            sendsMail={sendsMail}
          />
          <AdminOrderRefund
            order={order}
            constraint={constraints.refund}
            lastResult={answer?.form === REFUND_INTENT ? answer.result : undefined}
            sendsMail={sendsMail}
          />
          <AdminOrderCustomer order={order} sendsMail={sendsMail} />
          <AdminOrderPayment payment={payment} refunds={refunds} />
          <AdminOrderNote
            order={order}
            constraint={constraints.note}
            lastResult={answer?.form === NOTE_INTENT ? answer.result : undefined}
          />
        </div>
      </div>
    </AdminShell>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, error }) =>
  adminMeta(loaded ? `Order #${loaded.order.number}` : "Order", error);

export const headers = adminHeaders;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
