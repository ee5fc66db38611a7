import { Form, Link, useLocation, useSearchParams } from "@remix-run/react";
import { lazy, Suspense, useRef, useState } from "react";

import type { CartPanelHandle } from "~/components/cart-panel";
import { Heart, Menu, Search, ShoppingBag, User, X } from "~/components/icons";
import { headerLinks, phoneInfoLinks, phoneShopLinks } from "~/components/site-nav";
import { useCloseOnNavigate } from "~/components/use-close-on-navigate";
import { MemberMenuItems, UserMenu, type HeaderUser } from "~/components/user-menu";
import { useHydrated } from "~/framework/use-hydrated";
import { cartBadgeLabel } from "~/modules/cart/badge";
import type { CartSummary } from "~/modules/cart/cart";
import { useOptimisticCart } from "~/routes/cart/cart-endpoint";
import { site } from "~/site/site";

function Logo() {
  return (
    <Link
      to="/"
      className="flex h-11 items-center whitespace-nowrap font-serif text-xl text-ink min-[375px]:text-2xl min-[375px]:tracking-wide"
      aria-label={`${site.name}, home`}
    >
      {/* One span: as flex items the words would lose the space between them. */}
      <span>
        Luxe <span className="text-brand-700">Strands</span>
      </span>
    </Link>
  );
}

function SearchForm({ id }: { id: string }) {
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const current = pathname === "/shop" ? (searchParams.get("q") ?? "") : "";
  return (
    <Form method="get" action="/shop" role="search" className="relative w-full">
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        id={id}
        // Keyed by the current query so the box follows navigation instead of keeping stale text.
        key={current}
        type="search"
        name="q"
        defaultValue={current}
        placeholder="Search products..."
        maxLength={100}
        className="input rounded-full pr-11"
      />
      <button type="submit" className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-ink-muted">
        <Search aria-hidden className="size-4" />
        <span className="sr-only">Search</span>
      </button>
    </Form>
  );
}

// The panel's code loads when the shopper points at or focuses the cart button, not with every page.
const CartPanel = lazy(() => import("~/components/cart-panel").then((module) => ({ default: module.CartPanel })));

/**
 * Without JavaScript: a link to /cart. With it: a button that opens the slide-in panel in place.
 * The badge counts units, optimistically while cart requests are in flight.
 */
function CartButton({ cart }: { cart: CartSummary }) {
  const hydrated = useHydrated();
  const optimistic = useOptimisticCart(cart);
  // "wanted" once the shopper points at or focuses the button; "open" when they clicked before its code arrived.
  const [panelState, setPanelState] = useState<"not-loaded" | "wanted" | "open">("not-loaded");
  const panel = useRef<CartPanelHandle>(null);
  const loadPanel = () => setPanelState((state) => (state === "not-loaded" ? "wanted" : state));
  const openPanel = () => (panel.current ? panel.current.open() : setPanelState("open"));
  const buttonRef = useRef<HTMLButtonElement>(null);
  const count = optimistic.totalItems;
  const badge = cartBadgeLabel(count);
  const label = `Shopping cart, ${count} ${count === 1 ? "item" : "items"}`;
  const className = "relative flex size-11 items-center justify-center rounded-full text-ink hover:bg-sand-100";
  const content = (
    <>
      <ShoppingBag aria-hidden className="size-6" />
      {badge ? (
        <span
          // On the bag's top-right corner, growing rightwards, so a wide "99+" never hides the bag itself.
          className="absolute left-[calc(50%+0.25rem)] top-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-brand-700 px-[3px] text-[0.625rem] font-semibold leading-none text-white ring-2 ring-white"
          data-testid="cart-badge"
          aria-hidden
        >
          {badge}
        </span>
      ) : null}
    </>
  );
  if (!hydrated) {
    return (
      <Link to="/cart" className={className} aria-label={label} data-testid="cart-button">
        {content}
      </Link>
    );
  }
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        onClick={openPanel}
        onPointerEnter={loadPanel}
        onFocus={loadPanel}
        className={className}
        aria-label={label}
        aria-haspopup="dialog"
        data-testid="cart-button"
      >
        {content}
      </button>
      {panelState === "not-loaded" ? null : (
        <Suspense fallback={null}>
          <CartPanel ref={panel} openOnMount={panelState === "open"} cart={optimistic} returnFocusTo={buttonRef} />
        </Suspense>
      )}
    </>
  );
}

