import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";

import { ContactBlock, InfoPage, InfoSection } from "~/components/info-page";
import { originFromMatches, seo } from "~/site/seo";
import { site } from "~/site/site";

const promises = [
  {
    title: "Quality promise",
    text: "Every bundle is 100% Remy human hair, cuticle-aligned and hand-checked for length, weight and color before it leaves our studio. If something is not right, our 30-day return policy has you covered.",
  },
  {
    title: "Expert support",
    text: `Our licensed stylists help with color matching, choosing a length or cap size and building a care routine, by e-mail or phone, ${site.supportHours}.`,
  },
  {
    title: "Sustainability",
    text: "We source hair ethically from suppliers who pay donors fairly, ship in recyclable packaging and design pieces to be reused for months, not weeks.",
  },
];

export default function About() {
  return (
    <InfoPage
      eyebrow="Our story"
      title={`About ${site.name}`}
      intro="Premium hair extensions, wigs and accessories, chosen and cared for by stylists since 2015."
      width="wide"
    >
      <div className="mx-auto max-w-3xl space-y-14">
        <InfoSection title="Where it began">
          <p>
            {site.name} was founded in 2015 in Beverly Hills by a small team of stylists who were tired of telling
            clients that beautiful, natural-looking hair had to be either out of reach or out of budget. We started with
            a single salon chair and a handful of clip-in sets we had sourced and tested ourselves.
          </p>
          <p>
            Today we serve customers across the United States and beyond, but we still work the same way: every product
            is one we would be proud to fit on a client in our own salon.
          </p>
        </InfoSection>

        <InfoSection title="Our mission">
          <p>
            To help everyone feel confident in their hair, with extensions and wigs that look, feel and move like your
            own, honest advice about what will suit you, and the care know-how to keep them beautiful.
          </p>
        </InfoSection>
      </div>

      <section>
        <h2 className="text-center font-serif text-2xl text-ink sm:text-3xl">What we stand for</h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {promises.map((promise) => (
            <li key={promise.title} className="rounded-2xl border border-sand-200 bg-white p-6 shadow-sm">
              <h3 className="font-serif text-xl text-ink">{promise.title}</h3>
              <p className="mt-3 leading-relaxed text-ink-muted">{promise.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="flex flex-col items-center justify-center gap-4 sm:flex-row">
        <Link to="/shop" className="btn btn-primary">
          Shop Collection
        </Link>
        <Link to="/care" className="btn btn-outline">
          Read our care guide
        </Link>
      </div>

      <ContactBlock
        title="Talk to a stylist"
        text="Not sure which length, color or cap size is right for you? Ask us."
      />
    </InfoPage>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "About Us",
    description: `${site.name} was founded in 2015 in Beverly Hills: premium human hair extensions and wigs, expert support and an honest quality promise.`,
    origin: originFromMatches(matches),
    path: "/about",
  });
