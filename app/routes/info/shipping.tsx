import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { BulletList, ContactBlock, InfoPage, InfoSection, InfoTable, inlineLinkClass } from "~/components/info-page";
import {
  dispatchCutoff,
  internationalShipping,
  processingTimes,
  shippingMethods,
  signatureRequiredOver,
  type ShippingMethod,
} from "~/content/shipping";
import { currentShippingRates } from "~/modules/catalog/catalog.server";
import { formatThreshold, freeShippingFromCents, type ShippingPrices } from "~/modules/checkout/shipping";
import { formatCents } from "~/modules/money";
import { originFromMatches, seo } from "~/site/seo";

/** The options table: each method at its rate (the checkout charges the same), Standard's free threshold, then abroad. */
function optionRows(prices: ShippingPrices, freeFrom: string | null): string[][] {
  const row = (method: ShippingMethod) => [
    method.name,
    formatCents(prices[method.id].amountCents),
    method.deliveryTime,
    method.note,
  ];
  const standard = shippingMethods.find((method) => method.id === "standard");
  return [
    ...shippingMethods.filter((method) => method.region === "us").map(row),
    ...(standard && freeFrom
      ? [
          [
            "Free Shipping",
            "Free",
            standard.deliveryTime,
            `${standard.name}, on orders over ${freeFrom}; not available internationally`,
          ],
        ]
      : []),
    ...shippingMethods.filter((method) => method.region === "international").map(row),
  ];
}

/** The rates of public.shipping_rates, as the catalogue in memory holds them (no database read). */
export function loader() {
  const { prices } = currentShippingRates();
  const from = freeShippingFromCents(prices);
  const freeFrom = from === null ? null : formatThreshold(from);
  return { rows: optionRows(prices, freeFrom), freeFrom, international: formatCents(prices.international.amountCents) };
}

export default function Shipping() {
  const { rows, freeFrom, international } = useLoaderData<typeof loader>();
  return (
    <InfoPage
      eyebrow="Customer care"
      title="Shipping Information"
      intro={`Fast, tracked delivery on every order${freeFrom ? `, and free shipping on orders over ${freeFrom} within the US` : ""}.`}
    >
      <InfoSection title="Shipping options">
        <InfoTable
          caption="Shipping options and rates, chosen at checkout"
          columns={["Method", "Cost", "Delivery time", "Notes"]}
          rows={rows}
        />
        <p>
          Delivery times count from the day your order ships, after processing. You choose the method at checkout, where
          the total includes it.
        </p>
      </InfoSection>

      <InfoSection title="Processing times">
        <InfoTable
          caption="Time to prepare your order before it ships"
          columns={["Order type", "Processing time"]}
          rows={processingTimes.map((entry) => [entry.orderType, entry.time])}
        />
        <p>
          Orders placed after {dispatchCutoff} ship the next business day. We do not process or ship orders on weekends
          or US federal holidays.
        </p>
      </InfoSection>

      <InfoSection title="Where we ship">
        <p>
          We ship to all 50 US states, Washington D.C., Puerto Rico and US territories, APO/FPO/DPO military addresses,
          and to most countries worldwide.
        </p>
      </InfoSection>

      <InfoSection title="International shipping">
        <BulletList
          items={[
            `Delivery takes ${internationalShipping.deliveryTime} after your order ships.`,
            `International shipping is a flat ${international} per order, whatever the destination or weight.`,
            "Customs duties, import taxes and brokerage fees are paid by the customer on delivery and are not included in our prices.",
            ...(freeFrom
              ? [`Free shipping on orders over ${freeFrom} is not available for international orders.`]
              : []),
          ]}
        />
      </InfoSection>

      <InfoSection title="Order tracking">
        <p>
          As soon as your order ships we e-mail you a tracking number and a link to follow your parcel. Signed-in
          customers can also see every order and its status in their{" "}
          <Link to="/orders" className={inlineLinkClass}>
            order history
          </Link>
          . Tracking can take up to 24 hours to show the first scan.
        </p>
      </InfoSection>

      <InfoSection title="Delivery">
        <BulletList
          items={[
            `Orders over $${signatureRequiredOver} require a signature on delivery, so your hair is never left unattended.`,
            "If nobody is home, the carrier leaves a notice and tries again or holds the parcel for collection.",
            "Please check your shipping address carefully at checkout; we cannot redirect parcels once they have shipped.",
            "If your tracking shows delivered but you cannot find your parcel, contact us within 7 days and we will open a claim with the carrier.",
          ]}
        />
      </InfoSection>

      <InfoSection title="Shipping restrictions">
        <BulletList
          items={[
            "Overnight and Express shipping are not available to P.O. boxes or APO/FPO/DPO addresses.",
            "Overnight shipping is available within the contiguous United States only.",
            "Aerosol care products ship by ground within the US only and cannot be sent internationally.",
            "We cannot ship to countries under US trade sanctions.",
          ]}
        />
      </InfoSection>

      <ContactBlock
        title="Questions about your delivery?"
        text="Contact us with your order number and we'll check on it for you."
      />
    </InfoPage>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  seo({
    title: "Shipping Information",
    description: `Standard, Express and Overnight shipping${data?.freeFrom ? `, free shipping on US orders over ${data.freeFrom}` : ""}, processing times and international delivery${data ? ` at a flat ${data.international}` : ""}.`,
    origin: originFromMatches(matches),
    path: "/shipping",
  });
