import { signedCookie, type CookieLifetime, type ResponseJar } from "~/http/cookies.server";
import { PRODUCT_ID_PATTERN } from "~/modules/catalog/product";

/** How one entry of a visitor's list is written in the cookie ("clip-1:2" for a cart line, "clip-1" for a wish). */
export interface EntryCodec<Entry> {
  productId(entry: Entry): string;
  encode(entry: Entry): string;
  /** The entry, or null when the part is malformed (the product id is checked by the list). */
  decode(part: string): Entry | null;
}

export interface VisitorListCookie<Entry> {
  /** "clip-1:2,wig-3:1": compact, so that a full list stays far below a browser's 4 KB per cookie. */
  encode(entries: readonly Entry[]): string;
  /** Parses the compact form; anything malformed makes the whole value invalid (null), never a partial guess. */
  decode(value: unknown): Entry[] | null;
  /** The list in a request. A tampered or corrupt cookie is logged and read as an empty list. */
  read(request: Request): Promise<Entry[]>;
  /** Sets the list on the request's response; an empty list removes the cookie. */
  write(context: ResponseJar, entries: readonly Entry[]): Promise<void>;
}

/**
 * A visitor's list of products in a signed cookie (tampering is detected): the guest cart and the guest wishlist.
 * Product ids only, never names or prices, which come from the catalogue; each product at most once, at most
 * `maxEntries` of them.
 */
export function visitorListCookie<Entry>(
  name: string,
  { lifetime, maxEntries, entry }: { lifetime: CookieLifetime; maxEntries: number; entry: EntryCodec<Entry> },
): VisitorListCookie<Entry> {
  const cookie = signedCookie(name, lifetime);
  const encode = (entries: readonly Entry[]) => entries.map((item) => entry.encode(item)).join(",");

  function decode(value: unknown): Entry[] | null {
    if (typeof value !== "string") return null;
    if (value === "") return [];
    const parts = value.split(",");
    if (parts.length > maxEntries) return null;
    const entries: Entry[] = [];
    const seen = new Set<string>();
    for (const part of parts) {
      const decoded = entry.decode(part);
      if (!decoded) return null;
      const productId = entry.productId(decoded);
      if (!PRODUCT_ID_PATTERN.test(productId) || seen.has(productId)) return null;
      seen.add(productId);
      entries.push(decoded);
    }
    return entries;
  }

  return {
    encode,
    decode,
    async read(request) {
      if (!cookie.has(request)) return [];
      const entries = decode(await cookie.read(request));
      if (!entries) {
        console.warn(`Ignoring an invalid or tampered ${name} cookie`);
        return [];
      }
      return entries;
    },
    write: (context, entries) =>
      entries.length === 0 ? cookie.clear(context) : cookie.write(context, encode(entries)),
  };
}
