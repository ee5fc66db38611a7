// A Supabase project at the network edge, backed by a real database: a `fetch` that answers the requests the
// Supabase adapter sends (PostgREST tables and RPC under /rest/v1, GoTrue under /auth/v1) from a PGlite database
// migrated with supabase/migrations, so the port contract can hold the Supabase adapter to what the SQL adapter
// does. Only the request shapes the adapter sends are understood; anything else is answered 404, so that a new
// shape fails loudly instead of being half-faked. Table reads and writes and RPC run as PostgREST runs them: role
// `anon` or `authenticated` from the bearer token, its subject as request.jwt.claim.sub, so RLS and the grants of
// the migrations decide. The JSON shapes follow GoTrue and PostgREST (fake-supabase.ts has the recorded ones).

import crypto from "node:crypto";
import { openTestDatabase } from "#tests/support/pglite";

import type { SqlDatabase, SqlExecutor } from "~/backend/sql/sql-database";
import { json } from "./fake-supabase";

export const PGLITE_SUPABASE_URL = "https://pglitebackedfake.supabase.co";

const MIN_PASSWORD_LENGTH = 8; // supabase/config.toml: auth.minimum_password_length
const ACCESS_TOKEN_SECONDS = 3600;
const identifier = /^[a-z_][a-z0-9_]*$/;

export interface SupabaseOverPglite {
  url: string;
  anonKey: string;
  /** The service-role key (SUPABASE_SERVICE_ROLE_KEY): its calls run as the database owner, past row-level security. */
  serviceRoleKey: string;
  /** The code of the newest password-recovery link "e-mailed" to an address (GoTrue sends it; the fake keeps it). */
  recoveryCode(email: string): string | undefined;
  fetch: typeof fetch;
  /** Owner access to the database behind the fake (the role that ran the migrations). */
  db: SqlDatabase;
  close(): Promise<void>;
}

interface Claims {
  sub?: string;
  role: string;
  exp: number;
  session_id?: string;
}

/** Thrown inside a handler to answer with a GoTrue or PostgREST error body. */
class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.msg ?? body.message));
  }
}

const authError = (status: number, errorCode: string, msg: string) =>
  new HttpError(status, { code: status, error_code: errorCode, msg });
const restError = (status: number, code: string, message: string, details: string | null = null) =>
  new HttpError(status, { code, message, details, hint: null });

