import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";

import {
  BulletList,
  ContactAddress,
  InfoPage,
  inlineLinkClass,
  LastUpdated,
  PolicySections,
} from "~/components/info-page";
import { returnPolicy } from "~/content/policies";
import { originFromMatches, seo } from "~/site/seo";
import { site } from "~/site/site";

const sections = [
  {
    id: "acceptance",
    title: "Acceptance of these terms",
    body: (
      <p>
        These terms govern your use of the {site.name} website and every purchase you make from us. By using the site,
        creating an account or placing an order, you agree to them. If you do not agree, please do not use the site.
      </p>
    ),
  },
  {
    id: "accounts",
    title: "Your account",
    body: (
      <BulletList
        items={[
          "You must be at least 18 years old, or have a parent's or guardian's permission, to create an account or place an order.",
          "Give us accurate information and keep it up to date.",
          "Keep your password secret; you are responsible for activity under your account. Tell us straight away if you suspect someone else has used it.",
          "We may suspend or close accounts used for fraud, abuse or in breach of these terms.",
        ]}
      />
    ),
  },
  {
    id: "products",
    title: "Products and descriptions",
    body: (
      <p>
        We describe and photograph our products as accurately as we can. Human hair is a natural material, so color,
        texture and weight can vary slightly from piece to piece, and colors can look different on different screens. If
        you are unsure about a shade, ask us for a color match before you order.
      </p>
    ),
  },
  {
    id: "orders-and-pricing",
    title: "Orders and pricing",
    body: (
      <>
        <p>
          All prices are in US dollars. Placing an order is an offer to buy; we confirm it by e-mail and accept it when
          we ship it. Sale prices apply while stocks last or until the stated end date.
        </p>
        <p>
          We may refuse or cancel an order, for example if an item is out of stock, a price or description was listed in
          error, or we suspect fraud. If we cancel an order you have paid for, we refund you in full.
        </p>
      </>
    ),
  },
  {
    id: "shipping",
    title: "Shipping and delivery",
    body: (
      <p>
        Shipping options, costs and delivery times are described on our{" "}
        <Link to="/shipping" className={inlineLinkClass}>
          Shipping Information
        </Link>{" "}
        page. Delivery times are estimates. Risk of loss passes to you when the parcel is delivered to the address you
        gave us. International customers pay any customs duties and import taxes.
      </p>
    ),
  },
  {
    id: "returns",
    title: "Returns and exchanges",
    body: (
      <p>
        You may return eligible items within {returnPolicy.windowDays} days of delivery, as set out in our{" "}
        <Link to="/returns" className={inlineLinkClass}>
          Returns &amp; Exchanges
        </Link>{" "}
        policy. Worn items, custom colors or cuts, items with heat or chemical damage, opened care products and
        final-sale items cannot be returned.
      </p>
    ),
  },
  {
    id: "use-of-hair",
    title: "Safe use of our products",
    body: (
      <p>
        Follow the care and application instructions supplied with each product and in our{" "}
        <Link to="/care" className={inlineLinkClass}>
          Hair Care Guide
        </Link>
        . Tape-in adhesives and some care products can irritate sensitive skin, so do a patch test first, and consider
        professional application for tape-in extensions.
      </p>
    ),
  },
  {
    id: "newsletter-terms",
    title: "Newsletter and communications",
    body: (
      <p>
        If you subscribe to our newsletter, we will send you occasional e-mails about new products, offers and hair
        care. You can unsubscribe at any time with the link in every e-mail. We handle your information as described in
        our{" "}
        <Link to="/privacy" className={inlineLinkClass}>
          Privacy Policy
        </Link>
        .
      </p>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable use",
    body: (
      <BulletList
        items={[
          "Do not use the site for anything unlawful, fraudulent or harmful.",
          "Do not try to gain unauthorized access to our systems or other customers' accounts.",
          "Do not copy, scrape or resell our content or products without our written permission.",
        ]}
      />
    ),
  },
  {
    id: "intellectual-property",
    title: "Intellectual property",
    body: (
      <p>
        The text, photographs, logos and design of this site belong to {site.name} or its licensors and are protected by
        copyright and trademark law. You may view and print pages for your personal, non-commercial use only.
      </p>
    ),
  },
  {
    id: "disclaimers",
    title: "Disclaimers and limitation of liability",
    body: (
      <>
        <p>
          Except as required by law and as stated in these terms, the site and our products are provided "as is",
          without warranties of any kind. Results depend on your hair, application and care.
        </p>
        <p>
          To the fullest extent the law allows, {site.name} is not liable for indirect, incidental or consequential
          damages, and our total liability for any claim is limited to the amount you paid for the product concerned.
          Nothing in these terms limits rights you have as a consumer that cannot be waived.
        </p>
      </>
    ),
  },
  {
    id: "governing-law",
    title: "Governing law",
    body: (
      <p>
        These terms are governed by the laws of the State of California, without regard to its conflict-of-law rules.
        Any dispute will be heard in the state or federal courts of Los Angeles County, California, unless the law where
        you live gives you the right to bring it elsewhere.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to these terms",
    body: (
      <p>
        We may update these terms from time to time. The date at the top of this page shows when they last changed. The
        terms in force when you place an order apply to that order.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact us",
    body: <ContactAddress />,
  },
];

export default function Terms() {
  return (
    <InfoPage
      eyebrow="Legal"
      title="Terms of Service"
      intro={`The terms that apply when you use the ${site.name} website and buy from us.`}
      note={<LastUpdated />}
    >
      <PolicySections sections={sections} />
    </InfoPage>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Terms of Service",
    description: `The terms that apply when you use the ${site.name} website, create an account and place orders.`,
    origin: originFromMatches(matches),
    path: "/terms",
  });
