-- Staff rights need a proof only the deployer has (docs/decisions/0032-staff-proof-and-pending-accounts.md).
--
-- A listed address (public.staff, written from STAFF_EMAILS) is an ordinary member until an account claims its
-- place with a one-time set-up token. Start-up asks issue_staff_setup_tokens for a fresh token per unclaimed
-- address and prints the link in its log; the link's page sets that account's password and calls
-- claim_staff_place. Signing up with a listed address, confirmed or not, claims nothing.
--
-- * public.staff.user_id: the account that claimed the place (null: nobody yet). Taking the address off the list
--   deletes the row, and with it the claim; listing it again needs a new set-up.
-- * public.staff.setup_token_hash / setup_expires_at: SHA-256 of the newest set-up token and its end. A new token
--   replaces the previous one, so a restart makes the old link stop working; a claim clears it.

alter table public.staff
  add column user_id uuid unique references auth.users (id) on delete set null,
  add column claimed_at timestamptz,
  add column setup_token_hash text unique,
  add column setup_expires_at timestamptz;

-- The caller (the JWT subject) claimed a listed address's staff place with a set-up token, and still has that
-- address (confirmed).
create or replace function public.is_staff()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.staff as s
    join auth.users as u on u.id = s.user_id
    where s.user_id = auth.uid() and s.email = lower(u.email) and u.email_confirmed_at is not null
  )
$$;

-- As before, but counts the claimed places: an account that merely signed up with a listed address is not staff.
create or replace function public.sync_shop_staff(p_staff_emails text[], p_order_recipients text[])
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  if exists (
    select 1 from unnest(coalesce(p_staff_emails, '{}') || coalesce(p_order_recipients, '{}')) as e (email)
    where e.email is null or btrim(e.email) !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(btrim(e.email)) > 320
  ) then
    raise exception 'Every staff and order-notification address must be an e-mail address.' using errcode = 'LB004';
  end if;
  delete from public.staff where email <> all (select lower(btrim(e)) from unnest(coalesce(p_staff_emails, '{}')) as e);
  insert into public.staff (email)
  select distinct lower(btrim(e)) from unnest(coalesce(p_staff_emails, '{}')) as e
  on conflict (email) do nothing;
  delete from public.order_notification_recipients
  where lower(email) <> all (select lower(btrim(e)) from unnest(coalesce(p_order_recipients, '{}')) as e);
  insert into public.order_notification_recipients (email)
  select distinct lower(btrim(e)) from unnest(coalesce(p_order_recipients, '{}')) as e
  on conflict (email) do nothing;
  select count(*)::integer into v_count
  from public.staff as s
  join auth.users as u on u.id = s.user_id
  where s.email = lower(u.email) and u.email_confirmed_at is not null;
  return v_count;
end;
$$;

-- A new set-up token (returned once, in clear; stored hashed) for every listed address whose place nobody has
-- claimed, or for `p_email` only. Each replaces that address's previous token.
create function public.issue_staff_setup_tokens(p_lifetime_seconds integer, p_email text default null)
returns table (email text, token text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row record;
  v_token text;
begin
  if p_lifetime_seconds is null or p_lifetime_seconds not between 60 and 604800 then
    raise exception 'A set-up link lasts between a minute and 7 days.' using errcode = 'LB004';
  end if;
  for v_row in
    select s.email from public.staff as s
    where (s.user_id is null or not exists (
        select 1 from auth.users as u
        where u.id = s.user_id and lower(u.email) = s.email and u.email_confirmed_at is not null
      ))
      and (p_email is null or s.email = lower(btrim(p_email)))
    order by s.email
    for update
  loop
    v_token := public.new_link_token();
    update public.staff
    set setup_token_hash = public.hash_link_token(v_token),
      setup_expires_at = now() + make_interval(secs => p_lifetime_seconds)
    where staff.email = v_row.email;
    email := v_row.email;
    token := v_token;
    return next;
  end loop;
end;
$$;

-- The listed address a set-up token opens, and the id of its account if there is one; null when the token is
-- unknown, used or expired.
create function public.staff_setup_account(p_token text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object('email', s.email, 'user_id', u.id)
  from public.staff as s
  left join auth.users as u on lower(u.email) = s.email
  where p_token is not null and s.setup_token_hash = public.hash_link_token(p_token) and s.setup_expires_at > now()
$$;

-- Uses the set-up token: the account `p_user_id` (which must have the token's address, confirmed) claims the place.
-- False when the token no longer works (used meanwhile, expired, replaced) or the account does not match.
create function public.claim_staff_place(p_token text, p_user_id uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text;
begin
  update public.staff as s
  set user_id = p_user_id, claimed_at = now(), setup_token_hash = null, setup_expires_at = null
  where p_token is not null and s.setup_token_hash = public.hash_link_token(p_token) and s.setup_expires_at > now()
    and exists (
      select 1 from auth.users as u
      where u.id = p_user_id and lower(u.email) = s.email and u.email_confirmed_at is not null
    )
  returning s.email into v_email;
  return v_email is not null;
end;
$$;

revoke execute on function public.issue_staff_setup_tokens(integer, text) from public, anon, authenticated;
revoke execute on function public.staff_setup_account(text) from public, anon, authenticated;
revoke execute on function public.claim_staff_place(text, uuid) from public, anon, authenticated;