export async function createSupabaseOverPglite(): Promise<SupabaseOverPglite> {
  const { db } = await openTestDatabase();
  const secret = crypto.randomBytes(32);

  const sign = (claims: Record<string, unknown>) => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const unsigned = `${encode({ alg: "HS256", typ: "JWT" })}.${encode(claims)}`;
    return `${unsigned}.${crypto.createHmac("sha256", secret).update(unsigned).digest("base64url")}`;
  };
  const anonKey = sign({ role: "anon", iss: "supabase", exp: 4_102_444_800 });
  const serviceRoleKey = sign({ role: "service_role", iss: "supabase", exp: 4_102_444_800 });

  /** The verified claims of a token; null when its signature does not hold. */
  function verify(token: string): Claims | null {
    const [header, payload, signature] = token.split(".");
    if (!header || !payload || !signature) return null;
    const expected = crypto.createHmac("sha256", secret).update(`${header}.${payload}`).digest("base64url");
    if (expected.length !== signature.length || !crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature)))
      return null;
    return JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Claims;
  }

  // GoTrue's sessions and refresh tokens (users live in auth.users, so the profile trigger and the foreign keys hold).
  // `amr`: how the session began, with the time (GoTrue signs it into every access token of the session).
  const sessions = new Map<string, { userId: string; amr: { method: string; timestamp: number }[] }>();
  const refreshTokens = new Map<string, { sessionId: string; used: boolean }>();
  const authCodes = new Map<string, { userId: string; challenge: string; method: string }>();
  const recoveryCodes = new Map<string, string>();

  // -----------------------------------------------------------------------------------------------------
  // GoTrue (/auth/v1).

  const hashPassword = (password: string) => {
    const salt = crypto.randomBytes(8).toString("hex");
    return `fake$${salt}$${crypto.scryptSync(password, salt, 32, { N: 1024 }).toString("hex")}`;
  };
  const passwordHolds = (password: string, stored: string | null) => {
    const [, salt, hash] = (stored ?? "").split("$");
    return Boolean(salt && hash) && crypto.scryptSync(password, salt!, 32, { N: 1024 }).toString("hex") === hash;
  };

  interface UserRow {
    id: string;
    email: string;
    encrypted_password: string | null;
    raw_user_meta_data: Record<string, unknown>;
    email_confirmed_at: Date | string | null;
    created_at: Date | string;
    updated_at: Date | string;
  }
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  const userColumns =
    "id::text, email, encrypted_password, raw_user_meta_data, email_confirmed_at, created_at, updated_at";
  const findUser = async (where: string, value: string) =>
    (await db.query<UserRow>(`select ${userColumns} from auth.users where ${where}`, [value]))[0];

  function userJson(row: UserRow) {
    return {
      id: row.id,
      aud: "authenticated",
      role: "authenticated",
      email: row.email,
      email_confirmed_at: iso(row.email_confirmed_at),
      app_metadata: { provider: "email", providers: ["email"] },
      user_metadata: row.raw_user_meta_data,
      identities: [
        { id: row.id, user_id: row.id, provider: "email", identity_data: { email: row.email, sub: row.id } },
      ],
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
    };
  }

  function issueSession(row: UserRow, method = "password", sessionId: string = crypto.randomUUID()) {
    const session = sessions.get(sessionId) ?? {
      userId: row.id,
      amr: [{ method, timestamp: Math.floor(Date.now() / 1000) }],
    };
    sessions.set(sessionId, session);
    const refreshToken = crypto.randomBytes(12).toString("base64url");
    refreshTokens.set(refreshToken, { sessionId, used: false });
    const expiresAt = Math.floor(Date.now() / 1000) + ACCESS_TOKEN_SECONDS;
    return {
      access_token: sign({
        sub: row.id,
        role: "authenticated",
        aud: "authenticated",
        email: row.email,
        session_id: sessionId,
        amr: session.amr,
        exp: expiresAt,
        iat: expiresAt - ACCESS_TOKEN_SECONDS,
      }),
      token_type: "bearer",
      expires_in: ACCESS_TOKEN_SECONDS,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: userJson(row),
    };
  }

  function endSessions(keep: (session: { userId: string }, id: string) => boolean) {
    for (const [id, session] of sessions) if (!keep(session, id)) sessions.delete(id);
    for (const [token, refresh] of refreshTokens) if (!sessions.has(refresh.sessionId)) refreshTokens.delete(token);
  }

  /** GoTrue's check of a bearer token: signed, unexpired, and its session still there. */
  async function requireSessionUser(request: Request): Promise<{ claims: Claims; row: UserRow }> {
    const claims = verify(bearerOf(request) ?? "");
    if (!claims?.sub) throw authError(403, "bad_jwt", "invalid JWT: unable to parse or verify signature");
    if (claims.exp <= Date.now() / 1000) throw authError(403, "bad_jwt", "invalid JWT: token is expired");
    if (!claims.session_id || !sessions.has(claims.session_id)) {
      throw authError(403, "session_not_found", "Session from session_id claim in JWT does not exist");
    }
    const row = await findUser("id = $1::uuid", claims.sub);
    if (!row) throw authError(403, "user_not_found", "User from sub claim in JWT does not exist");
    return { claims, row };
  }

  function checkPassword(password: unknown): string {
    if (typeof password !== "string" || password.length < MIN_PASSWORD_LENGTH) {
      throw new HttpError(422, {
        code: 422,
        error_code: "weak_password",
        msg: `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
        weak_password: { reasons: ["length"] },
      });
    }
    return password;
  }

  async function auth(request: Request, path: string, url: URL): Promise<Response> {
    const body = (request.method === "GET" ? {} : await request.json().catch(() => ({}))) as Record<string, unknown>;
    const route = `${request.method} ${path}`;

    if (route === "GET /settings") {
      // Confirmations off (GoTrue's MAILER_AUTOCONFIRM): sign-up answers with a session, as on the SQL backends.
      return json({ external: { email: true, google: false }, disable_signup: false, mailer_autoconfirm: true });
    }

    if (route === "POST /signup") {
      const email = String(body.email ?? "")
        .trim()
        .toLowerCase();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
        throw authError(400, "validation_failed", "Unable to validate email address: invalid format");
      }
      const password = checkPassword(body.password);
      const existing = await findUser("lower(email) = $1", email);
      if (existing?.email_confirmed_at) throw authError(422, "user_already_exists", "User already registered");
      // GoTrue's signup.go on an unconfirmed account: "do not update the user because we can't be sure of their
      // claimed identity" (its password stays), and with confirmations off it is confirmed and signed in.
      if (existing) {
        const [confirmed] = await db.query<UserRow>(
          `update auth.users set email_confirmed_at = now() where id = $1::uuid returning ${userColumns}`,
          [existing.id],
        );
        return json(issueSession(confirmed!));
      }
      const [row] = await db.query<UserRow>(
        `insert into auth.users (email, encrypted_password, raw_user_meta_data, email_confirmed_at)
         values ($1, $2, $3::jsonb, now()) returning ${userColumns}`,
        [email, hashPassword(password), JSON.stringify(body.data ?? {})],
      );
      return json(issueSession(row!));
    }

    if (route === "POST /token") {
      const grant = url.searchParams.get("grant_type");
      if (grant === "password") {
        const row = await findUser(
          "lower(email) = $1",
          String(body.email ?? "")
            .trim()
            .toLowerCase(),
        );
        if (!row || !passwordHolds(String(body.password ?? ""), row.encrypted_password)) {
          throw authError(400, "invalid_credentials", "Invalid login credentials");
        }
        if (!row.email_confirmed_at) throw authError(400, "email_not_confirmed", "Email not confirmed");
        return json(issueSession(row));
      }
      if (grant === "refresh_token") {
        const refresh = refreshTokens.get(String(body.refresh_token ?? ""));
        const session = refresh && sessions.get(refresh.sessionId);
        if (!refresh || !session)
          throw authError(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
        if (refresh.used) throw authError(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used");
        refresh.used = true;
        const row = await findUser("id = $1::uuid", session.userId);
        return json(issueSession(row!, undefined, refresh.sessionId));
      }
      if (grant === "pkce") {
        const code = authCodes.get(String(body.auth_code ?? ""));
        if (!code) throw authError(404, "flow_state_not_found", "invalid flow state, no valid flow state found");
        authCodes.delete(String(body.auth_code));
        const verifier = crypto
          .createHash("sha256")
          .update(String(body.code_verifier ?? ""))
          .digest("base64url");
        if (verifier !== code.challenge)
          throw authError(403, "bad_code_verifier", "code challenge does not match previously saved code verifier");
        const row = await findUser("id = $1::uuid", code.userId);
        return json(issueSession(row!, code.method));
      }
    }

    if (route === "GET /user") return json(userJson((await requireSessionUser(request)).row));

    if (route === "PUT /user") {
      const { claims, row } = await requireSessionUser(request);
      if (body.password !== undefined) {
        const password = checkPassword(body.password);
        if (passwordHolds(password, row.encrypted_password)) {
          throw authError(422, "same_password", "New password should be different from the old password.");
        }
        await db.query("update auth.users set encrypted_password = $2, updated_at = now() where id = $1::uuid", [
          row.id,
          hashPassword(password),
        ]);
        // GoTrue's UpdatePassword: every other session of the user ends, and so do its one-time tokens (a recovery
        // link sent before the change no longer works).
        endSessions((session, id) => session.userId !== row.id || id === claims.session_id);
        for (const [code, pending] of authCodes)
          if (pending.userId === row.id && pending.method === "recovery") authCodes.delete(code);
      }
      return json(userJson((await findUser("id = $1::uuid", row.id))!));
    }

    if (route === "POST /logout") {
      const { claims } = await requireSessionUser(request);
      const scope = url.searchParams.get("scope") ?? "global";
      endSessions((session, id) =>
        scope === "local"
          ? id !== claims.session_id
          : scope === "others"
            ? session.userId !== claims.sub || id === claims.session_id
            : session.userId !== claims.sub,
      );
      return new Response(null, { status: 204 });
    }

    // A recovery link in the PKCE flow: GoTrue e-mails a link whose landing carries a code that only the browser that
    // asked (it holds the verifier of `code_challenge`) can exchange. The fake keeps the code instead of sending it.
    if (route === "POST /recover") {
      const row = await findUser(
        "lower(email) = $1",
        String(body.email ?? "")
          .trim()
          .toLowerCase(),
      );
      if (row && typeof body.code_challenge === "string") {
        const code = crypto.randomUUID();
        authCodes.set(code, { userId: row.id, challenge: body.code_challenge, method: "recovery" });
        recoveryCodes.set(row.email.toLowerCase(), code);
      }
      return json({});
    }

    // The e-mail itself is not sent: the contract only asks that this answers.
    if (route === "POST /resend") return json({});

    const adminUser = /^\/admin\/users(?:\/([0-9a-f-]{36}))?$/.exec(path);
    if (adminUser) return adminUsers(request.method, adminUser[1], body, request);

    return json({ message: `The fake does not answer ${route}` }, 404);
  }

  /**
   * GoTrue's admin API, for the service role only: POST /admin/users creates a user, PUT /admin/users/{id} updates
   * one. A new password ends every session of the user and its one-time links (admin.go calls UpdatePassword(tx,
   * nil)); `email_confirm` confirms the address.
   */
  async function adminUsers(
    method: string,
    userId: string | undefined,
    body: Record<string, unknown>,
    request: Request,
  ): Promise<Response> {
    if (verify(bearerOf(request) ?? "")?.role !== "service_role") throw authError(403, "not_admin", "User not allowed");
    const confirmed = body.email_confirm === true;
    if (method === "POST" && !userId) {
      const email = String(body.email ?? "")
        .trim()
        .toLowerCase();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
        throw authError(400, "validation_failed", "Unable to validate email address: invalid format");
      }
      const password = body.password === undefined ? null : hashPassword(checkPassword(body.password));
      if (await findUser("lower(email) = $1", email)) {
        throw authError(422, "email_exists", "A user with this email address has already been registered");
      }
      const [row] = await db.query<UserRow>(
        `insert into auth.users (email, encrypted_password, raw_user_meta_data, email_confirmed_at)
         values ($1, $2, $3::jsonb, case when $4 then now() end) returning ${userColumns}`,
        [email, password, JSON.stringify(body.user_metadata ?? {}), confirmed],
      );
      return json(userJson(row!));
    }
    if (method === "PUT" && userId) {
      const row = await findUser("id = $1::uuid", userId);
      if (!row) throw authError(404, "user_not_found", "User not found");
      if (body.password !== undefined) {
        await db.query("update auth.users set encrypted_password = $2, updated_at = now() where id = $1::uuid", [
          row.id,
          hashPassword(checkPassword(body.password)),
        ]);
        endSessions((session) => session.userId !== row.id);
        for (const [code, pending] of authCodes) if (pending.userId === row.id) authCodes.delete(code);
      }
      if (confirmed) {
        await db.query(
          "update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1::uuid",
          [row.id],
        );
      }
      return json(userJson((await findUser("id = $1::uuid", row.id))!));
    }

    return json({ message: `The fake does not answer ${method} /admin/users` }, 404);
  }

  // -----------------------------------------------------------------------------------------------------
  // PostgREST (/rest/v1).

  /** As PostgREST: the role and subject come from the bearer token (the anon key is a token too). */
  function claimsOf(request: Request): Claims {
    const apiKey = request.headers.get("apikey");
    if (apiKey !== anonKey && apiKey !== serviceRoleKey) throw new HttpError(401, { message: "Invalid API key" });
    const claims = verify(bearerOf(request) ?? "");
    if (!claims) throw restError(401, "PGRST301", "No suitable key or wrong key type");
    if (claims.exp <= Date.now() / 1000) throw restError(401, "PGRST303", "JWT expired");
    return claims;
  }

  function asRole<T>(claims: Claims, work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    // The stand-in has no service_role role: the owner, who bypasses RLS as service_role does, stands in for it.
    if (claims.role === "service_role") return db.transaction(work);
    return db.transaction(async (tx) => {
      // Supabase's service_role bypasses row-level security; the test database has no such role, so its calls run as
      // the owner that ran the migrations (the grants to service_role are left untested here).
      if (claims.role === "service_role") return work(tx);
      await tx.query(
        "select set_config('role', $1, true), set_config('request.jwt.claim.sub', $2, true), set_config('request.jwt.claims', $3, true)",
        [claims.role, claims.sub ?? "", JSON.stringify(claims)],
      );
      return work(tx);
    });
  }

  const foreignKeys = new Map<string, { childColumn: string; parentColumn: string }>();
  async function foreignKey(child: string, parent: string) {
    const key = `${child}->${parent}`;
    if (!foreignKeys.has(key)) {
      const [row] = await db.query<{ child_column: string; parent_column: string }>(
        `select a.attname::text as child_column, b.attname::text as parent_column
         from pg_catalog.pg_constraint c
         join pg_catalog.pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
         join pg_catalog.pg_attribute b on b.attrelid = c.confrelid and b.attnum = c.confkey[1]
         where c.contype = 'f' and c.conrelid = $1::regclass and c.confrelid = $2::regclass`,
        [`public.${child}`, `public.${parent}`],
      );
      if (!row) throw restError(400, "PGRST200", `Could not find a relationship between '${parent}' and '${child}'`);
      foreignKeys.set(key, { childColumn: row.child_column, parentColumn: row.parent_column });
    }
    return foreignKeys.get(key)!;
  }

  /** select=a,b,rel(c,d) → SQL select list for `alias`, embedding child tables as JSON arrays. */
  async function selectList(table: string, alias: string, select: string, orders: URLSearchParams): Promise<string> {
    const items: string[] = [];
    for (const item of splitTopLevel(select)) {
      const embedded = /^([a-z_][a-z0-9_]*)\((.*)\)$/.exec(item);
      if (embedded) {
        const [, child, columns] = embedded as unknown as [string, string, string];
        const { childColumn, parentColumn } = await foreignKey(child, table);
        const inner = `${alias}_${child}`;
        const order = orderBy(inner, orders.get(`${child}.order`));
        items.push(
          `(select coalesce(json_agg(e), '[]'::json) from (select ${await selectList(child, inner, columns, orders)}
             from public.${quote(child)} ${inner} where ${inner}.${quote(childColumn)} = ${alias}.${quote(parentColumn)} ${order}) e)
           as ${quote(child)}`,
        );
      } else if (item === "*") {
        items.push(`${alias}.*`);
      } else {
        items.push(`${alias}.${quote(item)}`);
      }
    }
    return items.join(", ");
  }

  function orderBy(alias: string, order: string | null): string {
    if (!order) return "";
    const terms = order.split(",").map((term) => {
      const [column = "", direction = "asc", nulls] = term.split(".");
      if (!["asc", "desc"].includes(direction)) throw restError(400, "PGRST100", `Bad order: ${term}`);
      return `${alias}.${quote(column)} ${direction}${nulls ? ` ${nulls === "nullsfirst" ? "nulls first" : "nulls last"}` : ""}`;
    });
    return `order by ${terms.join(", ")}`;
  }

  const reserved = new Set(["select", "order", "limit", "offset", "on_conflict", "columns"]);

  /** col=eq.v, col=in.("a","b"), col=not.in.(...): the filters the adapter sends, as SQL with parameters. */
  function whereClause(alias: string, params: URLSearchParams, values: unknown[]): string {
    const conditions: string[] = [];
    for (const [column, filter] of params) {
      if (reserved.has(column) || column.includes(".")) continue;
      const negated = filter.startsWith("not.");
      const [operator, ...rest] = (negated ? filter.slice(4) : filter).split(".");
      const operand = rest.join(".");
      let condition: string;
      if (operator === "eq" || operator === "neq") {
        values.push(operand);
        condition = `${alias}.${quote(column)} ${operator === "eq" ? "=" : "<>"} $${values.length}`;
      } else if (operator === "in") {
        values.push(parseList(operand));
        condition = `${alias}.${quote(column)} = any($${values.length})`;
      } else {
        throw restError(400, "PGRST100", `The fake does not understand the filter ${column}=${filter}`);
      }
      conditions.push(negated ? `not (${condition})` : condition);
    }
    return conditions.length > 0 ? `where ${conditions.join(" and ")}` : "";
  }

  async function rest(request: Request, path: string, url: URL): Promise<Response> {
    const claims = claimsOf(request);
    const prefer = preferences(request.headers.get("Prefer"));
    const params = url.searchParams;

    const rpc = /^\/rpc\/([a-z_][a-z0-9_]*)$/.exec(path);
    if (rpc && request.method === "POST")
      return callFunction(rpc[1]!, claims, (await request.json()) as Record<string, unknown>);

    const table = /^\/([a-z_][a-z0-9_]*)$/.exec(path)?.[1];
    if (!table) return json({ message: `The fake does not answer ${request.method} /rest/v1${path}` }, 404);
    const target = `public.${quote(table)}`;
    const select = params.get("select") ?? "*";
    const values: unknown[] = [];

    if (request.method === "GET" || request.method === "HEAD") {
      const where = whereClause("t", params, values);
      const limit = params.has("limit") ? Number(params.get("limit")) : null;
      const offset = Number(params.get("offset") ?? 0);
      const columns = await selectList(table, "t", select, params);
      return asRole(claims, async (tx) => {
        const total =
          prefer.count === "exact"
            ? (await tx.query<{ n: number }>(`select count(*)::int as n from ${target} t ${where}`, values))[0]!.n
            : null;
        if (total !== null && offset > 0 && offset > total) {
          throw restError(
            416,
            "PGRST103",
            "Requested range not satisfiable",
            `An offset of ${offset} was requested, but there are only ${total} rows.`,
          );
        }
        const rows =
          request.method === "HEAD"
            ? []
            : await rowsOf(
                tx,
                `select ${columns} from ${target} t ${where} ${orderBy("t", params.get("order"))}
                 ${limit === null ? "" : `limit ${Math.trunc(limit)}`} offset ${Math.trunc(offset)}`,
                values,
              );
        const range = rows.length > 0 ? `${offset}-${offset + rows.length - 1}` : "*";
        const headers = { "Content-Range": `${range}/${total ?? "*"}` };
        return request.method === "HEAD" ? new Response(null, { status: 200, headers }) : json(rows, 200, headers);
      });
    }

    const body =
      request.method === "DELETE"
        ? null
        : ((await request.json()) as Record<string, unknown> | Record<string, unknown>[]);
    const returning =
      prefer.return === "representation" ? `returning ${await selectList(table, "t", select, params)}` : "";
    const answer = (rows: unknown[], created = false) =>
      prefer.return === "representation"
        ? json(rows, created ? 201 : 200)
        : new Response(null, { status: created ? 201 : 204 });

    if (request.method === "POST") {
      const records = Array.isArray(body) ? body : [body!];
      const columns = Object.keys(records[0] ?? {}).map(quote);
      const conflict = params.get("on_conflict")?.split(",").map(quote).join(", ");
      const onConflict = !conflict
        ? ""
        : prefer.resolution === "ignore-duplicates"
          ? `on conflict (${conflict}) do nothing`
          : prefer.resolution === "merge-duplicates"
            ? `on conflict (${conflict}) do update set ${columns.map((column) => `${column} = excluded.${column}`).join(", ")}`
            : "";
      values.push(JSON.stringify(records));
      return asRole(claims, async (tx) =>
        answer(
          await rowsOf(
            tx,
            `insert into ${target} as t (${columns.join(", ")})
             select ${columns.join(", ")} from json_populate_recordset(null::${target}, $1::json) ${onConflict} ${returning}`,
            values,
          ),
          true,
        ),
      );
    }

    if (request.method === "PATCH") {
      values.push(JSON.stringify(body));
      const where = whereClause("t", params, values);
      const assignments = Object.keys(body ?? {}).map((column) => `${quote(column)} = r.${quote(column)}`);
      return asRole(claims, async (tx) =>
        answer(
          await rowsOf(
            tx,
            `update ${target} t set ${assignments.join(", ")} from json_populate_record(null::${target}, $1::json) r ${where} ${returning}`,
            values,
          ),
        ),
      );
    }

    if (request.method === "DELETE") {
      const where = whereClause("t", params, values);
      return asRole(claims, async (tx) =>
        answer(await rowsOf(tx, `delete from ${target} t ${where} ${returning}`, values)),
      );
    }

    return json({ message: `The fake does not answer ${request.method} /rest/v1${path}` }, 405);
  }

  /** POST /rest/v1/rpc/fn: named arguments from the JSON body, cast to the function's own argument types. */
  async function callFunction(name: string, claims: Claims, args: Record<string, unknown>): Promise<Response> {
    const [fn] = await db.query<{
      arg_names: string[] | null;
      arg_types: string[];
      returns: string;
      returns_set: boolean;
    }>(
      `select p.proargnames::text[] as arg_names, p.proargtypes::regtype[]::text[] as arg_types, p.prorettype::regtype::text as returns,
              p.proretset as returns_set
       from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.proname = $1`,
      [name],
    );
    if (!fn) throw restError(404, "PGRST202", `Could not find the function public.${name} in the schema cache`);
    const names = fn.arg_names ?? [];
    const values: unknown[] = [];
    const named = Object.entries(args).map(([argument, value]) => {
      const index = names.indexOf(argument);
      if (index < 0 || !identifier.test(argument)) {
        throw restError(
          404,
          "PGRST202",
          `Could not find the function public.${name}(${Object.keys(args).join(", ")}) in the schema cache`,
        );
      }
      const type = fn.arg_types[index]!;
      values.push(JSON.stringify(value));
      const n = values.length;
      if (type === "jsonb" || type === "json") return `${argument} => $${n}::${type}`;
      // A JSON array for an array argument (e.g. text[]), as PostgREST converts it.
      if (type.endsWith("[]")) return `${argument} => array(select jsonb_array_elements_text($${n}::jsonb))::${type}`;
      return `${argument} => ($${n}::jsonb #>> '{}')::${type}`;
    });
    const call = `public.${quote(name)}(${named.join(", ")})`;
    return asRole(claims, async (tx) => {
      if (fn.returns === "void") {
        await tx.query(`select ${call}`, values);
        return new Response(null, { status: 204 });
      }
      // A set-returning function answers a JSON array, as PostgREST does.
      const [row] = await tx.query<{ result: unknown }>(
        fn.returns_set
          ? `select coalesce(json_agg(r), '[]'::json) as result from ${call} as r`
          : `select to_json(${call}) as result`,
        values,
      );
      return json(row?.result ?? null);
    });
  }

  const fakeFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== PGLITE_SUPABASE_URL)
      throw new TypeError(`fetch failed: the fake answers only ${PGLITE_SUPABASE_URL}`);
    try {
      if (url.pathname.startsWith("/auth/v1/")) return await auth(request, url.pathname.slice("/auth/v1".length), url);
      if (url.pathname.startsWith("/rest/v1/")) return await rest(request, url.pathname.slice("/rest/v1".length), url);
      return json({ message: `The fake does not answer ${request.method} ${url.pathname}` }, 404);
    } catch (error) {
      if (error instanceof HttpError) return json(error.body, error.status);
      const sqlError = error as { code?: string; message?: string; detail?: string; hint?: string };
      if (typeof sqlError.code === "string") {
        const status = statusForSqlState(sqlError.code, request.headers.get("Authorization") === `Bearer ${anonKey}`);
        return json(
          {
            code: sqlError.code,
            message: sqlError.message,
            details: sqlError.detail ?? null,
            hint: sqlError.hint ?? null,
          },
          status,
        );
      }
      throw error;
    }
  };

  return {
    url: PGLITE_SUPABASE_URL,
    anonKey,
    serviceRoleKey,
    recoveryCode: (email) => recoveryCodes.get(email.toLowerCase()),
    fetch: fakeFetch,
    db,
    close: () => db.close(),
  };
}

