// Tracking links for the carriers a US shop ships with: the customer's /orders, their guest order page, the
// shipped e-mail and the back office all link the same way.

/** The carriers the back office suggests; any other name is accepted and shown without a link. */
export const KNOWN_CARRIERS = ["USPS", "UPS", "FedEx", "DHL"] as const;

const trackingPages: Record<string, (number: string) => string> = {
  usps: (number) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}`,
  ups: (number) => `https://www.ups.com/track?tracknum=${number}`,
  fedex: (number) => `https://www.fedex.com/fedextrack/?trknbr=${number}`,
  dhl: (number) => `https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=${number}`,
};

/** The carrier's public tracking page for the number, or null for a carrier we know no page of. */
export function trackingUrl(
  carrier: string | null | undefined,
  trackingNumber: string | null | undefined,
): string | null {
  if (!carrier || !trackingNumber) return null;
  const page =
    trackingPages[
      carrier
        .trim()
        .toLowerCase()
        .replace(/[^a-z]/g, "")
    ];
  const number = trackingNumber.replace(/[^A-Za-z0-9]/g, "");
  return page && number ? page(encodeURIComponent(number)) : null;
}
