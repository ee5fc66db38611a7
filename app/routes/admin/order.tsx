import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { isBackendError } from "~/backend/errors";
import type { StaffOrder, StaffPort } from "~/backend/ports/staff";
import { orUnavailablePage } from "~/backend/unavailable.server";
import { AdminOrderPayment } from "~/components/admin-order-payment";
import { AdminPanel } from "~/components/admin-panel";
import { adminHeaders, adminMeta, AdminShell } from "~/components/admin-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { OrderLine, OrderTotals } from "~/components/order-summary";
import { StatusBadge } from "~/components/status-badge";
import type { ResponseJar } from "~/http/cookies.server";
import { notFoundResponse } from "~/http/not-found.server";
import { orderNumber, shippingAddressLines, statusLabel } from "~/modules/account/orders";
import { KNOWN_CARRIERS, trackingUrl } from "~/modules/account/tracking";
import {
  CARRIER_MAX_LENGTH,
  MOVE_INTENT,
  movedMessage,
  movesFor,
  parseMoveForm,
  REASON_MAX_LENGTH,
  TRACKING_MAX_LENGTH,
  TRACKING_PATTERN,
  type MoveFieldErrors,
  type MoveKind,
} from "~/modules/admin/order-moves";
import { formatShopDateTime } from "~/modules/admin/order-rows";
import { requireStaff } from "~/modules/admin/staff.server";
import { formatCents } from "~/modules/money";
import { cancelEffect, refundRows } from "~/modules/payment/refund-rows";
import { closeCheckoutBeforeCancel, PaymentArrivedError, paymentSummary } from "~/modules/payment/refund.server";
import { PaymentUnavailableError } from "~/modules/payment/stripe.server";
import { getEnv } from "~/site/env.server";
import { redirectWithToast } from "~/toast/toast.server";

const NOTE_INTENT = "note";
const REVOKE_INTENT = "revoke-guest-link";
const NOTE_MAX_LENGTH = 2000;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { staff } = await requireStaff(request, context);
  const order = await orUnavailablePage(staff.getOrder({ orderId: params.id ?? "" }));
  if (!order) throw notFoundResponse(request);
  const paid = await orUnavailablePage(staff.orderPayment({ orderId: order.id }));
  const env = getEnv();
  const page = toOrderPage(order, env.SHOP_TIME_ZONE);
  return {
    order: { ...page, cancelEffect: cancelEffect(order.status, paid?.payment ?? null, page.total) },
    payment: paymentSummary(paid?.payment ?? null),
    refunds: refundRows(paid?.refunds ?? [], env.SHOP_TIME_ZONE),
    sendsMail: env.MAIL !== "off",
  };
}

function toOrderPage(order: StaffOrder, timeZone: string) {
  const money = (cents: number) => formatCents(cents, order.currency);
  const subtotal = order.totalAmount - order.shippingAmount;
  const actor = (label: string, email: string | null) =>
    email ?? (label === "customer" ? "Customer" : label.charAt(0).toUpperCase() + label.slice(1));
  return {
    id: order.id,
    number: orderNumber(order.id),
    status: order.status,
    placedAt: formatShopDateTime(order.createdAt, timeZone),
    email: order.email,
    customer: order.userId ? "Member" : "Guest",
    phone: order.shippingAddress.phone,
    address: shippingAddressLines(order.shippingAddress),
    items: order.items.map((item) => {
      return {
        id: item.id,
        productId: item.productId,
        name: item.productName,
        variant: item.variantLabel,
        sku: item.sku,
        image: item.image,
        quantity: item.quantity,
        unitPrice: money(item.pricePerItem),
        lineTotal: money(item.pricePerItem * item.quantity),
      };
    }),
    subtotal: money(subtotal),
    shipping: `${order.shippingAmount === 0 ? "Free" : money(order.shippingAmount)} (${order.shippingMethod})`,
    total: money(order.totalAmount),
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    trackingUrl: trackingUrl(order.carrier, order.trackingNumber),
    internalNote: order.internalNote ?? "",
    guestLinkActive: order.guestLinkActive,
    timeline: order.timeline.map((entry, index) => ({
      key: `${entry.at}-${index}`,
      at: formatShopDateTime(entry.at, timeZone),
      iso: entry.at,
      who: actor(entry.actorLabel, entry.actorEmail),
      change:
        entry.toStatus === null
          ? null
          : entry.fromStatus === null
            ? `Placed (${statusLabel(entry.toStatus)})`
            : `${statusLabel(entry.fromStatus)} → ${statusLabel(entry.toStatus)}`,
      note: entry.note,
      tracking:
        typeof entry.details.carrier === "string" && typeof entry.details.tracking_number === "string"
          ? `${entry.details.carrier} ${entry.details.tracking_number}`
          : null,
    })),
    moves: movesFor(order.status).map(({ kind, label }) => ({ kind, label })),
  };
}

