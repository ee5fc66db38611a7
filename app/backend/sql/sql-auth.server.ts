// The SQL adapter's AuthPort (embedded and postgres backends): sessions (sql-sessions.server.ts), passwords and the
// sign-in lockout (sql-password-auth.server.ts) and e-mailed links (sql-email-link-auth.server.ts), put together.
import type { AuthPort } from "~/backend/ports/auth";
import { defaultScryptCost, type ScryptCost } from "./passwords.server";
import type { SqlDatabase } from "./sql-database";
import { emailLinkMethods } from "./sql-email-link-auth.server";
import { passwordMethods } from "./sql-password-auth.server";
import { createSqlSessions, sessionMethods, type SqlSessionOptions } from "./sql-sessions.server";
import { staffSetupMethods } from "./sql-staff-setup.server";

export interface SqlAuthOptions extends SqlSessionOptions {
  scryptCost?: ScryptCost;
  /** Injected by tests to step through the sign-in throttle. */
  now?: () => Date;
  /**
   * The shop delivers e-mail (decision 0016): a new account confirms its address by an e-mailed link before it can
   * sign in, and a forgotten password is reset by one. False (MAIL=off, and the default in tests): accounts are
   * confirmed at once.
   */
  sendsEmail?: boolean;
}

/** The auth of the database `db` (which must be migrated): `authFor` gives each request its AuthPort. */
export function createSqlAuthFactory(db: SqlDatabase, options: SqlAuthOptions) {
  const context = {
    db,
    now: options.now ?? (() => new Date()),
    scryptCost: options.scryptCost ?? defaultScryptCost,
    sendsEmail: options.sendsEmail === true,
  };
  const sessionFor = createSqlSessions(context, options);

  return function authFor(request: Request, responseHeaders: Headers): AuthPort {
    const session = sessionFor(request, responseHeaders);
    return {
      ...sessionMethods(context, session),
      ...passwordMethods(context, session),
      ...emailLinkMethods(context, session, context.sendsEmail),
      ...staffSetupMethods(context, session),
    };
  };
}
