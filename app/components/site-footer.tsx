import { Link } from "@remix-run/react";

import { Mail, MapPin, Phone } from "~/components/icons";
import { footerColumns } from "~/components/site-nav";
import { FacebookIcon, InstagramIcon, PinterestIcon } from "~/components/social-icons";
import { site } from "~/site/site";

const socialLinks = [
  { href: "https://www.instagram.com/luxestrands", label: "Instagram", Icon: InstagramIcon },
  { href: "https://www.facebook.com/luxestrands", label: "Facebook", Icon: FacebookIcon },
  { href: "https://www.pinterest.com/luxestrands", label: "Pinterest", Icon: PinterestIcon },
];

export function SiteFooter({ newsletter }: { newsletter?: React.ReactNode }) {
  return (
    <footer className="mt-16 border-t border-sand-200 bg-sand-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-5 lg:px-8">
        <div className="lg:col-span-2">
          <p className="font-serif text-2xl text-ink">
            Luxe <span className="text-brand-700">Strands</span>
          </p>
          <p className="mt-3 max-w-sm text-sm text-ink-muted">
            Premium human hair extensions, wigs and accessories, hand-selected in Beverly Hills since 2015.
          </p>
          <address className="mt-5 space-y-2 text-sm not-italic text-ink-muted">
            <p className="flex items-center gap-2">
              <MapPin aria-hidden className="size-4 shrink-0" /> {site.address}
            </p>
            <p className="flex items-center gap-2">
              <Phone aria-hidden className="size-4 shrink-0" />{" "}
              <a href={site.phoneHref} className="hover:text-brand-700">
                {site.phone}
              </a>
            </p>
            <p className="flex items-center gap-2">
              <Mail aria-hidden className="size-4 shrink-0" />{" "}
              <a href={`mailto:${site.email}`} className="hover:text-brand-700">
                {site.email}
              </a>
            </p>
          </address>
          {newsletter}
        </div>
        {footerColumns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-ink">{column.title}</h2>
            <ul className="mt-4 space-y-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-sm text-ink-muted hover:text-brand-700">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-sand-200">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-6 sm:flex-row sm:px-6 lg:px-8">
          <p className="text-sm text-ink-muted">
            © {new Date().getFullYear()} {site.name}. All rights reserved.
          </p>
          <ul className="flex gap-3">
            {socialLinks.map(({ href, label, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  className="block rounded-full p-2 text-ink-muted hover:bg-sand-100 hover:text-brand-700"
                  rel="noopener noreferrer"
                >
                  <Icon className="size-5" />
                  <span className="sr-only">{label}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