type ActionAnswer =
  | { intent: typeof MOVE_INTENT; kind: MoveKind | null; errors: MoveFieldErrors; values: Record<string, string> }
  | { intent: typeof NOTE_INTENT; error: string; note: string }
  | { intent: "other"; error: string };

export async function action({ request, context, params }: ActionFunctionArgs) {
  // The guard first, for every post: anyone but staff gets the ordinary 404, whatever they send.
  const { staff } = await requireStaff(request, context);
  const orderId = params.id ?? "";
  const formData = await request.formData();
  const path = new URL(request.url).pathname;
  switch (formData.get("intent")) {
    case MOVE_INTENT:
      return move(request, context, staff, orderId, formData);
    case NOTE_INTENT:
      return saveNote(context, staff, orderId, formData, path);
    case REVOKE_INTENT:
      return revokeGuestLink(context, staff, orderId, path);
    default:
      return data<ActionAnswer>(
        { intent: "other", error: "This request was not recognised, so nothing was changed." },
        { status: 400 },
      );
  }
}

async function move(request: Request, context: ResponseJar, staff: StaffPort, orderId: string, formData: FormData) {
  const values = Object.fromEntries(
    ["carrier", "trackingNumber", "reason"].map((name) => [name, String(formData.get(name) ?? "")]),
  );
  const parsed = parseMoveForm(orderId, formData);
  if (!parsed.ok) {
    return data<ActionAnswer>(
      { intent: MOVE_INTENT, kind: parsed.kind, errors: parsed.errors, values },
      { status: 400 },
    );
  }
  const answer = (status: number, message: string, errors: MoveFieldErrors = { form: message }) =>
    data<ActionAnswer>({ intent: MOVE_INTENT, kind: parsed.kind, errors, values }, { status });
  try {
    // A card order's payment page is closed first; a paid one's refund is queued with the move (decision 0033).
    await closeCheckoutBeforeCancel(staff, parsed.move);
    await staff.moveOrder(parsed.move);
  } catch (error) {
    if (error instanceof PaymentArrivedError) return answer(409, error.message);
    if (error instanceof PaymentUnavailableError) {
      return answer(
        503,
        `Stripe could not be reached to close the order's payment page, so nothing was changed (${error.message.replace(/\.$/, "")}). Please try again.`,
      );
    }
    if (!isBackendError(error)) throw error;
    switch (error.code) {
      case "order_changed":
        // The page is drawn again from the database (the loaders run after the action): as the order now is.
        return answer(409, "The order changed meanwhile, so nothing was done. Here it is as it is now.");
      case "move_not_allowed":
        return answer(409, `${error.message} Nothing was changed.`);
      case "invalid_input":
        return answer(400, error.message);
      case "not_found":
        throw notFoundResponse(request);
      case "unavailable":
        return answer(503, "The shop's database is not reachable right now, so nothing was changed. Please try again.");
      default:
        throw error;
    }
  }
  return redirectWithToast(context, new URL(request.url).pathname, {
    title: "Order updated",
    description: movedMessage(parsed.kind, getEnv().MAIL !== "off"),
  });
}