/** The rows of a statement as PostgREST's JSON (json_agg); a write without RETURNING answers none. */
async function rowsOf(tx: SqlExecutor, text: string, values: unknown[]): Promise<unknown[]> {
  if (!/\breturning\b/.test(text) && !/^\s*select\b/.test(text)) {
    await tx.query(text, values);
    return [];
  }
  const [row] = await tx.query<{ rows: unknown[] }>(
    `with r as (${text}) select coalesce(json_agg(r), '[]'::json) as rows from r`,
    values,
  );
  return row?.rows ?? [];
}

function bearerOf(request: Request): string | null {
  const authorization = request.headers.get("Authorization") ?? "";
  return authorization.startsWith("Bearer ") ? authorization.slice("Bearer ".length) : null;
}

function quote(name: string): string {
  if (!identifier.test(name)) throw restError(400, "PGRST100", `Not a column the fake accepts: ${name}`);
  return `"${name}"`;
}

function preferences(header: string | null): Record<string, string> {
  return Object.fromEntries(
    (header ?? "")
      .split(",")
      .map((part) => part.trim().split("="))
      .filter((pair): pair is [string, string] => pair.length === 2),
  );
}

/** a,b,rel(c,d) → ["a", "b", "rel(c,d)"] */
function splitTopLevel(select: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let current = "";
  for (const character of select.replace(/\s+/g, "")) {
    if (character === "," && depth === 0) {
      items.push(current);
      current = "";
      continue;
    }
    if (character === "(") depth += 1;
    if (character === ")") depth -= 1;
    current += character;
  }
  if (current) items.push(current);
  return items;
}

/** PostgREST's list syntax: ("a","b\"c",d) → ['a', 'b"c', 'd']. */
function parseList(operand: string): string[] {
  const inner = operand.replace(/^\(/, "").replace(/\)$/, "");
  const values: string[] = [];
  const pattern = /"((?:[^"\\]|\\.)*)"|([^,]+)/g;
  for (const match of inner.matchAll(pattern)) {
    values.push(match[1] !== undefined ? match[1].replace(/\\(.)/g, "$1") : match[2]!);
  }
  return values;
}

/** PostgREST's table of SQLSTATEs to HTTP statuses (the part the shop's schema can raise). */
function statusForSqlState(code: string, anonymous: boolean): number {
  if (code === "42501") return anonymous ? 401 : 403;
  if (code === "23503" || code === "23505") return 409;
  if (code === "42883" || code === "42P01") return 404;
  if (code.startsWith("08") || code.startsWith("53")) return 503;
  if (/^(09|25|2D|38|39|3B|40|55|57|58|F0|HV|XX)/.test(code) || (code.startsWith("P0") && code !== "P0001")) return 500;
  return 400;
}
