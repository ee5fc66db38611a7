import { index, route, type RouteConfig } from "@remix-run/route-config";

/**
 * The whole URL table. The listing screen answers on several paths: one module, one id per path. Where a URL is
 * both a form endpoint and a page, the endpoint (action and forms) is the route and the page its index route, so
 * that importing the forms does not load the page (decision 0019).
 */
export default [
  index("routes/home.tsx"),

  route("shop", "routes/catalog/listing.tsx", { id: "shop" }),
  route("extensions/clip-in", "routes/catalog/listing.tsx", { id: "shop-clip-in" }),
  route("extensions/tape-in", "routes/catalog/listing.tsx", { id: "shop-tape-in" }),
  route("wigs", "routes/catalog/listing.tsx", { id: "shop-wigs" }),
  route("accessories", "routes/catalog/listing.tsx", { id: "shop-accessories" }),
  route("sale", "routes/catalog/listing.tsx", { id: "shop-sale" }),
  route("product/:id", "routes/catalog/product.tsx"),
  // Photos uploaded in the back office (decision 0038), content-hashed: cached for good.
  route("catalogue-images/:file", "routes/catalog/catalogue-image.ts"),

  route("cart", "routes/cart/cart-endpoint.tsx", [index("routes/cart/cart-page.tsx")]),
  // The cart's discount code (issue 41): apply or remove, from the cart and the checkout.
  route("cart/discount", "routes/cart/discount-endpoint.tsx"),
  route("checkout", "routes/checkout/checkout.tsx"),
  route("order-success", "routes/checkout/order-success.tsx"),
  // Card payment (decision 0031): the payment page's Cancel, and the provider's signed events.
  route("checkout/payment-cancelled", "routes/checkout/payment-cancelled.tsx"),
  route("webhooks/stripe", "routes/checkout/stripe-webhook.ts"),

  route("blog", "routes/blog/articles.tsx"),
  route("blog/:id", "routes/blog/article.tsx"),

  route("about", "routes/info/about.tsx"),
  route("size-guide", "routes/info/size-guide.tsx"),
  route("care", "routes/info/care.tsx"),
  route("returns", "routes/info/returns.tsx"),
  route("shipping", "routes/info/shipping.tsx"),
  route("faq", "routes/info/faq.tsx"),
  route("privacy", "routes/info/privacy.tsx"),
  route("terms", "routes/info/terms.tsx"),
  route("careers", "routes/info/careers.tsx"),

  route("sitemap.xml", "routes/crawlers/sitemap.xml.ts"),
  route("robots.txt", "routes/crawlers/robots.txt.ts"),

  // Accounts.
  route("auth", "routes/auth/sign-in.tsx"),
  route("auth/callback", "routes/auth/callback.tsx"),
  route("auth/resend", "routes/auth/resend-confirmation.tsx"),
  route("auth/staff-setup", "routes/auth/staff-setup.tsx"),
  route("auth/google", "routes/auth/google.tsx"),
  route("auth/google/callback", "routes/auth/google-callback.tsx"),
  route("sign-out", "routes/auth/sign-out.tsx"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("profile", "routes/account/profile.tsx"),
  route("orders", "routes/account/orders.tsx"),
  // A guest's own order page, from the link in the order confirmation (decision 0029).
  route("order-status", "routes/checkout/order-status.tsx"),
  // Returns and exchanges of a delivered order, a member's or a guest's (decision 0047).
  route("order-return", "routes/account/order-return.tsx"),
  // A request's return label, the PDF staff attached (decision 0048).
  route("return-label", "routes/account/return-label.ts"),

  // Wishlist and newsletter.
  route("wishlist", "routes/wishlist/wishlist-endpoint.tsx", [index("routes/wishlist/wishlist-page.tsx")]),
  route("newsletter", "routes/newsletter/newsletter-endpoint.tsx"),
  // E-mailed links (decision 0016).
  route("newsletter/confirm", "routes/newsletter/confirm.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter/unsubscribe.tsx"),

  // The back office (docs/decisions/0029-back-office.md): staff only, a 404 for everyone else.
  route("admin", "routes/admin/overview.tsx"),
  route("admin/orders", "routes/admin/orders.tsx"),
  route("admin/orders/export.csv", "routes/admin/orders-export.ts"),
  route("admin/orders/packing-slips", "routes/admin/packing-slips.ts"),
  route("admin/orders/:id/packing-slip", "routes/admin/packing-slip.ts"),
  route("admin/orders/:id/return-labels", "routes/admin/order-return-labels.tsx"),
  route("admin/orders/:id", "routes/admin/order.tsx"),
  route("admin/products", "routes/admin/products.tsx"),
  route("admin/products/export.csv", "routes/admin/products-export.ts"),
  route("admin/products/import", "routes/admin/products-import.tsx"),
  route("admin/products/new", "routes/admin/product.tsx", { id: "routes/admin/product-new" }),
  route("admin/products/:id", "routes/admin/product.tsx"),
  route("admin/returns", "routes/admin/returns.tsx"),
  route("admin/customers", "routes/admin/customers.tsx"),
  route("admin/customers/:key", "routes/admin/customer.tsx"),
  route("admin/subscribers", "routes/admin/subscribers.tsx"),
  route("admin/subscribers/export.csv", "routes/admin/subscribers-export.ts"),
  route("admin/shipping", "routes/admin/shipping.tsx"),
  route("admin/discounts", "routes/admin/discounts.tsx"),
  route("admin/discounts/new", "routes/admin/discount.tsx", { id: "routes/admin/discount-new" }),
  route("admin/discounts/welcome-offer", "routes/admin/welcome-offer.tsx"),
  route("admin/discounts/:id", "routes/admin/discount.tsx"),
  route("admin/products/:id/photos", "routes/admin/product-photos.tsx"),

  // Operations (decision 0005): liveness and readiness probes.
  route("healthz", "routes/operations/healthz.ts"),
  route("readyz", "routes/operations/readyz.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
