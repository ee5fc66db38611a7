import { Form, Link } from "@remix-run/react";

import { useCloseOnNavigate } from "~/components/use-close-on-navigate";

export interface HeaderUser {
  email: string;
  fullName: string | null;
  avatarUrl: string | null;
}

export function Avatar({ user, size = "sm" }: { user: HeaderUser; size?: "sm" | "lg" }) {
  const initial = (user.fullName || user.email || "U").trim().charAt(0).toUpperCase();
  const dimensions = size === "lg" ? "size-20 text-3xl" : "size-8 text-sm";
  // Avatars from identity providers live on other hosts; the CSP allows only our own images, so show the initial.
  return (
    <span
      className={`flex ${dimensions} items-center justify-center rounded-full bg-brand-700 font-semibold text-white`}
      aria-hidden
    >
      {initial}
    </span>
  );
}

/** The signed-in menu as a <details> disclosure, so it opens without JavaScript. */
export function UserMenu({ user }: { user: HeaderUser }) {
  const ref = useCloseOnNavigate();
  return (
    <details ref={ref} className="relative">
      <summary
        className="flex size-11 items-center justify-center rounded-full hover:bg-sand-100"
        aria-label="Account menu"
      >
        <Avatar user={user} />
      </summary>
      <div className="absolute right-0 z-40 mt-2 w-64 max-w-[calc(100vw-1rem)] rounded-xl border border-sand-200 bg-white p-2 shadow-lg">
        <div className="border-b border-sand-200 px-3 py-2">
          {/* A long name or address is cut to two lines / one line; the full value is in the title (and on /profile). */}
          <p className="line-clamp-2 font-medium text-ink" title={user.fullName || undefined} dir="auto">
            {user.fullName || "User"}
          </p>
          <p className="truncate text-sm text-ink-muted" title={user.email}>
            {user.email}
          </p>
        </div>
        <ul className="py-1">
          <MemberMenuItems itemClassName="block w-full rounded-md px-3 py-3 text-left text-sm hover:bg-sand-100" />
        </ul>
      </div>
    </details>
  );
}

/** The signed-in member's entries (Profile, Orders, Sign out), in the account menu and in the phone menu. */
export function MemberMenuItems({ itemClassName }: { itemClassName: string }) {
  return (
    <>
      <li>
        <Link to="/profile" className={itemClassName}>
          Profile
        </Link>
      </li>
      <li>
        <Link to="/orders" className={itemClassName}>
          Orders
        </Link>
      </li>
      <li>
        <Form method="post" action="/sign-out">
          <button type="submit" className={itemClassName}>
            Sign out
          </button>
        </Form>
      </li>
    </>
  );
}
