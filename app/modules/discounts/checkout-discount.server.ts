import type { ActionFunctionArgs } from "@remix-run/node";

import { getSession } from "~/modules/auth/session.server";
import { loadCart } from "~/modules/cart/cart-store.server";
import {
  CHECKOUT_APPLY_DISCOUNT,
  CHECKOUT_DISCOUNT_FIELD,
  CHECKOUT_REMOVE_DISCOUNT,
} from "~/modules/discounts/checkout-fields";
import type { ToastInput } from "~/toast/toast";
import {
  applyTypedCode,
  customerOf,
  forgetAppliedCode,
  readAppliedCode,
  setDiscountFlash,
} from "./cart-discount.server";
import { normalizeCode } from "./rules";

/**
 * The discount code's own posts without JavaScript, which post the whole checkout form so that nothing typed is lost:
 * Apply, Remove, or Place Order pressed (or Enter in the code's field) with a code typed and not applied yet, which
 * applies it instead of placing the order. Null: not about the code. The message goes beside the code's field.
 */
export async function checkoutDiscountPost(
  request: Request,
  context: ActionFunctionArgs["context"],
  formData: FormData,
): Promise<{ status: number; toast?: ToastInput; message?: string; headers?: Record<string, string> } | null> {
  const intent = formData.get("intent");
  if (intent === CHECKOUT_REMOVE_DISCOUNT) {
    await forgetAppliedCode(context);
    return { status: 200, toast: { title: "Discount removed", description: "The discount code was removed." } };
  }
  const typedField = formData.get(CHECKOUT_DISCOUNT_FIELD);
  const typed = typeof typedField === "string" ? typedField.slice(0, 60) : "";
  const applied = await readAppliedCode(request);
  const unapplied = typed.trim() !== "" && normalizeCode(typed) !== applied?.code;
  if (intent !== CHECKOUT_APPLY_DISCOUNT && !unapplied) return null;
  const session = await getSession(request, context);
  const { summary } = await loadCart(request, session);
  const email = formData.get("email");
  const outcome = await applyTypedCode(
    context,
    typed,
    summary.lines,
    customerOf(session.user, typeof email === "string" ? email : null),
  );
  if (outcome.kind === "applied") {
    return {
      status: 200,
      toast: { title: "Discount applied", description: `${outcome.view.code}: ${outcome.view.description}.` },
    };
  }
  await setDiscountFlash(context, { error: outcome.message, typed });
  return { status: outcome.status, message: outcome.message, headers: outcome.headers };
}
