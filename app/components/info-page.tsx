import { useId, type ReactNode } from "react";

import { formatLongDate } from "~/modules/dates";
import { site } from "~/site/site";

/** Links inside running text: underlined, so they do not rely on color alone. */
export const inlineLinkClass = "font-semibold text-brand-700 underline underline-offset-4";

interface InfoPageProps {
  title: string;
  /** Small label above the title, e.g. "Customer care". */
  eyebrow?: string;
  intro?: ReactNode;
  /** Extra line under the intro, e.g. the policy date. */
  note?: ReactNode;
  /** "wide" for pages with card grids (about, careers). */
  width?: "narrow" | "wide";
  children: ReactNode;
}

/** Shared frame of the information pages: a header band with the page's only <h1>, then the content column. */
export function InfoPage({ title, eyebrow, intro, note, width = "narrow", children }: InfoPageProps) {
  const column = width === "wide" ? "max-w-5xl" : "max-w-4xl";
  return (
    <article>
      <header className="border-b border-sand-100 bg-sand-50">
        <div className={`mx-auto ${column} px-4 py-12 text-center sm:px-6 sm:py-16`}>
          {eyebrow ? (
            <p className="text-xs font-semibold uppercase tracking-[0.2em] text-brand-700">{eyebrow}</p>
          ) : null}
          <h1 className="mt-2 font-serif text-4xl text-ink sm:text-5xl">{title}</h1>
          {intro ? <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-ink-muted">{intro}</p> : null}
          {note ? <p className="mt-4 text-sm text-ink-muted">{note}</p> : null}
        </div>
      </header>
      <div className={`mx-auto ${column} space-y-14 px-4 py-12 sm:px-6 sm:py-16`}>{children}</div>
    </article>
  );
}

interface InfoSectionProps {
  title: string;
  /** Anchor for links into the section, e.g. from a table of contents. */
  id?: string;
  children: ReactNode;
}

/** A titled block of running text inside an information page. */
export function InfoSection({ title, id, children }: InfoSectionProps) {
  return (
    <section id={id} className="scroll-mt-24">
      <h2 className="font-serif text-2xl text-ink sm:text-3xl">{title}</h2>
      <div className="mt-4 space-y-4 leading-relaxed text-ink-muted">{children}</div>
    </section>
  );
}

/** A bulleted list in the pages' style. */
export function BulletList({ items }: { items: readonly ReactNode[] }) {
  return (
    <ul className="space-y-2">
      {items.map((item, index) => (
        <li key={index} className="flex gap-3">
          <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-brand-600" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

interface InfoTableProps {
  caption: string;
  /** Column headings; the first column holds each row's heading. */
  columns: readonly string[];
  rows: ReadonlyArray<readonly ReactNode[]>;
}

/**
 * A data table with a caption, column headers and row headers (the first cell of each row). Its cells wrap between
 * words only, so on a narrow screen the table scrolls sideways inside its own region, which takes keyboard focus and
 * is named by the caption so that it can be scrolled without a pointer, and shades the edge that has more.
 */
export function InfoTable({ caption, columns, rows }: InfoTableProps) {
  const captionId = useId();
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that can scroll must be reachable by keyboard
    <div role="region" aria-labelledby={captionId} tabIndex={0} className="scroll-shade-x overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm sm:text-base">
        <caption id={captionId} className="mb-3 text-left font-semibold text-ink">
          {caption}
        </caption>
        <thead>
          <tr className="border-b-2 border-brand-200">
            {columns.map((column) => (
              <th key={column} scope="col" className="px-2 py-3 font-semibold text-ink first:pl-0 sm:px-4">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([heading, ...cells], rowIndex) => (
            <tr key={rowIndex} className="border-b border-sand-200 align-top">
              <th scope="row" className="py-3 pr-2 font-semibold text-ink sm:pr-4">
                {heading}
              </th>
              {cells.map((cell, cellIndex) => (
                <td key={cellIndex} className="px-2 py-3 text-ink-muted sm:px-4">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface ContactBlockProps {
  title?: string;
  text?: string;
  /** Optional follow-up actions shown under the contact details. */
  children?: ReactNode;
}

/** How to reach support: e-mail, phone and hours. */
export function ContactBlock({
  title = "Still have questions?",
  text = "Our hair experts are here to help with color matching, sizing, care and orders.",
  children,
}: ContactBlockProps) {
  return (
    <section className="rounded-2xl border border-brand-100 bg-brand-50 px-6 py-8 text-center sm:px-10">
      <h2 className="font-serif text-2xl text-ink">{title}</h2>
      <p className="mx-auto mt-2 max-w-xl text-ink-muted">{text}</p>
      <address className="mt-6 flex flex-col items-center gap-3 not-italic sm:flex-row sm:justify-center sm:gap-8">
        <span>
          <span className="block text-xs font-semibold uppercase tracking-wider text-ink-muted">E-mail</span>
          <a href={`mailto:${site.email}`} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            {site.email}
          </a>
        </span>
        <span>
          <span className="block text-xs font-semibold uppercase tracking-wider text-ink-muted">Phone</span>
          <a href={site.phoneHref} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            {site.phone}
          </a>
        </span>
        <span>
          <span className="block text-xs font-semibold uppercase tracking-wider text-ink-muted">Hours</span>
          <span className="font-semibold text-ink">{site.supportHours}</span>
        </span>
      </address>
      {children ? <div className="mt-8 flex flex-wrap justify-center gap-4">{children}</div> : null}
    </section>
  );
}

/** The shop's postal address, e-mail, phone and hours, for the contact section of the legal pages. */
export function ContactAddress() {
  return (
    <address className="not-italic">
      {site.name}
      <br />
      {site.address}
      <br />
      E-mail:{" "}
      <a href={`mailto:${site.email}`} className={inlineLinkClass}>
        {site.email}
      </a>
      <br />
      Phone:{" "}
      <a href={site.phoneHref} className={inlineLinkClass}>
        {site.phone}
      </a>{" "}
      ({site.supportHours})
    </address>
  );
}

/** Date of the current privacy policy and terms of service. */
export const policiesLastUpdated = "2024-01-01";

/** "Last updated January 1, 2024", with a machine-readable date. */
export function LastUpdated({ date = policiesLastUpdated }: { date?: string }) {
  return (
    <>
      Last updated <time dateTime={date}>{formatLongDate(date)}</time>
    </>
  );
}

interface PolicySection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A long policy page's sections with an "On this page" index linking to each one. */
export function PolicySections({ sections }: { sections: readonly PolicySection[] }) {
  return (
    <>
      <nav aria-label="On this page" className="rounded-2xl bg-sand-50 px-6 py-5">
        <p className="text-xs font-semibold uppercase tracking-wider text-ink-muted">On this page</p>
        <ol className="mt-3 grid gap-x-8 gap-y-2 text-sm sm:grid-cols-2">
          {sections.map((section, index) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-brand-700 underline-offset-4 hover:underline">
                {index + 1}. {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <InfoSection key={section.id} id={section.id} title={`${index + 1}. ${section.title}`}>
          {section.body}
        </InfoSection>
      ))}
    </>
  );
}
