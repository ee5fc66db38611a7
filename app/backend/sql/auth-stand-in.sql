-- A stand-in for the part of Supabase's `auth` schema that supabase/migrations relies on: auth.users
-- (id, email, raw_user_meta_data, created_at), auth.uid(), and the roles anon and authenticated.
-- Applied by the embedded and postgres backends only, before the migrations, on every start:
-- every statement must be idempotent (if not exists, or replace, guarded blocks).
-- The rest (password hashes, sessions, sign-in throttling) serves the app's own sign-in and is never
-- reachable by anon or authenticated.

do $$
begin
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  -- The app switches to these roles per transaction (set_config('role', ...)), as PostgREST does.
  if not pg_catalog.pg_has_role(current_user, 'anon', 'member') then
    execute pg_catalog.format('grant anon to %I', current_user);
  end if;
  if not pg_catalog.pg_has_role(current_user, 'authenticated', 'member') then
    execute pg_catalog.format('grant authenticated to %I', current_user);
  end if;
end;
$$;

create schema if not exists auth;

create table if not exists auth.users (
  id uuid primary key default gen_random_uuid(),
  email text not null check (char_length(email) <= 320),
  -- scrypt$N$r$p$salt$hash (app/backend/sql/passwords.server.ts); null for Google-only accounts.
  encrypted_password text,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create unique index if not exists users_email_key on auth.users (lower(email));

-- Only a SHA-256 of the session token is stored: the cookie holds the token itself.
create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);

create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.sign_in_failures (
  email text primary key,
  failures integer not null,
  first_failed_at timestamptz not null,
  locked_until timestamptz
);

-- Per-client rate-limit counters (sign-in, sign-up, forgotten password, checkout) on the postgres backend, so that
-- several app instances count together; Supabase and the embedded backend count in memory. The layout is the one
-- rate-limiter-flexible's RateLimiterPostgres reads and writes: key "<rule>:<client>", points used, expiry (epoch ms).
create table if not exists auth.rate_limits (
  key varchar(255) primary key,
  points integer not null default 0,
  expire bigint
);
revoke all on table auth.rate_limits from anon, authenticated;

-- As in Supabase: the user id of the request, from the claim the app (or PostgREST) set for the transaction.
create or replace function auth.uid()
returns uuid
language sql
stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

grant usage on schema auth to anon, authenticated;
grant execute on function auth.uid() to anon, authenticated;
revoke all on table auth.users, auth.sessions, auth.sign_in_failures from anon, authenticated;
grant usage on schema public to anon, authenticated;

-- E-mailed links (decision 0016): address confirmation on sign-up (24 h) and password reset (1 h). Single use
-- (used_at), and only a SHA-256 of the token is stored; the link itself travels once, in public.outbox.
-- Accounts that existed before address confirmation count as confirmed (the default fills them once).
alter table auth.users add column if not exists email_confirmed_at timestamptz default now();
alter table auth.users alter column email_confirmed_at drop default;

create table if not exists auth.email_link_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  purpose text not null check (purpose in ('confirm', 'reset')),
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

create index if not exists email_link_tokens_user_id_idx on auth.email_link_tokens (user_id, purpose, created_at desc);

revoke all on table auth.email_link_tokens from anon, authenticated;

-- A session opened by a password-reset link may set a new password without the current one until recovery_until
-- (15 minutes), once: setting it, or the password changing any other way, clears it (decision 0027). Server-side, so
-- that a saved cookie cannot be replayed with another session.
alter table auth.sessions add column if not exists recovery_until timestamptz;

-- Pending (unconfirmed) accounts are removed after a week and replaced by the next sign-up with their address
-- (decision 0032): this index finds them without reading every account.
create index if not exists users_pending_created_at_idx on auth.users (created_at) where email_confirmed_at is null;
