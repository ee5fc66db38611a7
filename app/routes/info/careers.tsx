import type { MetaFunction } from "@remix-run/node";

import { BulletList, InfoPage, inlineLinkClass } from "~/components/info-page";
import { applicationMailto, jobPostings } from "~/content/jobs";
import { originFromMatches, seo } from "~/site/seo";
import { site } from "~/site/site";

const cultureValues = [
  {
    title: "Passion for beauty",
    text: "We love hair and the confidence it brings. Everyone here, from the salon to the warehouse, cares about getting the details right.",
  },
  {
    title: "Growth and learning",
    text: "Paid training, product education and a clear path to grow, whether you want to master a craft or lead a team.",
  },
  {
    title: "Inclusive team",
    text: "We serve every hair type and every background, and we build a team that reflects our customers, where every voice is heard.",
  },
];

/** Slug for element ids, e.g. "Hair Stylist" -> "hair-stylist". */
function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/(^-|-$)/g, "");
}

export default function Careers() {
  return (
    <InfoPage
      eyebrow="Join us"
      title="Careers"
      intro={`Help us bring premium hair and expert care to more people. Join the ${site.name} team in Beverly Hills, Los Angeles or remotely.`}
      width="wide"
    >
      <section>
        <h2 className="text-center font-serif text-2xl text-ink sm:text-3xl">Life at {site.name}</h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {cultureValues.map((value) => (
            <li key={value.title} className="rounded-2xl bg-sand-50 p-6 text-center">
              <h3 className="font-serif text-xl text-ink">{value.title}</h3>
              <p className="mt-3 leading-relaxed text-ink-muted">{value.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section>
        <h2 className="text-center font-serif text-2xl text-ink sm:text-3xl">Open positions</h2>
        <ul className="mt-8 space-y-6">
          {jobPostings.map((job) => {
            const titleId = `job-${slugify(job.title)}`;
            return (
              <li key={job.title}>
                <article aria-labelledby={titleId} className="rounded-2xl border border-sand-200 p-6 shadow-sm sm:p-8">
                  <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
                    <div>
                      <h3 id={titleId} className="font-serif text-2xl text-ink">
                        {job.title}
                      </h3>
                      <dl className="mt-3 flex flex-wrap gap-2 text-sm">
                        {[
                          ["Department", job.department],
                          ["Location", job.location],
                          ["Type", job.type],
                        ].map(([term, detail]) => (
                          <div key={term} className="rounded-full bg-brand-50 px-3 py-1 text-brand-800">
                            <dt className="sr-only">{term}</dt>
                            <dd>{detail}</dd>
                          </div>
                        ))}
                      </dl>
                    </div>
                    <a href={applicationMailto(job.title)} className="btn btn-primary shrink-0 self-start">
                      Apply Now<span className="sr-only"> for {job.title}</span>
                    </a>
                  </div>
                  <p className="mt-5 leading-relaxed text-ink-muted">{job.description}</p>
                  <h4 className="mt-5 font-semibold text-ink">Requirements</h4>
                  <div className="mt-2 text-ink-muted">
                    <BulletList items={job.requirements} />
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      </section>

      <section className="rounded-2xl bg-brand-50 px-6 py-10 text-center">
        <h2 className="font-serif text-2xl text-ink sm:text-3xl">Don't see the right role?</h2>
        <p className="mx-auto mt-3 max-w-xl text-ink-muted">
          We are always happy to meet talented people. Send us your resume and tell us how you would like to help, at{" "}
          <a href={`mailto:${site.careersEmail}`} className={inlineLinkClass}>
            {site.careersEmail}
          </a>
          .
        </p>
        <a href={applicationMailto()} className="btn btn-primary mt-6">
          Send General Application
        </a>
      </section>
    </InfoPage>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Careers",
    description: `Join ${site.name}. Open positions: ${jobPostings.map((job) => job.title).join(", ")}.`,
    origin: originFromMatches(matches),
    path: "/careers",
  });