/** A link or button in the phone menu: a full-width row, 44 px tall. */
const phoneMenuItem =
  "flex min-h-11 w-full items-center rounded-md px-3 text-left text-base font-medium text-ink hover:bg-sand-100";

/**
 * The phone menu: what the desktop header shows beside its links (the account, the wishlist) and what the footer
 * holds far down a phone's page (Sale, the information pages). It scrolls on its own when taller than the screen.
 */
function PhoneMenu({ user }: { user: HeaderUser | null }) {
  return (
    <nav
      aria-label="Mobile"
      className="absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto overscroll-contain border-b border-sand-200 bg-white px-4 pb-6 pt-2 shadow-lg"
    >
      <ul className="space-y-1">
        {phoneShopLinks.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={phoneMenuItem}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
      <h2 className="mt-4 border-t border-sand-200 px-3 pt-4 text-xs font-semibold uppercase tracking-wide text-ink-muted">
        Your account
      </h2>
      <ul className="mt-1 space-y-1">
        {user ? null : (
          <li>
            <Link to="/auth" className={phoneMenuItem}>
              Sign in
            </Link>
          </li>
        )}
        <li>
          <Link to="/wishlist" className={phoneMenuItem}>
            Wishlist
          </Link>
        </li>
        {user ? <MemberMenuItems itemClassName={phoneMenuItem} /> : null}
      </ul>
      <h2 className="mt-4 border-t border-sand-200 px-3 pt-4 text-xs font-semibold uppercase tracking-wide text-ink-muted">
        Help &amp; information
      </h2>
      <ul className="mt-1 grid grid-cols-2 gap-x-2">
        {phoneInfoLinks.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={`${phoneMenuItem} text-sm font-normal`}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteHeader({ cart, user }: { cart: CartSummary; user: HeaderUser | null }) {
  const menuRef = useCloseOnNavigate();
  return (
    <>
      <header className="sticky top-0 z-30 border-b border-sand-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-1 px-2 min-[375px]:gap-2 sm:gap-4 sm:px-6 lg:px-8">
          <details ref={menuRef} className="group lg:hidden">
            <summary
              className="flex size-11 items-center justify-center rounded-full text-ink hover:bg-sand-100"
              aria-label="Menu"
            >
              <Menu aria-hidden className="size-6 group-open:hidden" />
              <X aria-hidden className="hidden size-6 group-open:block" />
            </summary>
            <PhoneMenu user={user} />
          </details>

          <Logo />

          <nav aria-label="Main" className="ml-6 hidden lg:block">
            <ul className="flex gap-6">
              {headerLinks.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="inline-flex h-11 items-center text-sm font-medium text-ink hover:text-brand-700"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>

          <div className="ml-auto hidden w-64 md:block">
            <SearchForm id="header-search" />
          </div>

          <div className="ml-auto flex items-center md:ml-2">
            <Link
              to="/wishlist"
              className="flex size-11 items-center justify-center rounded-full text-ink hover:bg-sand-100"
              aria-label="Wishlist"
            >
              <Heart aria-hidden className="size-6" />
            </Link>
            {user ? (
              <UserMenu user={user} />
            ) : (
              <Link
                to="/auth"
                className="flex size-11 items-center justify-center rounded-full text-ink hover:bg-sand-100"
                aria-label="Sign in"
              >
                <User aria-hidden className="size-6" />
              </Link>
            )}
            <CartButton cart={cart} />
          </div>
        </div>
      </header>
      {/* On a phone the search sits under the header's bar, which has no room for it, at the top of every page where
          a shopper looks for it; it scrolls away with the page, so the sticky bar stays one row. */}
      <div className="border-b border-sand-200 px-4 py-2 md:hidden">
        <SearchForm id="mobile-search" />
      </div>
    </>
  );
}
