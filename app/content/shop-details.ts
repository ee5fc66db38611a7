// The shop's own details in one place: the name, contact e-mail, phone, postal address and support hours that the
// footer, the info pages and every e-mail show. The deployer sets them with SHOP_NAME, SHOP_EMAIL, SHOP_PHONE,
// SHOP_ADDRESS and SHOP_SUPPORT_HOURS (.env.example); these are the defaults. The server adopts them at start-up
// (lifecycle.server.ts) and writes them into each page's head (root.tsx), where the browser reads them, so both
// render the same text.

export interface ShopDetails {
  name: string;
  email: string;
  phone: string;
  address: string;
  supportHours: string;
}

export const DEFAULT_SHOP_DETAILS: ShopDetails = {
  name: "Luxe Strands",
  email: "hello@luxestrands.example",
  phone: "+1 (310) 555-0142",
  address: "9454 Wilshire Blvd, Beverly Hills, CA 90212",
  supportHours: "Monday-Friday 9AM-6PM PST",
};

/** The <meta name> under which a page carries the details to the browser. */
export const SHOP_DETAILS_META = "shop-details";

declare global {
  // Set once by the server's start-up; the browser reads the page's meta instead.
  var __shopDetails: ShopDetails | undefined;
}

let fromPage: ShopDetails | undefined;

/** The details in force: the server's (from the environment), or in the browser those the page was rendered with. */
export function shopDetails(): ShopDetails {
  if (typeof document === "undefined") return globalThis.__shopDetails ?? DEFAULT_SHOP_DETAILS;
  if (!fromPage) {
    const meta = document.querySelector(`meta[name="${SHOP_DETAILS_META}"]`)?.getAttribute("content");
    fromPage = meta ? { ...DEFAULT_SHOP_DETAILS, ...(JSON.parse(meta) as Partial<ShopDetails>) } : DEFAULT_SHOP_DETAILS;
  }
  return fromPage;
}

/** Server start-up: the details the environment sets, each falling back to its default. */
export function adoptShopDetails(details: Partial<ShopDetails>): ShopDetails {
  const adopted = { ...DEFAULT_SHOP_DETAILS };
  for (const key of Object.keys(adopted) as (keyof ShopDetails)[]) {
    const value = details[key]?.trim();
    if (value) adopted[key] = value;
  }
  globalThis.__shopDetails = adopted;
  return adopted;
}

/** A dialable tel: link from a phone number as people write it ("+1 (310) 555-0142" -> "tel:+13105550142"). */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "").replace(/(?!^)\+/g, "");
  return `tel:${digits}`;
}
