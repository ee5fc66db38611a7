-- A shopper's account after issue 40 ("Customers", docs/decisions/0044-guest-orders-and-saved-addresses.md):
-- a guest's earlier orders join the account that proves their address, and a member keeps addresses for checkout.

-- 1. Guest orders join the account whose address is proven.
-- Proof is the moment an account's address becomes confirmed (the e-mailed link on the SQL backends, Supabase
-- Auth's verification) or a confirmed account's address changes (Supabase changes it only once the new address is
-- confirmed). An account confirmed when it is created proved nothing (a shop without mail confirms at once; Supabase
-- with "Confirm email" off): it claims nothing. Matched without regard to letter case. The claimed orders are the
-- member's from then on (user_id), in /orders and everywhere else, and stay theirs if the address changes again;
-- the guest's e-mailed link and browser link keep working.
create index orders_guest_email_idx on public.orders (lower(email)) where user_id is null;

create function public.claim_guest_orders()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.email_confirmed_at is not null
     and (old.email_confirmed_at is null or lower(old.email) is distinct from lower(new.email)) then
    update public.orders set user_id = new.id where user_id is null and lower(email) = lower(new.email);
  end if;
  return new;
end;
$$;

revoke execute on function public.claim_guest_orders() from public, anon, authenticated;

create trigger on_auth_user_address_proven
  after update of email, email_confirmed_at on auth.users
  for each row execute function public.claim_guest_orders();

-- 2. A member's saved addresses: only the member reaches them (RLS); the functions below run as the caller, so the
-- policies decide for them too. At most one default per member (the first saved is it), at most 10 addresses.
create table public.member_addresses (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  first_name text not null check (char_length(first_name) between 1 and 100),
  last_name text not null check (char_length(last_name) between 1 and 100),
  phone text not null check (char_length(phone) between 1 and 30),
  address text not null check (char_length(address) between 1 and 200),
  city text not null check (char_length(city) between 1 and 100),
  state text not null check (char_length(state) between 1 and 100),
  zip_code text not null check (char_length(zip_code) between 1 and 12),
  country text not null check (char_length(country) between 1 and 100),
  is_default boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index member_addresses_user_id_idx on public.member_addresses (user_id, created_at);
create unique index member_addresses_one_default on public.member_addresses (user_id) where is_default;

alter table public.member_addresses enable row level security;

create policy "Members read their own addresses" on public.member_addresses
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "Members add their own addresses" on public.member_addresses
  for insert to authenticated with check ((select auth.uid()) = user_id);
create policy "Members change their own addresses" on public.member_addresses
  for update to authenticated using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy "Members remove their own addresses" on public.member_addresses
  for delete to authenticated using ((select auth.uid()) = user_id);

revoke all on table public.member_addresses from public, anon, authenticated;
grant select, insert, update, delete on table public.member_addresses to authenticated;

create trigger member_addresses_set_updated_at
  before update on public.member_addresses
  for each row execute function public.set_updated_at();

create function public.member_address_json(a public.member_addresses)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', a.id, 'first_name', a.first_name, 'last_name', a.last_name, 'phone', a.phone, 'address', a.address,
    'city', a.city, 'state', a.state, 'zip_code', a.zip_code, 'country', a.country, 'is_default', a.is_default
  )
$$;

-- The caller's addresses, the default first, then as they were added.
create function public.member_addresses()
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(jsonb_agg(public.member_address_json(a) order by a.is_default desc, a.created_at, a.id), '[]'::jsonb)
  from public.member_addresses as a
  where a.user_id = auth.uid()
$$;

-- Adds (p_id null) or changes one of the caller's addresses; p_make_default makes it the default (the first one is
-- anyway). Returns it. Another member's id, or an unknown one, is "not found" (LB051): RLS hides it.
create function public.save_member_address(p_id uuid, p_address jsonb, p_make_default boolean)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_user_id uuid := auth.uid();
  v_field text;
  v_saved public.member_addresses;
  v_limits jsonb := '{"firstName": 100, "lastName": 100, "phone": 30, "address": 200, "city": 100, "state": 100,
    "zipCode": 12, "country": 100}';
