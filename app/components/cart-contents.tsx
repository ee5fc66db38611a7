import { Link, useRouteLoaderData } from "@remix-run/react";

import { Minus, Plus, ShoppingBag, Trash2 } from "~/components/icons";
import { ResponsiveImage } from "~/components/responsive-image";
import { cartCountLine, MAX_LINE_QUANTITY, type CartLine, type CartSummary } from "~/modules/cart/cart";
import { formatCents, formatUsd } from "~/modules/money";
import type { loader as rootLoader } from "~/root";
import { ClearCartForm, RemoveFromCartForm, SetCartQuantityForm } from "~/routes/cart/cart-endpoint";
import { CartDiscountForm, discountAmount } from "~/routes/cart/discount-endpoint";

function CartLineItem({ line, redirectTo, headingLevel }: { line: CartLine; redirectTo: string; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const image = line.images[0];
  return (
    <li className="flex gap-4 py-4" data-testid="cart-line">
      <div className="h-24 w-20 shrink-0 overflow-hidden rounded-lg bg-sand-100">
        {image ? (
          <ResponsiveImage image={image} alt="" sizes="5rem" className="size-full object-cover" />
        ) : (
          <div className="flex size-full items-center justify-center text-ink-muted" aria-hidden>
            <ShoppingBag className="size-6" />
          </div>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex justify-between gap-2">
          <div className="min-w-0">
            <Heading className="font-medium text-ink">
              {/* The padding makes a 44 px hit area without moving the text; a long name is cut at three lines. */}
              <Link to={line.productPath} className="-my-2.5 block py-2.5 hover:text-brand-700" title={line.name}>
                <span className="line-clamp-3">{line.name}</span>
              </Link>
            </Heading>
            {line.variantLabel ? (
              <p className="text-sm text-ink" data-testid="line-variant">
                {line.variantLabel}
              </p>
            ) : null}
            <p className="text-xs uppercase tracking-wider text-ink-muted">{line.category}</p>
            <p className="text-sm text-ink-muted">{formatUsd(line.price)}</p>
          </div>
          <RemoveFromCartForm productId={line.productId} redirectTo={redirectTo} className="-mr-2 -mt-2 shrink-0">
            <button
              type="submit"
              className="flex size-11 items-center justify-center rounded-full text-ink-muted hover:bg-sand-100 hover:text-brand-700"
              aria-label={`Remove ${line.name} from cart`}
            >
              <Trash2 aria-hidden className="size-4" />
            </button>
          </RemoveFromCartForm>
        </div>
        <div className="mt-auto flex items-center justify-between">
          <div className="flex items-center gap-1">
            <QuantityButton
              line={line}
              quantity={line.quantity - 1}
              redirectTo={redirectTo}
              label={`Decrease quantity of ${line.name}`}
            >
              <Minus aria-hidden className="size-4" />
            </QuantityButton>
            <span className="sr-only">Quantity</span>
            <span className="w-8 text-center text-sm font-medium" data-testid="cart-line-quantity">
              {line.quantity}
            </span>
            <QuantityButton
              line={line}
              quantity={line.quantity + 1}
              redirectTo={redirectTo}
              label={`Increase quantity of ${line.name}`}
              disabled={line.quantity >= MAX_LINE_QUANTITY}
            >
              <Plus aria-hidden className="size-4" />
            </QuantityButton>
          </div>
          <p className="font-semibold text-ink" data-testid="cart-line-total">
            {formatCents(line.lineTotalCents)}
          </p>
        </div>
      </div>
    </li>
  );
}

function QuantityButton({
  line,
  quantity,
  redirectTo,
  label,
  disabled,
  children,
}: {
  line: CartLine;
  quantity: number;
  redirectTo: string;
  label: string;
  disabled?: boolean;
  children: React.ReactNode;
}) {
  return (
    <SetCartQuantityForm productId={line.productId} quantity={quantity} redirectTo={redirectTo}>
      <button
        type="submit"
        disabled={disabled}
        className="flex size-11 items-center justify-center rounded-full border border-sand-200 hover:bg-sand-100 disabled:opacity-40"
        aria-label={label}
      >
        {children}
      </button>
    </SetCartQuantityForm>
  );
}

/**
 * The discount code's field (or the code applied) and the totals: with a code that takes something off the items,
 * the subtotal, the discount as a line of its own and the total after it (issue 41).
 */
function CartDiscountTotals({ cart, redirectTo }: { cart: CartSummary; redirectTo: string }) {
  const discount = useRouteLoaderData<typeof rootLoader>("root")?.discount;
  const applied = discount?.applied ?? null;
  const off = applied?.applies ? applied.itemsCents : 0;
  return (
    <>
      {discount?.enabled ? (
        <CartDiscountForm discount={applied} flash={discount.flash} redirectTo={redirectTo} />
      ) : null}
      {applied?.applies ? (
        <dl className="space-y-1 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-ink-muted">Subtotal</dt>
            <dd className="text-ink">{formatCents(cart.totalAmountCents)}</dd>
          </div>
          <div className="flex justify-between gap-4" data-testid="cart-discount">
            <dt className="text-ink-muted">Discount ({applied.code})</dt>
            <dd className="text-ink">{applied.freeShipping ? "Free shipping" : discountAmount(off)}</dd>
          </div>
        </dl>
      ) : null}
      <div className="flex items-center justify-between text-lg font-semibold text-ink">
        <span>Total</span>
        <span data-testid="cart-total">{formatCents(Math.max(0, cart.totalAmountCents - off))}</span>
      </div>
    </>
  );
}

/** The cart panel's content, used by the /cart page and by the slide-in panel. */
export function CartContents({
  cart,
  redirectTo,
  continueShopping,
  onCheckout,
  lineHeadingLevel,
}: {
  cart: CartSummary;
  /** Where a plain (no-JavaScript) form post returns to. */
  redirectTo: string;
  /** The 'Continue Shopping' control: a link on the page, a close button in the panel. */
  continueShopping: React.ReactNode;
  onCheckout?: () => void;
  /** One below the heading the cart sits under, so that no level is skipped: 2 on the page (h1), 3 in the panel (h2). */
  lineHeadingLevel: 2 | 3;
}) {
  if (cart.lines.length === 0 && cart.totalItems === 0) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 py-16 text-center">
        <ShoppingBag aria-hidden className="size-12 text-sand-200" />
        <p className="text-lg font-medium text-ink">Your cart is currently empty</p>
        <p className="text-sm text-ink-muted">Add some beautiful hair extensions to get started!</p>
        <div className="mt-4">{continueShopping}</div>
      </div>
    );
  }
  return (
    <div className="flex flex-1 flex-col">
      <p className="text-sm text-ink-muted" data-testid="cart-count-line">
        {cartCountLine(cart.totalItems)}
      </p>
      <ul className="mt-2 flex-1 divide-y divide-sand-200">
        {cart.lines.map((line) => (
          <CartLineItem key={line.productId} line={line} redirectTo={redirectTo} headingLevel={lineHeadingLevel} />
        ))}
      </ul>
      <div className="mt-4 space-y-3 border-t border-sand-200 pt-4">
        <CartDiscountTotals cart={cart} redirectTo={redirectTo} />
        <Link to="/checkout" onClick={onCheckout} className="btn-primary w-full">
          Proceed to Checkout
        </Link>
        {continueShopping}
        <ClearCartForm redirectTo={redirectTo} className="text-center">
          <button type="submit" className="min-h-11 px-4 text-sm text-ink-muted underline hover:text-brand-700">
            Clear cart
          </button>
        </ClearCartForm>
      </div>
    </div>
  );
}