async function saveNote(context: ResponseJar, staff: StaffPort, orderId: string, formData: FormData, path: string) {
  const note = String(formData.get("note") ?? "");
  if (note.trim().length > NOTE_MAX_LENGTH) {
    return data<ActionAnswer>(
      { intent: NOTE_INTENT, error: `The note can have at most ${NOTE_MAX_LENGTH} characters.`, note },
      { status: 400 },
    );
  }
  try {
    await staff.setNote({ orderId, note });
  } catch (error) {
    if (!isBackendError(error) || error.code === "not_authorized") throw error;
    return data<ActionAnswer>(
      { intent: NOTE_INTENT, error: `The note was not saved: ${error.message}`, note },
      { status: error.code === "unavailable" ? 503 : 400 },
    );
  }
  return redirectWithToast(context, path, {
    title: "Note saved",
    description: note.trim() ? "The internal note was saved." : "The internal note was removed.",
  });
}

async function revokeGuestLink(context: ResponseJar, staff: StaffPort, orderId: string, path: string) {
  const revoked = await orUnavailablePage(staff.revokeGuestLink({ orderId }));
  return redirectWithToast(context, path, {
    title: "Guest link",
    description: revoked ? "The guest's order-page link no longer works." : "There was no guest link to revoke.",
  });
}

type OrderPage = ReturnType<typeof toOrderPage> & { cancelEffect: string | null };

