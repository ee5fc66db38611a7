import type { MetaFunction } from "@remix-run/node";

import {
  BulletList,
  ContactAddress,
  InfoPage,
  inlineLinkClass,
  LastUpdated,
  PolicySections,
} from "~/components/info-page";
import { originFromMatches, seo } from "~/site/seo";
import { site } from "~/site/site";

const sections = [
  {
    id: "information-we-collect",
    title: "Information we collect",
    body: (
      <>
        <p>We collect only what we need to run the shop and serve you:</p>
        <BulletList
          items={[
            "Account details: your e-mail address, your name and a securely hashed password. If you sign in with Google, we receive your name, e-mail address and profile picture from Google.",
            "Order details: the items you buy, your shipping name, address, e-mail address and phone number.",
            "Shopping details: the contents of your cart and your wishlist.",
            "Newsletter: your e-mail address, if you subscribe.",
            "Technical details: your IP address, browser type and the pages you request, recorded in our server logs for security and troubleshooting.",
          ]}
        />
      </>
    ),
  },
  {
    id: "how-we-use-it",
    title: "How we use your information",
    body: (
      <BulletList
        items={[
          "To process, ship and support your orders, returns and exchanges.",
          "To keep you signed in, keep your cart and wishlist, and show your order history.",
          "To answer your questions and provide styling and care advice you ask for.",
          "To send our newsletter, only if you subscribed.",
          "To protect the shop and our customers against fraud and abuse, and to meet our legal obligations.",
        ]}
      />
    ),
  },
  {
    id: "cookies",
    title: "Cookies",
    body: (
      <>
        <p>We use only cookies that the shop needs to work:</p>
        <BulletList
          items={[
            "A session cookie that keeps you signed in to your account.",
            "A cart cookie that remembers the products and quantities in your cart while you are not signed in.",
            "A short-lived cookie that carries a one-time message, such as a confirmation that an item was added to your cart.",
          ]}
        />
        <p>
          We do not use advertising or cross-site tracking cookies. You can delete or block cookies in your browser
          settings, but you will then not be able to sign in or keep a cart.
        </p>
      </>
    ),
  },
  {
    id: "newsletter-privacy",
    title: "Newsletter and e-mails",
    body: (
      <p>
        If you subscribe to our newsletter, we use your e-mail address to send news, offers and hair care tips. Every
        newsletter contains a link to unsubscribe, and you can also ask us to remove you at{" "}
        <a href={`mailto:${site.email}`} className={inlineLinkClass}>
          {site.email}
        </a>
        . Order and account e-mails, such as order confirmations and shipping updates, are sent whether or not you
        subscribe.
      </p>
    ),
  },
  {
    id: "sharing",
    title: "How we share information",
    body: (
      <>
        <p>
          We do not sell your personal information or share it for cross-context behavioral advertising. We share it
          only with:
        </p>
        <BulletList
          items={[
            "Service providers that host our website and database, deliver our e-mails and process payments, under contracts that limit their use of your data to serving us.",
            "Shipping carriers, which receive your name, address and phone number to deliver your order.",
            "Google, when you choose to sign in with Google.",
            "Authorities, when the law requires it or to protect our customers and our shop.",
          ]}
        />
      </>
    ),
  },
  {
    id: "retention",
    title: "How long we keep it",
    body: (
      <p>
        We keep your account details while your account is open. Order records are kept for seven years to meet tax and
        accounting rules. Newsletter addresses are kept until you unsubscribe, and server logs are deleted after 90
        days.
      </p>
    ),
  },
  {
    id: "security",
    title: "Security",
    body: (
      <p>
        All traffic to our shop is encrypted with HTTPS, passwords are stored only as secure hashes, and access to
        customer data is limited to the staff and systems that need it. No method of transmission or storage is
        perfectly secure, but we work hard to protect your information.
      </p>
    ),
  },
  {
    id: "your-rights",
    title: "Your rights and choices",
    body: (
      <>
        <p>
          You can see and update your name in your profile at any time. You can also ask us to give you a copy of your
          personal information, correct it or delete it, and to stop sending you marketing e-mails.
        </p>
        <p>
          If you live in California, the California Consumer Privacy Act gives you the right to know what personal
          information we collect and how we use it, to request its deletion or correction, and not to be discriminated
          against for using these rights. Residents of other states may have similar rights. To make a request, e-mail{" "}
          <a href={`mailto:${site.email}`} className={inlineLinkClass}>
            {site.email}
          </a>
          ; we will verify your identity and reply within 45 days.
        </p>
      </>
    ),
  },
  {
    id: "children",
    title: "Children's privacy",
    body: (
      <p>
        Our shop is not directed to children under 13, and we do not knowingly collect personal information from them.
        If you believe a child has given us personal information, please contact us and we will delete it.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    body: (
      <p>
        We may update this policy from time to time. The date at the top of this page shows when it last changed, and we
        will tell account holders by e-mail about any significant change.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact us",
    body: <ContactAddress />,
  },
];

export default function Privacy() {
  return (
    <InfoPage
      eyebrow="Legal"
      title="Privacy Policy"
      intro={`How ${site.name} collects, uses and protects your personal information when you shop with us.`}
      note={<LastUpdated />}
    >
      <PolicySections sections={sections} />
    </InfoPage>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Privacy Policy",
    description: `How ${site.name} collects, uses and protects your personal information: accounts, orders, cookies and newsletter.`,
    origin: originFromMatches(matches),
    path: "/privacy",
  });
