// Text a shopper typed, as an e-mail may show it (decision 0027): anyone can place a guest order to any address, so
// the name and address lines of an order are the attacker's words in the shop's e-mail. They appear only in the
// order's address block, on one line each, capped in length, and never as something a mail client makes a link of:
// "Visit https://evil.example/login" reads "Visit https[:]//evil[.]example/login", in the HTML and the plain text.

/** The longest line of shopper-typed text a message shows (an address line of the checkout is up to 200). */
export const SHOPPER_TEXT_MAX_LENGTH = 80;

/** A dot (or a full-width or ideographic one) between a name and what reads as a top-level domain. */
const DOMAIN_DOT = /(?<=[\p{L}\p{N}_-])[.\u3002\uff0e\uff61](?=\p{L}{2,})/gu;

export function shopperText(value: string, maxLength = SHOPPER_TEXT_MAX_LENGTH): string {
  // One line: a line break typed into an address must not start a paragraph of its own in the plain-text part.
  const line = value.replace(/\s+/g, " ").trim();
  const capped = line.length > maxLength ? `${line.slice(0, maxLength - 1).trimEnd()}\u2026` : line;
  return capped.replace(/:\/\//g, "[:]//").replace(DOMAIN_DOT, "[.]").replace(/@/g, "[at]");
}
