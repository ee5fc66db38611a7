import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";

import { orUnavailablePage } from "~/backend/unavailable.server";
import { AdminListCount } from "~/components/admin-list-count";
import { ListSearchField } from "~/components/admin-list-filters";
import { AdminPanel } from "~/components/admin-panel";
import { adminHeaders, adminMeta, AdminShell } from "~/components/admin-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Pagination } from "~/components/pagination";
import { orBackOfficeRefusal, requireSearchShare } from "~/modules/admin/fair-share.server";
import { loadPage } from "~/modules/admin/paging.server";
import { refusePostUnlessStaff, requireStaff } from "~/modules/admin/staff.server";
import {
  ADMIN_DISCOUNTS_PAGE_SIZE,
  DISCOUNT_SEARCH_MAX_LENGTH,
  parseDiscountListQuery,
  toAdminDiscountRow,
} from "~/modules/discounts/admin-form";
import { discountDescription } from "~/modules/discounts/rules";

// The back office's discount codes (issue 41, decision 0042): staff's codes, or the welcome offer's personal ones,
// newest first, each with what it gives, its state, its uses and the discount given in all.

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, backend } = await requireStaff(request, context);
  const url = new URL(request.url);
  const { source, search } = parseDiscountListQuery(url.searchParams);
  // A text search reads every code (and every welcome code's address), and counts against the staff member's share
  // (decision 0035), as the products list's does; a page of the list, newest first, is an indexed read.
  if (search) await requireSearchShare(user.id);
  const [{ result, pagination }, offer] = await Promise.all([
    loadPage(url, ADMIN_DISCOUNTS_PAGE_SIZE, (window) =>
      orBackOfficeRefusal(orUnavailablePage(backend.staffDiscounts.listCodes({ source, search, ...window }))),
    ),
    orUnavailablePage(backend.staffDiscounts.welcomeOffer()),
  ]);
  const now = new Date();
  return {
    source,
    search,
    codes: result.codes.map((code) => toAdminDiscountRow(code, now)),
    totalCount: result.totalCount,
    pagination,
    welcome: {
      enabled: offer.enabled,
      gives: discountDescription({ ...offer, kind: offer.kind }),
      validDays: offer.validDays,
      issued: offer.issued,
      used: offer.used,
    },
  };
}

export const action = refusePostUnlessStaff;

export default function AdminDiscounts() {
  const { source, search, codes, totalCount, pagination, welcome } = useLoaderData<typeof loader>();
  const tab = (to: "staff" | "welcome", label: string) => (
    <Link
      to={to === "staff" ? "/admin/discounts" : "/admin/discounts?source=welcome"}
      aria-current={source === to ? "page" : undefined}
      className={`inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold ${
        source === to ? "bg-sand-100 text-ink" : "text-brand-700 hover:bg-brand-50"
      }`}
    >
      {label}
    </Link>
  );
  return (
    <AdminShell
      title="Discounts"
      actions={
        <Link to="/admin/discounts/new" className="btn-primary">
          New code
        </Link>
      }
    >
      <div className="mt-6">
        <AdminPanel id="welcome-offer-heading" title="Welcome offer">
          <p className="mt-2 text-sm text-ink-muted" data-testid="welcome-offer-summary">
            {welcome.enabled
              ? `On: each newly confirmed newsletter subscriber gets a personal one-use code, ${welcome.gives.toLowerCase()}, for ${welcome.validDays} ${welcome.validDays === 1 ? "day" : "days"}.`
              : "Off: newsletter subscribers get no code."}{" "}
            {welcome.issued > 0 ? `${welcome.issued} made so far, ${welcome.used} used.` : null}
          </p>
          <Link
            to="/admin/discounts/welcome-offer"
            className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline"
          >
            Change the welcome offer
          </Link>
        </AdminPanel>
      </div>
      <nav aria-label="Which codes" className="mt-6 flex flex-wrap gap-2">
        {tab("staff", "Codes")}
        {tab("welcome", "Welcome codes")}
      </nav>
      <Form
        method="get"
        role="search"
        aria-label="Discount codes"
        className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
      >
        {source === "welcome" ? <input type="hidden" name="source" value="welcome" /> : null}
        <ListSearchField
          id="discounts-search"
          value={search}
          maxLength={DISCOUNT_SEARCH_MAX_LENGTH}
          placeholder={source === "welcome" ? "Code or e-mail" : "Code"}
        />
        <button type="submit" className="btn-primary">
          Show codes
        </button>
      </Form>
      <AdminListCount
        count={totalCount}
        noun={["code", "codes"]}
        filtered={search !== ""}
        allHref={source === "welcome" ? "/admin/discounts?source=welcome" : "/admin/discounts"}
      />
      {codes.length > 0 ? (
        <ul
          aria-label="Discount codes, newest first"
          className="mt-3 divide-y divide-sand-200 rounded-2xl border border-sand-200 bg-white"
        >
          {codes.map((code) => (
            <li
              key={code.id}
              className="grid gap-x-4 gap-y-1 px-4 py-3 sm:grid-cols-[1fr_auto_7rem] sm:items-center"
              data-testid="discount-row"
            >
              <div className="min-w-0">
                <Link
                  to={`/admin/discounts/${code.id}`}
                  className="inline-flex min-h-11 max-w-full items-center font-mono font-semibold text-brand-700 hover:underline"
                >
                  <span className="truncate">{code.code}</span>
                </Link>
                <p className="text-sm text-ink-muted">{code.rules}</p>
                {code.welcomeEmail ? <p className="truncate text-sm text-ink-muted">For {code.welcomeEmail}</p> : null}
              </div>
              <p className="text-sm text-ink-muted">
                <span className="font-medium text-ink">{code.state}</span> · {code.uses}
              </p>
              <p className="text-sm text-ink-muted sm:text-right">
                <span className="font-semibold text-ink">{code.given}</span> given
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 rounded-2xl border border-sand-200 bg-sand-50 px-4 py-8 text-center text-ink-muted">
          {search ? "No code matches." : source === "welcome" ? "No welcome codes yet." : "No codes yet."}
        </p>
      )}
      <Pagination links={pagination} className="mt-6" />
    </AdminShell>
  );
}

export const meta: MetaFunction<typeof loader> = ({ error }) => adminMeta("Discounts", error);

export const headers = adminHeaders;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
