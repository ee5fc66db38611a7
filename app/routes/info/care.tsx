import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { BulletList, ContactBlock, InfoPage } from "~/components/info-page";
import { resolveTab, Tabs } from "~/components/tabs";
import { careGuides, careTopicIds, careTopics, troubleshooting, type CareGuide } from "~/content/care";
import { originFromMatches, seo } from "~/site/seo";

export async function loader({ request }: LoaderFunctionArgs) {
  const topic = resolveTab(new URL(request.url).searchParams.get("tab"), careTopicIds);
  return { topic };
}

function CareGuidePanel({ guide }: { guide: CareGuide }) {
  return (
    <div className="space-y-10">
      <div>
        <h2 className="font-serif text-2xl text-ink sm:text-3xl">{guide.heading}</h2>
        <p className="mt-3 leading-relaxed text-ink-muted">{guide.intro}</p>
      </div>
      <dl className="flex flex-wrap gap-4">
        {guide.highlights.map((highlight) => (
          <div key={highlight.label} className="flex-1 basis-36 rounded-xl bg-sand-50 px-4 py-4 text-center">
            <dt className="text-xs font-semibold uppercase tracking-wider text-ink-muted">{highlight.label}</dt>
            <dd className="mt-1 font-serif text-lg text-brand-800">{highlight.value}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-8 md:grid-cols-2">
        {guide.sections.map((section) => (
          <section key={section.heading} className="rounded-2xl border border-sand-200 p-6">
            <h3 className="font-serif text-xl text-ink">{section.heading}</h3>
            <div className="mt-3 space-y-3 leading-relaxed text-ink-muted">
              {section.intro ? <p className="font-medium text-ink">{section.intro}</p> : null}
              <BulletList items={section.points} />
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}

export default function Care() {
  const { topic } = useLoaderData<typeof loader>();
  return (
    <InfoPage
      eyebrow="Hair care"
      title="Hair Care Guide"
      intro="Simple routines that keep your extensions and wigs soft, shiny and natural-looking for longer."
    >
      <Tabs label="Hair care topics" param="tab" tabs={careTopics} selected={topic}>
        <CareGuidePanel guide={careGuides[topic]} />
      </Tabs>

      <section>
        <h2 className="font-serif text-2xl text-ink sm:text-3xl">Troubleshooting</h2>
        <div className="mt-6 grid gap-6 md:grid-cols-3">
          {troubleshooting.map((entry) => (
            <section key={entry.problem} className="rounded-2xl bg-sand-50 p-6">
              <h3 className="font-serif text-xl text-ink">{entry.problem}</h3>
              <p className="mt-2 text-sm text-ink-muted">
                <span className="font-semibold text-ink">Usual causes:</span> {entry.cause}
              </p>
              <div className="mt-4 text-sm leading-relaxed text-ink-muted">
                <BulletList items={entry.fixes} />
              </div>
            </section>
          ))}
        </div>
      </section>

      <ContactBlock
        title="Questions about caring for your hair?"
        text="Our stylists can recommend products and routines for your hair."
      >
        <Link to="/shop?category=accessories" className="btn btn-outline">
          Shop care accessories
        </Link>
      </ContactBlock>
    </InfoPage>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const topic = data?.topic ?? "extensions";
  return seo({
    title: "Hair Care Guide",
    description:
      "How to wash, brush, heat style and store hair extensions and wigs, what to avoid, and fixes for tangling, dryness and color fading.",
    origin: originFromMatches(matches),
    // The default tab is the page itself; the other tabs are distinct content worth their own URL.
    path: topic === careTopicIds[0] ? "/care" : `/care?tab=${topic}`,
  });
};
