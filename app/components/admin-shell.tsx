import type { HeadersFunction, MetaDescriptor } from "@remix-run/node";
import { isRouteErrorResponse, NavLink } from "@remix-run/react";
import type { ReactNode } from "react";

import { PRIVATE_HEADERS } from "~/http/cache-control";

const sections = [
  { to: "/admin", label: "Overview", end: true },
  { to: "/admin/orders", label: "Orders", end: false },
  { to: "/admin/returns", label: "Returns", end: false },
  { to: "/admin/products", label: "Products", end: false },
  { to: "/admin/customers", label: "Customers", end: false },
  { to: "/admin/subscribers", label: "Subscribers", end: false },
  { to: "/admin/discounts", label: "Discounts", end: false },
  { to: "/admin/shipping", label: "Shipping", end: false },
] as const;

/** The back office's frame: its own navigation above each page (decision 0029). */
export function AdminShell({
  title,
  actions,
  children,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">
      <nav aria-label="Back office" className="-mx-1 mb-6 flex flex-wrap gap-1 border-b border-sand-200 pb-3">
        {sections.map((section) => (
          <NavLink
            key={section.to}
            to={section.to}
            end={section.end}
            className={({ isActive }) =>
              `inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold ${
                isActive ? "bg-brand-700 text-white" : "text-brand-700 hover:bg-brand-50"
              }`
            }
          >
            {section.label}
          </NavLink>
        ))}
      </nav>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-serif text-3xl text-ink">{title}</h1>
        {actions}
      </div>
      {children}
    </div>
  );
}

/**
 * Every back-office page: its title, never indexed. When the guard answered with the ordinary 404, the ordinary
 * 404's head (routes/not-found.tsx), so that nothing tells a back office is there.
 */
export function adminMeta(title: string, error: unknown): MetaDescriptor[] {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [{ title: notFound ? "Page not found" : `${title} | Back office` }, { name: "robots", content: "noindex" }];
}

/**
 * No copy anywhere and nothing indexed; on an error (the guard's 404) nothing that a 404 elsewhere lacks, but a
 * refusal's Retry-After (a staff member past their share, decision 0035).
 */
export const adminHeaders: HeadersFunction = ({ errorHeaders }): Record<string, string> => {
  if (!errorHeaders) return { ...PRIVATE_HEADERS, "X-Robots-Tag": "noindex" };
  const retryAfter = errorHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
};
