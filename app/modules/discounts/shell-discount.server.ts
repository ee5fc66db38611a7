import type { AppLoadContext } from "@remix-run/node";

import { isBackendUnavailable } from "~/backend/unavailable.server";
import type { Session } from "~/modules/auth/session.server";
import type { CartLine } from "~/modules/cart/cart";
import {
  cartDiscount,
  customerOf,
  takeDiscountFlash,
  takesDiscountCodes,
  type CartDiscountView,
  type DiscountFlash,
} from "./cart-discount.server";

/** What every page's cart (the panel, /cart, the checkout's summary) shows of discount codes. */
export interface ShellDiscount {
  /** The shop takes codes (false on Supabase without its service role key: no field then). */
  enabled: boolean;
  /** The code applied to this cart, or null. */
  applied: CartDiscountView | null;
  flash: DiscountFlash | null;
}

/**
 * The root loader's part: the applied code as it stands for the cart (one lookup, only when a code is applied), and
 * the field's flash. Degrades to no code when the database is out of reach, as the header's cart does.
 */
export async function shellDiscount(
  request: Request,
  context: AppLoadContext,
  session: Session,
  lines: readonly CartLine[],
): Promise<ShellDiscount> {
  const [enabled, flash] = await Promise.all([takesDiscountCodes(), takeDiscountFlash(request, context)]);
  let applied: CartDiscountView | null = null;
  try {
    applied =
      enabled && lines.length > 0 ? await cartDiscount(request, context, lines, customerOf(session.user)) : null;
  } catch (error) {
    if (!isBackendUnavailable(error)) throw error;
  }
  return { enabled, applied, flash };
}
