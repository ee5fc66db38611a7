import type { StripeEvent } from "./stripe.server";

/** What the shop reads of Stripe's charge events (decision 0033): the payment they are about, and the dispute. */
export type ChargeEventRead =
  | { kind: "refunded"; paymentReference: string | null }
  | {
      kind: "dispute";
      eventType: "charge.dispute.created" | "charge.dispute.closed";
      paymentReference: string | null;
      dispute: { id: string; amount: number; currency: string; reason: string | null; status: string };
    };

const idOf = (value: unknown): string | null =>
  typeof value === "string" ? value : value && typeof value === "object" && "id" in value ? String(value.id) : null;

/** The charge event `event` is, or null for any other event (or one whose object is not a charge or dispute). */
export function chargeEventOf(event: StripeEvent): ChargeEventRead | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (event.type === "charge.refunded" && object.object === "charge")
    return { kind: "refunded", paymentReference: idOf(object.payment_intent) };
  if (
    (event.type === "charge.dispute.created" || event.type === "charge.dispute.closed") &&
    object.object === "dispute"
  ) {
    return {
      kind: "dispute",
      eventType: event.type,
      paymentReference: idOf(object.payment_intent),
      dispute: {
        id: String(object.id),
        amount: Number(object.amount ?? 0),
        currency: String(object.currency ?? "usd"),
        reason: typeof object.reason === "string" ? object.reason : null,
        status: String(object.status ?? ""),
      },
    };
  }
  return null;
}
