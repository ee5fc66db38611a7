import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";

import { BulletList, ContactBlock, InfoPage, InfoSection, inlineLinkClass } from "~/components/info-page";
import { returnPolicy } from "~/content/policies";
import { originFromMatches, seo } from "~/site/seo";
import { site } from "~/site/site";

const returnSteps = [
  `E-mail ${site.email} or call ${site.phone} with your order number and the items you want to return or exchange.`,
  `We e-mail you a prepaid return label within ${returnPolicy.labelWithin}.`,
  "Pack the items in their original packaging, attach the label and drop the parcel off with the carrier.",
  `Once your return arrives and passes inspection, we issue your refund or ship your exchange.`,
];

const highlights = [
  { label: "Return window", value: `${returnPolicy.windowDays} days from delivery` },
  { label: "Refunds", value: `in ${returnPolicy.refundTime}` },
  { label: "Exchanges", value: `free within ${returnPolicy.exchangeWindowDays} days` },
];

export default function Returns() {
  return (
    <InfoPage
      eyebrow="Customer care"
      title="Returns & Exchanges"
      intro={`Not quite right? You can return or exchange eligible items within ${returnPolicy.windowDays} days of delivery.`}
    >
      <dl className="grid gap-4 sm:grid-cols-3">
        {highlights.map((highlight) => (
          <div key={highlight.label} className="rounded-2xl bg-sand-50 px-6 py-5 text-center">
            <dt className="text-xs font-semibold uppercase tracking-wider text-ink-muted">{highlight.label}</dt>
            <dd className="mt-1 font-serif text-xl text-brand-800">{highlight.value}</dd>
          </div>
        ))}
      </dl>

      <InfoSection title="Our return policy">
        <p>
          We want you to love your hair. If you are not completely happy, you can return unworn items in their original
          condition and packaging within {returnPolicy.windowDays} days from the date of delivery for a refund to your
          original payment method.
        </p>
        <p>
          Hair must be unwashed, unaltered and free of product, with clips, tapes and any protective packaging intact.
          For hygiene reasons we inspect every return before a refund is issued.
        </p>
      </InfoSection>

      <InfoSection title="How to return an item">
        <ol className="space-y-3">
          {returnSteps.map((step, index) => (
            <li key={step} className="flex gap-4">
              <span
                aria-hidden="true"
                className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white"
              >
                {index + 1}
              </span>
              <span className="pt-0.5">{step}</span>
            </li>
          ))}
        </ol>
      </InfoSection>

      <InfoSection title="Refunds">
        <p>
          Refunds are processed within {returnPolicy.refundTime} after your return arrives, to the original payment
          method. Return shipping is paid by the customer: the cost of the prepaid label is deducted from your refund.
          Original shipping charges are not refundable.
        </p>
      </InfoSection>

      <InfoSection title="Exchanges">
        <p>
          Exchanges for a different color, length or cap size are free within {returnPolicy.exchangeWindowDays} days of
          delivery: we cover the return label and ship your replacement at no charge. Not sure what to choose? Check our{" "}
          <Link to="/size-guide" className={inlineLinkClass}>
            Size Guide
          </Link>{" "}
          or ask our stylists for a color match first.
        </p>
      </InfoSection>

      <InfoSection title="Items that cannot be returned">
        <BulletList items={returnPolicy.nonReturnable} />
        <p>Damaged or incorrect items are always replaced or refunded; please contact us within 7 days of delivery.</p>
      </InfoSection>

      <ContactBlock
        title="Need to start a return?"
        text="Contact us with your order number and we'll take it from there."
      />
    </InfoPage>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Returns & Exchanges",
    description: `Return unworn items within ${returnPolicy.windowDays} days of delivery, free exchanges, refunds in ${returnPolicy.refundTime}.`,
    origin: originFromMatches(matches),
    path: "/returns",
  });
