// A member's wishlist of product ids.

export interface WishlistPort {
  /** Product ids, most recently added first. */
  list(input: { userId: string }): Promise<string[]>;
  add(input: { userId: string; productId: string }): Promise<void>;
  /** Returns whether the product was in the wishlist. */
  remove(input: { userId: string; productId: string }): Promise<boolean>;
  /** Returns whether the product is in the wishlist afterwards. */
  toggle(input: { userId: string; productId: string }): Promise<boolean>;
  /** Adds a visitor's wishlist in one transaction, skipping unknown products; returns the whole list. */
  merge(input: { userId: string; productIds: readonly string[] }): Promise<string[]>;
}
