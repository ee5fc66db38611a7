-- The transactional outbox (issue 17): every e-mail the shop sends is first a row here, written in the same
-- transaction as the event that causes it (an order, a subscription, a sign-up, a reset request). A sender in
-- the shop process claims due rows (FOR UPDATE SKIP LOCKED, with a lease), delivers them and marks them sent;
-- a crash between the commit and the send leaves the row due, so it is delivered after the restart.
-- Nobody reaches it through the API: row-level security on, no policies, no privileges for anon or
-- authenticated. The sender runs as the database owner (embedded, postgres) or with the service-role key
-- (Supabase), through claim_outbox and finish_outbox below.

create table public.outbox (
  id uuid primary key default gen_random_uuid(),
  -- Which template renders it (app/modules/mail/templates.server.tsx).
  kind text not null check (char_length(kind) between 1 and 64),
  recipient text not null check (char_length(recipient) between 3 and 320),
  -- What the template needs, written by the event (e.g. the order and its lines).
  payload jsonb not null default '{}'::jsonb check (jsonb_typeof(payload) = 'object'),
  -- A link's one-time token, in clear only until the message is sent or given up (then nulled): the
  -- tables that check it store only its SHA-256.
  secret text,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- A sender that claimed the row owns it until then; a sender that died loses it then.
  claimed_until timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  failed_at timestamptz
);

create index outbox_due_idx on public.outbox (next_attempt_at) where sent_at is null and failed_at is null;

alter table public.outbox enable row level security;
revoke all on table public.outbox from anon, authenticated;

-- Up to p_limit due messages, each leased to the caller for p_lease_seconds. SKIP LOCKED: two senders
-- claiming at once get different rows, and a leased row is not due again before its lease ends.
create function public.claim_outbox(p_limit integer, p_lease_seconds integer)
returns setof public.outbox
language sql
security definer
set search_path = ''
as $$
  update public.outbox as o
  set claimed_until = now() + make_interval(secs => greatest(p_lease_seconds, 1)), attempts = o.attempts + 1
  where o.id in (
    select d.id from public.outbox as d
    where d.sent_at is null and d.failed_at is null and d.next_attempt_at <= now()
      and (d.claimed_until is null or d.claimed_until <= now())
    order by d.next_attempt_at, d.created_at
    limit least(greatest(p_limit, 1), 100)
    for update skip locked
  )
  returning o.*;
$$;

-- After a delivery attempt: sent (p_outcome 'sent'), try again at p_retry_at ('retry'), or given up ('failed').
-- The clear-text token goes once the message is sent or given up.
create function public.finish_outbox(p_id uuid, p_outcome text, p_error text, p_retry_at timestamptz)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_outcome = 'sent' then
    update public.outbox set sent_at = now(), secret = null, claimed_until = null, last_error = null where id = p_id;
  elsif p_outcome = 'retry' then
    update public.outbox set next_attempt_at = p_retry_at, claimed_until = null, last_error = left(p_error, 2000) where id = p_id;
  elsif p_outcome = 'failed' then
    update public.outbox set failed_at = now(), secret = null, claimed_until = null, last_error = left(p_error, 2000) where id = p_id;
  else
    raise exception 'Unknown outcome %', p_outcome using errcode = 'LB004';
  end if;
end;
$$;

revoke execute on function public.claim_outbox(integer, integer) from public, anon, authenticated;
revoke execute on function public.finish_outbox(uuid, text, text, timestamptz) from public, anon, authenticated;

-- Supabase's service role (the sender's key there); the embedded and postgres backends have no such role.
do $$
begin
  if exists (select 1 from pg_catalog.pg_roles where rolname = 'service_role') then
    grant select, insert, update on table public.outbox to service_role;
    grant execute on function public.claim_outbox(integer, integer) to service_role;
    grant execute on function public.finish_outbox(uuid, text, text, timestamptz) to service_role;
  end if;
end;
$$;

-- ---------------------------------------------------------------------------------------------------
-- Newsletter double opt-in: a subscription is pending until its e-mailed link is followed. Addresses that
-- subscribed before this migration (single opt-in) stay subscribed.

