// A member's stored cart. Every function names its owner (`userId`): see RequestBackend in ./backend.ts.

export interface StoredCartLine {
  productId: string;
  quantity: number;
}

export interface CartLineChange extends StoredCartLine {
  /** The line hit MAX_CART_LINE_QUANTITY and holds less than asked for. */
  capped: boolean;
}

export interface CartsPort {
  /** Lines in the order they were first added. */
  list(input: { userId: string }): Promise<StoredCartLine[]>;
  /** Adds to the line's quantity (creating it), atomically: concurrent adds all count. */
  add(input: { userId: string; productId: string; quantity: number }): Promise<CartLineChange>;
  /** Sets the line's quantity; 0 or less removes the line (then `quantity` is 0). */
  setQuantity(input: { userId: string; productId: string; quantity: number }): Promise<CartLineChange>;
  /** Returns whether there was such a line to remove. */
  remove(input: { userId: string; productId: string }): Promise<boolean>;
  clear(input: { userId: string }): Promise<void>;
  /**
   * Adds a visitor's lines to the stored cart in one transaction: quantities add up (capped per line),
   * lines for products the database does not sell are skipped. Returns the whole cart.
   */
  merge(input: { userId: string; lines: StoredCartLine[] }): Promise<StoredCartLine[]>;
  /** Deletes lines whose product is not in `productIds` (the catalogue); returns the deleted ids. */
  removeProductsNotIn(input: { userId: string; productIds: readonly string[] }): Promise<string[]>;
}
