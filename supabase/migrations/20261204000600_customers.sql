-- The back office's customers (issue 40, docs/decisions/0041-fulfilment-and-customers.md): everyone who has signed
-- up or ordered, one per e-mail address (lower case), so that a guest's orders and a member's with the same address
-- are one customer's. A customer's key in URLs is md5 of that address: it names them without putting the address in
-- the shop's URLs and logs. Staff only: every function checks is_staff(); the notes table has RLS and no policy.

create table public.customer_notes (
  customer_key text primary key check (customer_key ~ '^[0-9a-f]{32}$'),
  note text not null check (char_length(note) between 1 and 2000),
  -- Moves on with every save: a save names the version it saw, and a save made meanwhile is not overwritten.
  version integer not null default 1,
  updated_at timestamptz not null default now(),
  updated_by uuid
);

alter table public.customer_notes enable row level security;
revoke all on table public.customer_notes from public, anon, authenticated;

-- One row per customer: members from profiles, everyone who ordered from orders (a member's orders under their
-- profile's address, whatever address the checkout was given), with the money of their paid orders.
create function public.staff_customers_all()
returns table (
  customer_key text,
  email text,
  name text,
  user_id uuid,
  signed_up_at timestamptz,
  order_count integer,
  total_spent bigint,
  last_order_at timestamptz
)
language sql
stable
set search_path = ''
as $$
  with placed as (
    select lower(coalesce(p.email, o.email)) as email_key, o.email, o.created_at, o.status, o.total_amount,
      btrim(coalesce(o.shipping_address ->> 'firstName', '') || ' ' || coalesce(o.shipping_address ->> 'lastName', ''))
        as name
    from public.orders as o
    left join public.profiles as p on p.id = o.user_id
  ),
  buyers as (
    select email_key,
      count(*)::integer as order_count,
      coalesce(sum(total_amount) filter (where status in ('paid', 'shipped', 'delivered')), 0)::bigint as total_spent,
      max(created_at) as last_order_at,
      (array_agg(name order by created_at desc))[1] as name,
      (array_agg(email order by created_at desc))[1] as email
    from placed
    group by email_key
  ),
  members as (
    select distinct on (lower(email)) lower(email) as email_key, email, id, nullif(btrim(full_name), '') as name,
      created_at
    from public.profiles
    where email is not null
    order by lower(email), created_at
  )
  select md5(coalesce(m.email_key, b.email_key)), coalesce(m.email, b.email),
    coalesce(m.name, nullif(b.name, ''), ''), m.id, m.created_at,
    coalesce(b.order_count, 0), coalesce(b.total_spent, 0), b.last_order_at
  from members as m
  full join buyers as b on b.email_key = m.email_key
$$;

revoke execute on function public.staff_customers_all() from public, anon, authenticated;

create function public.staff_list_customers(p_search text, p_limit integer, p_offset integer)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_search text := lower(btrim(coalesce(p_search, '')));
  v_pattern text;
  v_total integer;
  v_rows jsonb;
begin
  if not public.is_staff() then
    raise exception 'Only staff can read the customers.' using errcode = '42501';
  end if;
  if p_limit is null or p_limit not between 1 and 1000 or p_offset is null or p_offset < 0 then
    raise exception 'A page holds 1 to 1000 rows from an offset of 0 or more.' using errcode = 'LB004';
  end if;
  if char_length(v_search) > 200 then
    raise exception 'The search can have at most 200 characters.' using errcode = 'LB004';
  end if;
  v_pattern := '%' || replace(replace(replace(v_search, '\', '\\'), '%', '\%'), '_', '\_') || '%';

  with matched as (
    select c.* from public.staff_customers_all() as c
    where v_search = '' or lower(c.email) like v_pattern or lower(c.name) like v_pattern
  )
  select (select count(*)::integer from matched),
    coalesce((
      select jsonb_agg(to_jsonb(page) order by page.last_order_at desc nulls last, page.signed_up_at desc, page.email)
      from (
        select * from matched
        order by last_order_at desc nulls last, signed_up_at desc, email
        limit p_limit offset p_offset
      ) as page
    ), '[]'::jsonb)
  into v_total, v_rows;

  return jsonb_build_object('total', v_total, 'customers', v_rows);
end;
$$;

revoke execute on function public.staff_list_customers(text, integer, integer) from public, anon, authenticated;
grant execute on function public.staff_list_customers(text, integer, integer) to authenticated;

-- One customer, their note and their orders (newest first, at most 200): null when the key names no one.
create function public.staff_get_customer(p_key text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_customer jsonb;
begin
  if not public.is_staff() then
    raise exception 'Only staff can read the customers.' using errcode = '42501';
  end if;
  if p_key is null or p_key !~ '^[0-9a-f]{32}$' then
    return null;
  end if;
  select to_jsonb(c) into v_customer from public.staff_customers_all() as c where c.customer_key = p_key;
  if v_customer is null then
    return null;
  end if;
  return v_customer || jsonb_build_object(
    'note', (select n.note from public.customer_notes as n where n.customer_key = p_key),
    'note_version', coalesce((select n.version from public.customer_notes as n where n.customer_key = p_key), 0),
    'orders', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', o.id,
        'user_id', o.user_id,
        'status', o.status,
        'total_amount', o.total_amount,
        'shipping_method', o.shipping_method,
        'shipping_amount', o.shipping_amount,
        'currency', o.currency,
        'email', o.email,
        'first_name', o.shipping_address ->> 'firstName',
        'last_name', o.shipping_address ->> 'lastName',
        'created_at', o.created_at,
        'carrier', o.carrier,
        'tracking_number', o.tracking_number,
        'item_count', (select coalesce(sum(i.quantity), 0)::integer from public.order_items as i where i.order_id = o.id)
      ) order by o.created_at desc, o.id desc)
      from (
        select o.* from public.orders as o
        left join public.profiles as p on p.id = o.user_id
        where md5(lower(coalesce(p.email, o.email))) = p_key
        order by o.created_at desc, o.id desc
        limit 200
      ) as o
    ), '[]'::jsonb)
  );
end;
$$;

revoke execute on function public.staff_get_customer(text) from public, anon, authenticated;
grant execute on function public.staff_get_customer(text) to authenticated;

-- Saves (blank removes) a customer's note if it is still at p_expected_version (0: no note yet); returns the new
-- version. Refused: LB020 no such customer, LB040 saved by someone else meanwhile, LB004 too long.
create function public.staff_set_customer_note(p_key text, p_expected_version integer, p_note text)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_note text := btrim(coalesce(p_note, ''));
  v_version integer;
begin
  if not public.is_staff() then
    raise exception 'Only staff can write customer notes.' using errcode = '42501';
  end if;
  if p_key is null or p_key !~ '^[0-9a-f]{32}$'
    or not exists (select 1 from public.staff_customers_all() as c where c.customer_key = p_key) then
    raise exception 'Customer not found.' using errcode = 'LB020';
  end if;
  if char_length(v_note) > 2000 then
    raise exception 'The note can have at most 2000 characters.' using errcode = 'LB004';
  end if;
  select n.version into v_version from public.customer_notes as n where n.customer_key = p_key for update;
  if coalesce(v_version, 0) <> coalesce(p_expected_version, -1) then
    raise exception 'Someone saved this customer''s note meanwhile.' using errcode = 'LB040';
  end if;
  if v_note = '' then
    delete from public.customer_notes where customer_key = p_key;
    return 0;
  end if;
  insert into public.customer_notes as n (customer_key, note, version, updated_at, updated_by)
  values (p_key, v_note, 1, now(), auth.uid())
  on conflict (customer_key) do update
    set note = excluded.note, version = n.version + 1, updated_at = now(), updated_by = auth.uid()
  returning n.version into v_version;
  return v_version;
end;
$$;

revoke execute on function public.staff_set_customer_note(text, integer, text) from public, anon, authenticated;
grant execute on function public.staff_set_customer_note(text, integer, text) to authenticated;