alter table public.newsletter_subscribers
  add column status text not null default 'confirmed' check (status in ('pending', 'confirmed', 'unsubscribed')),
  add column confirm_token_hash text unique,
  add column confirm_sent_at timestamptz,
  add column unsubscribe_token_hash text unique,
  add column confirmed_at timestamptz,
  add column unsubscribed_at timestamptz;

alter table public.newsletter_subscribers alter column status set default 'pending';

-- 64 hex characters from two random UUIDs (244 random bits): gen_random_uuid is core PostgreSQL 13+,
-- unlike pgcrypto's gen_random_bytes.
create function public.new_link_token()
returns text
language sql
volatile
set search_path = ''
as $$
  select replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')
$$;

create function public.hash_link_token(p_token text)
returns text
language sql
immutable
set search_path = ''
as $$
  select encode(sha256(convert_to(p_token, 'UTF8')), 'hex')
$$;

revoke execute on function public.new_link_token() from public, anon, authenticated;
revoke execute on function public.hash_link_token(text) from public, anon, authenticated;

-- Subscribing says the same whatever the address's state, so it reveals nothing. A new or pending (at most
-- one e-mail every 5 minutes) or unsubscribed address gets a confirmation link; a confirmed one nothing.
create or replace function public.subscribe_to_newsletter(p_email text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text := btrim(p_email);
  v_row public.newsletter_subscribers;
  v_token text := public.new_link_token();
begin
  if p_email is null or char_length(v_email) > 320 or v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'Please enter a valid e-mail address.' using errcode = 'LB004';
  end if;
  insert into public.newsletter_subscribers (email, status)
  values (v_email, 'pending')
  on conflict ((lower(email))) do nothing
  returning * into v_row;
  if v_row.id is null then
    select * into v_row from public.newsletter_subscribers where lower(email) = lower(v_email) for update;
    if v_row.status = 'confirmed'
       or (v_row.status = 'pending' and v_row.confirm_sent_at > now() - interval '5 minutes') then
      return;
    end if;
  end if;
  update public.newsletter_subscribers
  set status = 'pending', confirm_token_hash = public.hash_link_token(v_token), confirm_sent_at = now()
  where id = v_row.id;
  insert into public.outbox (kind, recipient, payload, secret)
  values ('newsletter_confirmation', v_row.email, jsonb_build_object('subscriber_id', v_row.id), v_token);
end;
$$;

-- The confirmation link (valid 7 days, once): confirms, and sends the welcome message that carries the
-- one-click unsubscribe link. False for an unknown, used or expired token.
create function public.confirm_newsletter_subscription(p_token text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.newsletter_subscribers;
  v_unsubscribe text := public.new_link_token();
begin
  if p_token is null or p_token !~ '^[0-9a-f]{64}$' then
    return false;
  end if;
  update public.newsletter_subscribers
  set status = 'confirmed', confirmed_at = now(), confirm_token_hash = null,
      unsubscribe_token_hash = public.hash_link_token(v_unsubscribe)
  where confirm_token_hash = public.hash_link_token(p_token)
    and status = 'pending' and confirm_sent_at > now() - interval '7 days'
  returning * into v_row;
  if v_row.id is null then
    return false;
  end if;
  insert into public.outbox (kind, recipient, payload, secret)
  values ('newsletter_welcome', v_row.email, jsonb_build_object('subscriber_id', v_row.id), v_unsubscribe);
  return true;
end;
$$;

-- One-click unsubscribe (RFC 8058): the token of any message sent since confirming. Following it again is
-- fine (still true); false only for a token that was never issued.
create function public.unsubscribe_from_newsletter(p_token text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  if p_token is null or p_token !~ '^[0-9a-f]{64}$' then
    return false;
  end if;
  update public.newsletter_subscribers
  set status = 'unsubscribed', unsubscribed_at = coalesce(unsubscribed_at, now())
  where unsubscribe_token_hash = public.hash_link_token(p_token)
  returning id into v_id;
  return v_id is not null;
end;
$$;

revoke execute on function public.confirm_newsletter_subscription(text) from public, anon, authenticated;
revoke execute on function public.unsubscribe_from_newsletter(text) from public, anon, authenticated;
grant execute on function public.confirm_newsletter_subscription(text) to anon, authenticated;
grant execute on function public.unsubscribe_from_newsletter(text) to anon, authenticated;
