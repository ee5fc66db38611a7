import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useFetcher, useFetchers, useLoaderData } from "@remix-run/react";
import { Heart, Trash2 } from "~/components/icons";
import { isBackendError } from "~/backend/errors";
import { AddToCartForm } from "~/components/add-to-cart-form";
import { Price } from "~/components/price";
import { ResponsiveImage } from "~/components/responsive-image";
import { findProduct } from "~/modules/catalog/catalog.server";
import { MAX_WISHLIST_ITEMS, wishlistToast } from "~/modules/wishlist/wishlist";
import { parseWishlistForm } from "~/modules/wishlist/wishlist-form";
import { changeWishlist, loadWishlist } from "~/modules/wishlist/wishlist-store.server";
import { getSession } from "~/utils/auth.server";
import { backendUnavailable, isBackendUnavailable } from "~/utils/backend-unavailable.server";
import { refererPath, safeRedirect } from "~/utils/safe-redirect";
import type { ToastInput } from "~/utils/toast";
import { toastHeader } from "~/utils/toast.server";

/** This page cannot work without the shopper's stored list: the 503 page, not a 500. */
function rethrowUnavailable(error: unknown): never {
  throw isBackendUnavailable(error) ? backendUnavailable() : error;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request).catch(rethrowUnavailable);
  const { products, headers } = await loadWishlist(request, session).catch(rethrowUnavailable);
  return data(
    {
      products: products.map(({ id, name, price, originalPrice, images, category, inStock }) => ({
        id,
        name,
        price,
        originalPrice,
        images,
        category,
        inStock,
      })),
    },
    { headers },
  );
}

/**
 * The one wishlist endpoint (toggle, add, remove). A plain HTML post gets a 303 back to the page it came
 * from with a toast in the flash cookie; a fetcher (the heart, Remove with JavaScript) gets data.
 */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const returnTo = safeRedirect(formData.get("redirectTo"), refererPath(request, "/wishlist"));
  // Browsers mark form navigations; Remix's fetchers use fetch(), which is not a navigation.
  const isNavigation = (request.headers.get("Sec-Fetch-Mode") ?? "navigate") === "navigate";

  const respond = async (status: number, toast: ToastInput, inWishlist?: boolean, headers = new Headers()) => {
    headers.append("Set-Cookie", await toastHeader(toast));
    if (isNavigation) return redirect(returnTo, { status: 303, headers });
    return data(
      { ok: status < 400, inWishlist, error: toast.type === "error" ? toast.description : undefined },
      { status, headers },
    );
  };

  const parsed = parseWishlistForm(formData);
  if ("error" in parsed) return respond(400, { type: "error", title: "Error", description: parsed.error });
  const { change } = parsed;
  const product = findProduct(change.productId);
  if (!product) return respond(404, { type: "error", title: "Error", description: "Product not found." });

  try {
    const session = await getSession(request);
    const outcome = await changeWishlist(request, session, change);
    session.backend.responseHeaders.forEach((value, key) => outcome.headers.append(key, value));
    if (outcome.limited) {
      const description = `Your wishlist can hold up to ${MAX_WISHLIST_ITEMS} products. Sign in to save more.`;
      return respond(200, { type: "info", title: "Wishlist full", description }, false, outcome.headers);
    }
    return respond(200, wishlistToast(product.name, outcome.inWishlist), outcome.inWishlist, outcome.headers);
  } catch (error) {
    // The catalogue and the database's price list disagree: the database's word stands.
    if (isBackendError(error, "product_not_found")) {
      return respond(404, { type: "error", title: "Error", description: "Product not found." });
    }
    if (isBackendError(error, "unavailable")) {
      const description = "Your wishlist could not be updated right now. Please try again.";
      return respond(503, { type: "error", title: "Error", description });
    }
    throw error;
  }
}

export const meta: MetaFunction = () => [{ title: "My Wishlist | Luxe Strands" }, { name: "robots", content: "noindex" }];

export default function WishlistPage() {
  const { products } = useLoaderData<typeof loader>();
  // Products whose removal is in flight leave the list at once (with JavaScript); the server confirms.
  const removing = new Set(
    useFetchers()
      .filter((fetcher) => fetcher.formAction === "/wishlist" && fetcher.formData?.get("intent") === "remove")
      .map((fetcher) => String(fetcher.formData?.get("productId"))),
  );
  const shown = products.filter((product) => !removing.has(product.id));

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="font-serif text-4xl text-ink">My Wishlist</h1>
      {shown.length === 0 ? (
        <div className="mx-auto mt-12 flex max-w-md flex-col items-center text-center">
          <Heart aria-hidden className="size-12 text-brand-700" />
          <h2 className="mt-4 font-serif text-2xl text-ink">Your wishlist is empty</h2>
          <p className="mt-2 text-ink-muted">Tap the heart on any product to save it here for later.</p>
          <Link to="/shop" className="btn-primary mt-6">
            Continue Shopping
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-2 text-ink-muted">
            {shown.length} {shown.length === 1 ? "product" : "products"} saved
          </p>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((product) => (
              <WishlistItem key={product.id} product={product} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

type WishlistProduct = ReturnType<typeof useLoaderData<typeof loader>>["products"][number];

function WishlistItem({ product }: { product: WishlistProduct }) {
  // Keyed like the product page's heart, so both show the same pending state.
  const remove = useFetcher({ key: `wishlist-${product.id}` });
  const cover = product.images[0];
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl border border-sand-200 bg-white" data-testid="wishlist-item">
      <Link to={`/product/${product.id}`} className="block aspect-[4/5] overflow-hidden bg-sand-100" tabIndex={-1} aria-hidden>
        {cover ? (
          <ResponsiveImage id={cover} alt="" sizes="(min-width: 1024px) 22rem, (min-width: 640px) 45vw, 92vw" className="size-full object-cover" />
        ) : null}
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-medium tracking-wider text-ink-muted uppercase">{product.category}</p>
        <h2 className="font-serif text-lg leading-snug text-ink">
          <Link to={`/product/${product.id}`} className="hover:text-brand-700">
            {product.name}
          </Link>
        </h2>
        <Price price={product.price} originalPrice={product.originalPrice} />
        <div className="mt-auto flex flex-col gap-2 pt-2">
          <AddToCartForm productId={product.id} productName={product.name} inStock={product.inStock} />
          <remove.Form method="post" action="/wishlist">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="productId" value={product.id} />
            <input type="hidden" name="redirectTo" value="/wishlist" />
            <button type="submit" className="btn-outline w-full" aria-label={`Remove ${product.name} from wishlist`}>
              <Trash2 aria-hidden className="size-4" />
              Remove
            </button>
          </remove.Form>
        </div>
      </div>
    </li>
  );
}
