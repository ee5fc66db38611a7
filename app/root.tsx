import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Links, Meta, Outlet, useRouteLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";

import { FrameworkScript, InlineStylesheet } from "~/components/document-assets";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SharedShapes } from "~/components/icons";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { Toaster } from "~/components/toaster";
import { SHOP_DETAILS_META, shopDetails } from "~/content/shop-details";
import { ScrollRestoration } from "~/framework/scroll-restoration";
import { useNonce } from "~/framework/server-document";
import { useHandOverFromLoader } from "~/framework/use-hydrated";
import { getOrigin } from "~/http/origin.server";
import { loadShellSession } from "~/modules/auth/shell-session.server";
import { shellDiscount } from "~/modules/discounts/shell-discount.server";
import { takeNewsletterFlash } from "~/modules/newsletter/newsletter-flash.server";
import { NewsletterForm } from "~/routes/newsletter/newsletter-endpoint";
import stylesheet from "~/tailwind.css?url";
import { takeToast } from "~/toast/toast.server";

export const links: LinksFunction = () => [
  // In production the stylesheet is inline (InlineStylesheet); the development server keeps the file, which it
  // updates in place as the classes change.
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: stylesheet }] : []),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Degrades to a signed-out header when the database is down (shell-session.server.ts).
  const [{ session, member, summary }, toast, newsletter] = await Promise.all([
    loadShellSession(request, context),
    takeToast(request, context),
    takeNewsletterFlash(request, context),
  ]);
  return data({
    origin: getOrigin(request),
    user: member,
    cart: { lines: summary.lines, totalItems: summary.totalItems, totalAmountCents: summary.totalAmountCents },
    /** The cart's discount code (issue 41), and what its field says after a refused post. */
    discount: await shellDiscount(request, context, session, summary.lines),
    toast,
    /** The footer form's message and typed address after a refused post without JavaScript. */
    newsletter,
  });
}

/**
 * After every action, refused ones (4xx) included: this loader reads the flash toast the action set, which
 * is how a fetcher's answer reaches the one Toaster (Remix skips revalidation after a 4xx by default).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod !== undefined && formMethod.toUpperCase() !== "GET" ? true : defaultShouldRevalidate;

const emptyCart = { lines: [], totalItems: 0, totalAmountCents: 0 };

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  useHandOverFromLoader();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#87324a" />
        {/* The deployer's contact details, so that the browser renders what the server did (content/shop-details.ts). */}
        <meta name={SHOP_DETAILS_META} content={JSON.stringify(shopDetails())} />
        <Meta />
        <InlineStylesheet />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-white font-sans text-ink antialiased">
        <SharedShapes />
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
        >
          Skip to content
        </a>
        <SiteHeader cart={data?.cart ?? emptyCart} user={data?.user ?? null} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter newsletter={<NewsletterForm flash={data?.newsletter ?? null} />} />
        <Toaster toast={data?.toast ?? null} />
        <ScrollRestoration nonce={nonce} />
        <FrameworkScript />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
