import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { ContactBlock, InfoPage } from "~/components/info-page";
import { faqItems, type FaqItem } from "~/content/faq";
import { currentShippingRates } from "~/modules/catalog/catalog.server";
import { originFromMatches, seo } from "~/site/seo";

/** The answers quote the shipping rates the shop charges: the catalogue's copy in memory, no database read. */
export function loader() {
  return { items: faqItems(currentShippingRates().prices) };
}

/** schema.org FAQPage, so search engines can show the answers. */
function faqJsonLd(items: FaqItem[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

export default function Faq() {
  const { items } = useLoaderData<typeof loader>();
  return (
    <InfoPage
      eyebrow="Help center"
      title="Frequently Asked Questions"
      intro="Answers about our hair, sizing, care, shipping and returns."
    >
      {/* `name` makes the <details> an exclusive accordion: opening one closes the others, without JavaScript. */}
      <div className="divide-y divide-sand-200 border-y border-sand-200">
        {items.map((item) => (
          <details key={item.question} name="faq" className="group">
            <summary className="flex items-center justify-between gap-4 py-5 text-left font-semibold text-ink hover:text-brand-700">
              <span className="text-base sm:text-lg">{item.question}</span>
              <span
                aria-hidden="true"
                className="flex size-7 shrink-0 items-center justify-center rounded-full border border-brand-200 text-brand-700 transition-transform group-open:rotate-45 motion-reduce:transition-none"
              >
                +
              </span>
            </summary>
            <p className="pb-6 leading-relaxed text-ink-muted">{item.answer}</p>
          </details>
        ))}
      </div>

      <ContactBlock />
    </InfoPage>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  seo({
    title: "FAQ",
    description:
      "Answers to common questions about our human hair extensions and wigs, sizing, care, shipping and returns.",
    origin: originFromMatches(matches),
    path: "/faq",
    jsonLd: data ? [faqJsonLd(data.items)] : [],
  });
