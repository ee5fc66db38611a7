import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";

import { BulletList, ContactBlock, InfoPage, InfoSection, InfoTable, inlineLinkClass } from "~/components/info-page";
import {
  dispatchCutoff,
  FREE_SHIPPING_FROM_CENTS,
  freeShippingThreshold,
  internationalShipping,
  processingTimes,
  shippingMethods,
  signatureRequiredOver,
  type ShippingMethod,
} from "~/content/shipping";
import { formatCents } from "~/modules/money";
import { originFromMatches, seo } from "~/site/seo";

/** The options table: each method at its rate (the checkout charges the same), Standard's free threshold, then abroad. */
const row = (method: ShippingMethod) => [
  method.name,
  formatCents(method.amountCents),
  method.deliveryTime,
  method.note,
];
const freeMethod = shippingMethods.find((method) => method.freeFromCents === FREE_SHIPPING_FROM_CENTS);
const optionRows = [
  ...shippingMethods.filter((method) => method.region === "us").map(row),
  ...(freeMethod
    ? [
        [
          "Free Shipping",
          "Free",
          freeMethod.deliveryTime,
          `${freeMethod.name}, on orders over $${freeShippingThreshold}; not available internationally`,
        ],
      ]
    : []),
  ...shippingMethods.filter((method) => method.region === "international").map(row),
];

export default function Shipping() {
  return (
    <InfoPage
      eyebrow="Customer care"
      title="Shipping Information"
      intro={`Fast, tracked delivery on every order, and free shipping on orders over $${freeShippingThreshold} within the US.`}
    >
      <InfoSection title="Shipping options">
        <InfoTable
          caption="Shipping options and rates, chosen at checkout"
          columns={["Method", "Cost", "Delivery time", "Notes"]}
          rows={optionRows}
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
            `International shipping is a flat ${formatCents(internationalShipping.amountCents)} per order, whatever the destination or weight.`,
            "Customs duties, import taxes and brokerage fees are paid by the customer on delivery and are not included in our prices.",
            `Free shipping on orders over $${freeShippingThreshold} is not available for international orders.`,
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

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Shipping Information",
    description: `Standard, Express and Overnight shipping, free shipping on US orders over $${freeShippingThreshold}, processing times and international delivery at a flat ${formatCents(internationalShipping.amountCents)}.`,
    origin: originFromMatches(matches),
    path: "/shipping",
  });
