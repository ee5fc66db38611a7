import { formatLongDate } from "~/modules/dates";
import { discountDescription } from "./rules";

/** The welcome code as the newsletter's welcome e-mail carries it (confirm_newsletter_subscription's payload). */
export interface WelcomeCodePayload {
  code: string;
  kind: "percent" | "amount";
  percent_off: number | null;
  amount_off_cents: number | null;
  /** YYYY-MM-DD, the last day it works (the shop's time zone). */
  ends_on: string | null;
}

/** "15% off your next order at checkout, once, until December 31, 2026." */
export function welcomeCodeNote(code: WelcomeCodePayload): string {
  const gives = discountDescription({
    kind: code.kind,
    percentOff: code.percent_off,
    amountOffCents: code.amount_off_cents,
  });
  return `${gives} your next order: type it at the cart or checkout. It works once${
    code.ends_on ? `, until ${formatLongDate(code.ends_on)}` : ""
  }.`;
}