export default function AdminOrder() {
  const { order, payment, refunds } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const moveAnswer = answer?.intent === MOVE_INTENT ? answer : undefined;

  return (
    <AdminShell title={<>Order #{order.number}</>} actions={<StatusBadge status={order.status} className="text-sm" />}>
      <p className="mt-2 text-sm text-ink-muted">
        Placed {order.placedAt} ·{" "}
        <Link
          to="/admin/orders"
          className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline"
        >
          All orders
        </Link>
      </p>
      {answer?.intent === "other" ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
          {answer.error}
        </p>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="space-y-6">
          <Items order={order} />
          <Timeline order={order} />
        </div>
        <div className="space-y-6">
          <Actions order={order} answer={moveAnswer} busy={busy} />
          <Customer order={order} />
          <AdminOrderPayment payment={payment} refunds={refunds} />
          <InternalNote order={order} answer={answer?.intent === NOTE_INTENT ? answer : undefined} busy={busy} />
        </div>
      </div>
    </AdminShell>
  );
}

function Items({ order }: { order: OrderPage }) {
  return (
    <AdminPanel id="items-heading" title="Items">
      <ul className="mt-3 divide-y divide-sand-200">
        {order.items.map((item) => (
          <OrderLine
            key={item.id}
            image={item.image}
            name={item.name}
            variant={item.variant}
            details={
              <>
                <p className="text-ink-muted">Product ID: {item.productId}</p>
                <p className="mt-1 text-ink-muted">
                  {item.quantity} × {item.unitPrice}
                </p>
              </>
            }
            end={item.lineTotal}
          />
        ))}
      </ul>
      <OrderTotals compact subtotal={order.subtotal} shipping={order.shipping} total={order.total} />
    </AdminPanel>
  );
}

function Customer({ order }: { order: OrderPage }) {
  const { sendsMail } = useLoaderData<typeof loader>();
  return (
    <AdminPanel id="customer-heading" title="Customer">
      <dl className="mt-3 space-y-3 text-sm">
        <div>
          <dt className="font-medium text-ink">E-mail</dt>
          <dd className="text-ink-muted">
            <a
              href={`mailto:${order.email}`}
              className="inline-flex min-h-11 items-center text-brand-700 hover:underline"
            >
              {order.email}
            </a>
          </dd>
        </div>
        <div>
          <dt className="font-medium text-ink">Account</dt>
          <dd className="text-ink-muted">{order.customer}</dd>
        </div>
        <div>
          <dt className="font-medium text-ink">Shipping address</dt>
          <dd>
            <address className="not-italic text-ink-muted">
              {order.address.map((line, index) => (
                <span key={index} className="block" dir="auto">
                  {line}
                </span>
              ))}
              <span className="block">Phone: {order.phone}</span>
            </address>
          </dd>
        </div>
        {order.carrier ? (
          <div>
            <dt className="font-medium text-ink">Tracking</dt>
            <dd className="text-ink-muted">
              {order.carrier} {order.trackingNumber}
              {order.trackingUrl ? (
                <>
                  {" "}
                  <a
                    href={order.trackingUrl}
                    rel="noreferrer"
                    className="inline-flex min-h-11 items-center text-brand-700 hover:underline"
                  >
                    Track the parcel
                  </a>
                </>
              ) : null}
            </dd>
          </div>
        ) : null}
      </dl>
      {order.customer === "Guest" ? (
        <div className="mt-4 border-t border-sand-200 pt-4 text-sm">
          <p className="text-ink-muted">
            {order.guestLinkActive
              ? sendsMail
                ? "The guest can open this order's page from the link in their confirmation e-mail, and in the browser that placed it."
                : "The guest can open this order's page in the browser that placed it."
              : "The guest's order-page link no longer works."}
          </p>
          {order.guestLinkActive ? (
            <Form method="post" className="mt-2">
              <input type="hidden" name="intent" value={REVOKE_INTENT} />
              <button type="submit" className="btn-outline">
                Revoke guest link
              </button>
            </Form>
          ) : null}
        </div>
      ) : null}
    </AdminPanel>
  );
}

function Timeline({ order }: { order: OrderPage }) {
  return (
    <AdminPanel id="timeline-heading" title="Timeline">
      <ol className="mt-3 space-y-3 border-l-2 border-sand-200 pl-4 text-sm">
        {order.timeline.map((entry) => (
          <li key={entry.key}>
            <p className="font-medium text-ink">{entry.change ?? entry.note}</p>
            <p className="text-ink-muted">
              <time dateTime={entry.iso}>{entry.at}</time> · {entry.who}
            </p>
            {entry.change && entry.note ? <p className="mt-1 text-ink">Note: {entry.note}</p> : null}
            {entry.tracking ? <p className="mt-1 text-ink">Tracking: {entry.tracking}</p> : null}
          </li>
        ))}
      </ol>
    </AdminPanel>
  );
}

type MoveAnswer = Extract<ActionAnswer, { intent: typeof MOVE_INTENT }>;

function Actions({ order, answer, busy }: { order: OrderPage; answer: MoveAnswer | undefined; busy: boolean }) {
  const { sendsMail } = useLoaderData<typeof loader>();
  const errors = answer?.errors ?? {};
  const values = answer?.values ?? {};
  const fieldError = (name: keyof MoveFieldErrors, id: string) =>
    errors[name] ? (
      <p id={id} className="mt-1 text-sm font-medium text-red-700">
        {errors[name]}
      </p>
    ) : null;
  const hidden = (kind: MoveKind) => (
    <>
      <input type="hidden" name="intent" value={MOVE_INTENT} />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="expectedStatus" value={order.status} />
    </>
  );
  return (
    <AdminPanel id="actions-heading" title="Status">
      <p className="mt-1 text-sm text-ink-muted">
        Now: <strong className="text-ink">{statusLabel(order.status)}</strong>.{" "}
        {sendsMail ? "Each change e-mails the customer." : "The shop sends no e-mail: the customer is not told."}
      </p>
      {errors.form ? (
        <p role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {errors.form}
        </p>
      ) : null}
      {order.moves.length === 0 ? (
        <p className="mt-3 text-sm text-ink-muted">
          This order is {order.status}: its status does not change any more.
        </p>
      ) : null}
      <div className="mt-3 space-y-4">
        {order.moves.map(({ kind, label }) => {
          switch (kind) {
            case "mark-shipped":
              return (
                <Form key={kind} method="post" className="space-y-3 rounded-xl bg-sand-50 p-3" aria-label={label}>
                  {hidden(kind)}
                  <div>
                    <label htmlFor="carrier" className="mb-1 block text-sm font-medium text-ink">
                      Carrier
                    </label>
                    <input
                      id="carrier"
                      name="carrier"
                      list="carriers"
                      required
                      maxLength={CARRIER_MAX_LENGTH}
                      defaultValue={values.carrier}
                      aria-invalid={errors.carrier ? true : undefined}
                      aria-describedby={errors.carrier ? "carrier-error" : undefined}
                      className="input"
                    />
                    <datalist id="carriers">
                      {KNOWN_CARRIERS.map((carrier) => (
                        <option key={carrier} value={carrier} />
                      ))}
                    </datalist>
                    {fieldError("carrier", "carrier-error")}
                  </div>
                  <div>
                    <label htmlFor="trackingNumber" className="mb-1 block text-sm font-medium text-ink">
                      Tracking number
                    </label>
                    <input
                      id="trackingNumber"
                      name="trackingNumber"
                      required
                      maxLength={TRACKING_MAX_LENGTH}
                      pattern={TRACKING_PATTERN}
                      title="Letters and digits, with spaces or dashes between them"
                      defaultValue={values.trackingNumber}
                      aria-invalid={errors.trackingNumber ? true : undefined}
                      aria-describedby={errors.trackingNumber ? "trackingNumber-error" : undefined}
                      className="input"
                    />
                    {fieldError("trackingNumber", "trackingNumber-error")}
                  </div>
                  <button type="submit" className="btn-primary w-full" disabled={busy}>
                    {label}
                  </button>
                </Form>
              );
            case "cancel":
              return (
                <Form key={kind} method="post" className="space-y-3 rounded-xl bg-red-50 p-3" aria-label={label}>
                  {hidden(kind)}
                  <div>
                    <label htmlFor="reason" className="mb-1 block text-sm font-medium text-ink">
                      Reason for cancelling (the customer is told)
                    </label>
                    <textarea
                      id="reason"
                      name="reason"
                      required
                      rows={2}
                      maxLength={REASON_MAX_LENGTH}
                      defaultValue={values.reason}
                      aria-invalid={errors.reason ? true : undefined}
                      aria-describedby={errors.reason ? "reason-error" : undefined}
                      className="input"
                    />
                    {fieldError("reason", "reason-error")}
                  </div>
                  {order.cancelEffect ? <p className="text-sm text-ink">{order.cancelEffect}</p> : null}
                  <button type="submit" className="btn w-full bg-red-700 text-white hover:bg-red-800" disabled={busy}>
                    {label}
                  </button>
                </Form>
              );
            default:
              return (
                <Form key={kind} method="post">
                  {hidden(kind)}
                  <button type="submit" className="btn-primary w-full" disabled={busy}>
                    {label}
                  </button>
                </Form>
              );
          }
        })}
      </div>
    </AdminPanel>
  );
}

function InternalNote({
  order,
  answer,
  busy,
}: {
  order: OrderPage;
  answer: Extract<ActionAnswer, { intent: typeof NOTE_INTENT }> | undefined;
  busy: boolean;
}) {
  return (
    <AdminPanel id="note-heading" title="Internal note">
      <Form method="post" className="mt-3 space-y-3">
        <input type="hidden" name="intent" value={NOTE_INTENT} />
        <label htmlFor="note" className="block text-sm text-ink-muted">
          For staff only; the customer never sees it.
        </label>
        <textarea
          id="note"
          name="note"
          rows={3}
          maxLength={NOTE_MAX_LENGTH}
          defaultValue={answer?.note ?? order.internalNote}
          aria-invalid={answer ? true : undefined}
          aria-describedby={answer ? "note-error" : undefined}
          className="input"
        />
        {answer ? (
          <p id="note-error" role="alert" className="text-sm font-medium text-red-700">
            {answer.error}
          </p>
        ) : null}
        <button type="submit" className="btn-outline" disabled={busy}>
          Save note
        </button>
      </Form>
    </AdminPanel>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, error }) =>
  adminMeta(loaded ? `Order #${loaded.order.number}` : "Order", error);

export const headers = adminHeaders;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