begin
  if v_user_id is null then
    raise exception 'Please sign in first.' using errcode = '42501';
  end if;
  if jsonb_typeof(p_address) is distinct from 'object' then
    raise exception 'An address is required.' using errcode = 'LB004';
  end if;
  for v_field in select jsonb_object_keys(v_limits) loop
    if jsonb_typeof(p_address -> v_field) is distinct from 'string'
       or char_length(btrim(p_address ->> v_field)) not between 1 and (v_limits ->> v_field)::integer then
      raise exception 'Address field % is missing or too long.', v_field using errcode = 'LB004';
    end if;
  end loop;

  -- One save of this member's addresses at a time: the count and the one default hold under concurrent saves.
  perform pg_advisory_xact_lock(7320, hashtext(v_user_id::text));

  if p_id is null then
    if (select count(*) from public.member_addresses where user_id = v_user_id) >= 10 then
      raise exception 'You can keep at most 10 addresses. Remove one first.' using errcode = 'LB050';
    end if;
    insert into public.member_addresses (user_id, first_name, last_name, phone, address, city, state, zip_code, country)
    values (
      v_user_id, btrim(p_address ->> 'firstName'), btrim(p_address ->> 'lastName'), btrim(p_address ->> 'phone'),
      btrim(p_address ->> 'address'), btrim(p_address ->> 'city'), btrim(p_address ->> 'state'),
      btrim(p_address ->> 'zipCode'), btrim(p_address ->> 'country')
    )
    returning * into v_saved;
  else
    update public.member_addresses set
      first_name = btrim(p_address ->> 'firstName'), last_name = btrim(p_address ->> 'lastName'),
      phone = btrim(p_address ->> 'phone'), address = btrim(p_address ->> 'address'),
      city = btrim(p_address ->> 'city'), state = btrim(p_address ->> 'state'),
      zip_code = btrim(p_address ->> 'zipCode'), country = btrim(p_address ->> 'country')
    where id = p_id and user_id = v_user_id
    returning * into v_saved;
    if v_saved.id is null then
      raise exception 'Address not found.' using errcode = 'LB051';
    end if;
  end if;

  if coalesce(p_make_default, false)
     or not exists (select 1 from public.member_addresses where user_id = v_user_id and is_default) then
    update public.member_addresses set is_default = false where user_id = v_user_id and is_default and id <> v_saved.id;
    update public.member_addresses set is_default = true where id = v_saved.id returning * into v_saved;
  end if;
  return public.member_address_json(v_saved);
end;
$$;

-- Makes one of the caller's addresses the default; false when it is not theirs or not there.
create function public.set_default_member_address(p_id uuid)
returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_user_id uuid := auth.uid();
begin
  if v_user_id is null then
    raise exception 'Please sign in first.' using errcode = '42501';
  end if;
  perform pg_advisory_xact_lock(7320, hashtext(v_user_id::text));
  if not exists (select 1 from public.member_addresses where id = p_id and user_id = v_user_id) then
    return false;
  end if;
  update public.member_addresses set is_default = false where user_id = v_user_id and is_default and id <> p_id;
  update public.member_addresses set is_default = true where id = p_id and not is_default;
  return true;
end;
$$;

-- Removes one of the caller's addresses (the newest other one becomes the default if it was); whether it was there.
create function public.remove_member_address(p_id uuid)
returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_user_id uuid := auth.uid();
  v_was_default boolean;
begin
  if v_user_id is null then
    raise exception 'Please sign in first.' using errcode = '42501';
  end if;
  perform pg_advisory_xact_lock(7320, hashtext(v_user_id::text));
  delete from public.member_addresses where id = p_id and user_id = v_user_id returning is_default into v_was_default;
  if v_was_default is null then
    return false;
  end if;
  if v_was_default then
    update public.member_addresses set is_default = true
    where id = (
      select id from public.member_addresses where user_id = v_user_id order by created_at desc, id desc limit 1
    );
  end if;
  return true;
end;
$$;

revoke execute on function public.member_address_json(public.member_addresses) from public, anon;
revoke execute on function public.member_addresses() from public, anon, authenticated;
revoke execute on function public.save_member_address(uuid, jsonb, boolean) from public, anon, authenticated;
revoke execute on function public.set_default_member_address(uuid) from public, anon, authenticated;
revoke execute on function public.remove_member_address(uuid) from public, anon, authenticated;
grant execute on function public.member_address_json(public.member_addresses) to authenticated;
grant execute on function public.member_addresses() to authenticated;
grant execute on function public.save_member_address(uuid, jsonb, boolean) to authenticated;
grant execute on function public.set_default_member_address(uuid) to authenticated;
grant execute on function public.remove_member_address(uuid) to authenticated;
