import { useLocation } from "@remix-run/react";
import { forwardRef, useEffect, useImperativeHandle, useRef } from "react";

import { CartContents } from "~/components/cart-contents";
import { X } from "~/components/icons";
import type { CartSummary } from "~/modules/cart/cart";

export interface CartPanelHandle {
  open: () => void;
}

/**
 * The slide-in cart (docs/product.md, decision 5) as a modal <dialog>: the browser keeps focus inside, makes the page inert and
 * closes on Esc; we add closing on the backdrop and return focus to the button that opened it.
 * Without JavaScript the cart button is a link to /cart, which shows the same content.
 */
export const CartPanel = forwardRef<
  CartPanelHandle,
  { cart: CartSummary; returnFocusTo: React.RefObject<HTMLElement | null>; openOnMount?: boolean }
>(function CartPanel({ cart, returnFocusTo, openOnMount = false }, ref) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const location = useLocation();
  useImperativeHandle(ref, () => ({ open: () => dialogRef.current?.showModal() }), []);

  const close = () => dialogRef.current?.close();
  // A navigation from inside the panel (a product link) closes it.
  useEffect(() => close(), [location.pathname]);
  // After the effect above, which also runs on mount: the shopper clicked before the panel's code had loaded.
  useEffect(() => {
    if (openOnMount) dialogRef.current?.showModal();
    // Only on mount: later clicks open it through the handle.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    // The dialog handles Esc itself; the click handler only adds closing on the backdrop for pointer users.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      aria-labelledby="cart-panel-title"
      onClose={() => returnFocusTo.current?.focus()}
      onClick={(event) => {
        if (event.target === dialogRef.current) close();
      }}
      className="m-0 ml-auto h-dvh max-h-none w-full max-w-lg bg-white p-0 shadow-2xl backdrop:bg-black/40"
    >
      <div className="flex h-full flex-col p-4 sm:p-6">
        <div className="flex items-center justify-between">
          <h2 id="cart-panel-title" className="font-serif text-2xl text-ink">
            Shopping Cart
          </h2>
          <button
            type="button"
            onClick={close}
            className="-mr-2 flex size-11 items-center justify-center rounded-full hover:bg-sand-100"
            aria-label="Close cart"
          >
            <X aria-hidden className="size-5" />
          </button>
        </div>
        <CartContents
          lineHeadingLevel={3}
          cart={cart}
          redirectTo={`${location.pathname}${location.search}`}
          onCheckout={close}
          continueShopping={
            <button type="button" onClick={close} className="btn-outline w-full">
              Continue Shopping
            </button>
          }
        />
      </div>
    </dialog>
  );
});
