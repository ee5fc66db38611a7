-- The back office (docs/product.md, decision 15; docs/decisions/0029-back-office.md): staff named by the deployer,
-- an order timeline, and one way to move an order's status.
--
-- * public.staff holds the addresses in STAFF_EMAILS, written at every start by sync_shop_staff; an address has
--   staff rights only while it is listed AND its account is confirmed. public.is_staff() is the one test every
--   policy and function below uses.
-- * public.order_events is the timeline: every status change (and the order's placing) with when, who, from, to,
--   a note and details.
-- * public.apply_order_move is the only code that changes an order's status: it checks the move against the
--   status the caller saw, writes the timeline entry and the customer's e-mail to public.outbox, all in the
--   caller's transaction. No API role may call it; public.move_order
--   calls it for staff, and a payment provider's narrow function can call it for the provider's signed word.
-- * Staff read through security-definer functions that check is_staff() first; the row-level security policies
--   give staff the same rows for direct reads, and nobody else anything new.

-- Shipping, as the checkout stores it (the same statement as the checkout's own migration: both must agree).
-- total_amount includes shipping_amount; the subtotal is total_amount - shipping_amount.
alter table public.orders add column if not exists shipping_method text not null default 'standard', add column if not exists shipping_amount integer not null default 0;

alter table public.orders
  add column carrier text check (char_length(carrier) between 1 and 50),
  add column tracking_number text check (char_length(tracking_number) between 1 and 100),
  -- SHA-256 of the guest's order-page token (the clear token travels once, in the confirmation e-mail);
  -- null: no link, or staff revoked it.
  add column guest_token_hash text unique;

-- Staff's own note on an order. A table of its own, not a column of orders: a member may read every column of
-- their own order rows, and must never read this.
create table public.order_notes (
  order_id uuid primary key references public.orders (id) on delete cascade,
  note text not null check (char_length(note) <= 2000),
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null
);

-- ---------------------------------------------------------------------------------------------------
-- Staff.

create table public.staff (
  email text primary key check (email = lower(email) and char_length(email) between 3 and 320),
  listed_at timestamptz not null default now()
);

-- Where the shop is told about each new order (ORDERS_EMAIL; by default the staff addresses).
create table public.order_notification_recipients (
  email text primary key check (char_length(email) between 3 and 320)
);

alter table public.staff enable row level security;
alter table public.order_notification_recipients enable row level security;
alter table public.order_notes enable row level security;
revoke all on table public.staff, public.order_notification_recipients, public.order_notes from anon, authenticated;

-- The caller (the JWT subject) is a confirmed account whose address STAFF_EMAILS lists.
create function public.is_staff()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from auth.users as u
    join public.staff as s on s.email = lower(u.email)
    where u.id = auth.uid() and u.email_confirmed_at is not null
  )
$$;

revoke execute on function public.is_staff() from public, anon, authenticated;
grant execute on function public.is_staff() to anon, authenticated;

-- Start-up writes STAFF_EMAILS (and ORDERS_EMAIL) here: the list replaces the previous one, so an address taken
-- off loses its rights at the next start. Returns how many listed addresses are confirmed accounts.
create function public.sync_shop_staff(p_staff_emails text[], p_order_recipients text[])
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
  join auth.users as u on lower(u.email) = s.email
  where u.email_confirmed_at is not null;
  return v_count;
end;
$$;

revoke execute on function public.sync_shop_staff(text[], text[]) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------------
-- The timeline.

create table public.order_events (
  id bigint generated always as identity primary key,
  order_id uuid not null references public.orders (id) on delete cascade,
  created_at timestamptz not null default now(),
  -- The account that acted (staff), or null for the shop itself or a payment provider.
  actor_id uuid references auth.users (id) on delete set null,
  -- 'staff', 'customer' (placed the order), 'system', or a provider's name such as 'stripe'.
  actor_label text not null check (actor_label ~ '^[a-z][a-z0-9_]{0,31}$'),
  -- The address of the acting account when it acted: the timeline still says who after the account is gone.
  actor_email text check (char_length(actor_email) <= 320),
  from_status text check (from_status in ('pending', 'paid', 'shipped', 'delivered', 'cancelled')),
  to_status text check (to_status in ('pending', 'paid', 'shipped', 'delivered', 'cancelled')),
  -- Shown to the customer too (a cancellation's reason).
  note text check (char_length(note) <= 2000),
  details jsonb not null default '{}'::jsonb check (jsonb_typeof(details) = 'object')
);

create index order_events_order_id_idx on public.order_events (order_id, created_at, id);

alter table public.order_events enable row level security;
revoke all on table public.order_events from anon, authenticated;
grant select on table public.order_events to authenticated;

-- A member reads the timeline of their own orders (the dates on /orders); staff read every timeline. Nobody
-- writes it through the API: apply_order_move does.
create policy "Users read the timeline of their own orders" on public.order_events
  for select to authenticated
  using (exists (
    select 1 from public.orders
    where orders.id = order_events.order_id and orders.user_id = (select auth.uid())
  ));

create policy "Staff read every timeline" on public.order_events
  for select to authenticated
  using ((select public.is_staff()));

create policy "Staff read every order" on public.orders
  for select to authenticated
  using ((select public.is_staff()));

create policy "Staff read every order's lines" on public.order_items
  for select to authenticated
  using ((select public.is_staff()));

create policy "Staff read order notes" on public.order_notes
  for select to authenticated
  using ((select public.is_staff()));

grant select on table public.order_notes to authenticated;
-- The newsletter's addresses stay out of every API role's reach: staff read them through staff_list_subscribers.

-- Every new order starts its timeline, and the shop is told (ORDERS_EMAIL), in the order's own transaction. Deferred
-- to the commit, so that the message carries the order's lines, which place_order inserts after the order.
create function public.orders_after_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order jsonb := public.order_json(new.id);
begin
  insert into public.order_events (order_id, created_at, actor_id, actor_label, to_status)
  values (new.id, new.created_at, new.user_id, 'customer', 'pending');
  insert into public.outbox (kind, recipient, payload)
  select 'order_received', r.email, v_order
  from public.order_notification_recipients as r;
  return null;
end;
$$;

create constraint trigger orders_placed after insert on public.orders
  deferrable initially deferred
  for each row execute function public.orders_after_insert();

-- A guest's confirmation e-mail carries a link to the order's own page: its token is made here, as the message is
-- written, so that it travels once, in clear, in the outbox's `secret`; the order keeps only its hash.
create function public.outbox_issue_guest_link()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_token text;
  v_order_id uuid;
begin
  if new.secret is not null or new.payload ->> 'user_id' is not null or new.payload ->> 'id' is null then
    return new;
  end if;
  v_order_id := (new.payload ->> 'id')::uuid;
  v_token := public.new_link_token();
  update public.orders set guest_token_hash = public.hash_link_token(v_token)
  where id = v_order_id and user_id is null and guest_token_hash is null;
  if found then
    new.secret := v_token;
  end if;
  return new;
end;
$$;

create trigger outbox_guest_link before insert on public.outbox
  for each row when (new.kind = 'order_confirmation') execute function public.outbox_issue_guest_link();

-- ---------------------------------------------------------------------------------------------------
-- Moving an order.

-- The order as the e-mails and the status functions return it (place_order's shape, with its shipping,
-- tracking and timeline).
create function public.order_json(p_order_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'id', o.id,
    'user_id', o.user_id,
    'status', o.status,
    'total_amount', o.total_amount,
    'shipping_method', o.shipping_method,
    'shipping_amount', o.shipping_amount,
    'currency', o.currency,
    'email', o.email,
    'shipping_address', o.shipping_address,
    'created_at', o.created_at,
    'carrier', o.carrier,
    'tracking_number', o.tracking_number,
    'order_items', coalesce((
      select jsonb_agg(
        jsonb_build_object('id', i.id, 'product_id', i.product_id, 'quantity', i.quantity, 'price_per_item', i.price_per_item)
        order by i.line_number
      )
      from public.order_items as i
      where i.order_id = o.id
    ), '[]'::jsonb),
    'order_events', coalesce((
      select jsonb_agg(
        jsonb_build_object('created_at', e.created_at, 'from_status', e.from_status, 'to_status', e.to_status)
        order by e.created_at, e.id
      )
      from public.order_events as e
      where e.order_id = o.id and e.to_status is not null
    ), '[]'::jsonb)
  )
  from public.orders as o
  where o.id = p_order_id
$$;

-- The one place an order's status changes. p_expected_status is the status the caller saw: when the order has
-- moved on since, nothing changes and LB021 says so. Allowed moves: pending -> paid, paid -> shipped (carrier
-- and tracking_number in p_details), shipped -> delivered, pending or paid -> cancelled (a reason in p_note).
-- Anything else is LB022. Writes the timeline entry and the customer's e-mail (kind 'order_<new status>') in
-- the caller's transaction. Returns the order as public.order_json has it.
create function public.apply_order_move(
  p_order_id uuid,
  p_expected_status text,
  p_new_status text,
  p_note text,
  p_details jsonb,
  p_actor_id uuid,
  p_actor_label text
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order public.orders;
  v_note text := nullif(btrim(coalesce(p_note, '')), '');
  v_details jsonb := coalesce(p_details, '{}'::jsonb);
  v_carrier text;
  v_tracking text;
  v_actor_email text;
  v_result jsonb;
begin
  if jsonb_typeof(v_details) is distinct from 'object' then
    raise exception 'The details of a status change must be an object.' using errcode = 'LB004';
  end if;
  select * into v_order from public.orders where id = p_order_id for update;
  if v_order.id is null then
    raise exception 'Order not found.' using errcode = 'LB020';
  end if;
  if v_order.status is distinct from p_expected_status then
    raise exception 'The order changed meanwhile: it is now %.', v_order.status using errcode = 'LB021';
  end if;
  if not (
    (v_order.status = 'pending' and p_new_status in ('paid', 'cancelled'))
    or (v_order.status = 'paid' and p_new_status in ('shipped', 'cancelled'))
    or (v_order.status = 'shipped' and p_new_status = 'delivered')
  ) then
    raise exception 'An order that is % cannot be marked %.', v_order.status, coalesce(p_new_status, 'nothing')
      using errcode = 'LB022';
  end if;
  if v_note is not null and char_length(v_note) > 2000 then
    raise exception 'The note can have at most 2000 characters.' using errcode = 'LB004';
  end if;

  if p_new_status = 'shipped' then
    v_carrier := nullif(btrim(coalesce(v_details ->> 'carrier', '')), '');
    v_tracking := nullif(btrim(coalesce(v_details ->> 'tracking_number', '')), '');
    if v_carrier is null or v_tracking is null then
      raise exception 'Enter the carrier and the tracking number.' using errcode = 'LB004';
    end if;
    if char_length(v_carrier) > 50 or char_length(v_tracking) > 100 or v_tracking !~ '^[A-Za-z0-9][A-Za-z0-9 -]*$' then
      raise exception 'The carrier (up to 50 characters) or the tracking number (letters, digits, spaces and dashes, up to 100) is not valid.'
        using errcode = 'LB004';
    end if;
    v_details := v_details || jsonb_build_object('carrier', v_carrier, 'tracking_number', v_tracking);
  end if;
  if p_new_status = 'cancelled' and v_note is null then
    raise exception 'Give the reason for cancelling.' using errcode = 'LB004';
  end if;

  update public.orders
  set status = p_new_status,
      carrier = coalesce(v_carrier, carrier),
      tracking_number = coalesce(v_tracking, tracking_number)
  where id = p_order_id;

  if p_actor_id is not null then
    select email into v_actor_email from auth.users where id = p_actor_id;
  end if;
  insert into public.order_events (order_id, actor_id, actor_label, actor_email, from_status, to_status, note, details)
  values (p_order_id, p_actor_id, p_actor_label, v_actor_email, v_order.status, p_new_status, v_note, v_details);

  v_result := public.order_json(p_order_id);
  -- What the customer's e-mail needs besides the order: the step's note (a cancellation's reason) and what
  -- the order was before (a paid order's cancellation speaks of a refund).
  insert into public.outbox (kind, recipient, payload)
  values (
    'order_' || p_new_status,
    v_order.email,
    v_result || jsonb_build_object('note', v_note, 'from_status', v_order.status, 'details', v_details)
  );
  return v_result;
end;
$$;

-- Internal: no API role may call these (Supabase grants new functions to anon and authenticated by default).
revoke execute on function public.apply_order_move(uuid, text, text, text, jsonb, uuid, text) from public, anon, authenticated;
revoke execute on function public.order_json(uuid) from public, anon, authenticated;
revoke execute on function public.orders_after_insert() from public, anon, authenticated;
revoke execute on function public.outbox_issue_guest_link() from public, anon, authenticated;

-- Staff move an order (the back office's buttons). Refused (42501) for anyone else, whatever they post.
create function public.move_order(
  p_order_id uuid,
  p_expected_status text,
  p_new_status text,
  p_note text default null,
  p_details jsonb default '{}'::jsonb
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'Only staff can change an order.' using errcode = '42501';
  end if;
  return public.apply_order_move(p_order_id, p_expected_status, p_new_status, p_note, p_details, auth.uid(), 'staff');
end;
$$;

revoke execute on function public.move_order(uuid, text, text, text, jsonb) from public, anon, authenticated;
grant execute on function public.move_order(uuid, text, text, text, jsonb) to authenticated;

-- Staff's internal note (blank removes it).
create function public.set_order_note(p_order_id uuid, p_note text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_note text := nullif(btrim(coalesce(p_note, '')), '');
begin
  if not public.is_staff() then
    raise exception 'Only staff can change an order.' using errcode = '42501';
  end if;
  if not exists (select 1 from public.orders where id = p_order_id) then
    raise exception 'Order not found.' using errcode = 'LB020';
  end if;
  if char_length(v_note) > 2000 then
    raise exception 'The note can have at most 2000 characters.' using errcode = 'LB004';
  end if;
  if v_note is null then
    delete from public.order_notes where order_id = p_order_id;
  else
    insert into public.order_notes (order_id, note, updated_at, updated_by)
    values (p_order_id, v_note, now(), auth.uid())
    on conflict (order_id) do update set note = excluded.note, updated_at = excluded.updated_at, updated_by = excluded.updated_by;
  end if;
end;
$$;

-- Staff end a guest's order-page link (a forwarded e-mail, a shared screen). Recorded in the timeline.
-- Returns whether there was a link to end.
create function public.revoke_guest_link(p_order_id uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'Only staff can change an order.' using errcode = '42501';
  end if;
  update public.orders set guest_token_hash = null where id = p_order_id and guest_token_hash is not null;
  if not found then
    return false;
  end if;
  insert into public.order_events (order_id, actor_id, actor_label, actor_email, note)
  values (p_order_id, auth.uid(), 'staff', (select email from auth.users where id = auth.uid()), 'Guest order-page link revoked');
  return true;
end;
$$;

revoke execute on function public.set_order_note(uuid, text) from public, anon, authenticated;
revoke execute on function public.revoke_guest_link(uuid) from public, anon, authenticated;
grant execute on function public.set_order_note(uuid, text) to authenticated;
grant execute on function public.revoke_guest_link(uuid) to authenticated;

-- ---------------------------------------------------------------------------------------------------
-- What staff read. Each function checks is_staff() first (42501 for anyone else).

create index orders_created_at_idx on public.orders (created_at desc, id desc);
create index orders_status_created_at_idx on public.orders (status, created_at desc, id desc);

-- One page of orders, newest first: p_status one status or null for all; p_search matches the order number
-- (the last 8 characters of the id, with or without '#', or the whole id), the e-mail or the name, case-blind;
-- p_before_created_at/p_before_id continue after a row (the CSV export's cursor) instead of p_offset.
create function public.staff_list_orders(
  p_status text,
  p_search text,
  p_limit integer,
  p_offset integer,
  p_before_created_at timestamptz default null,
  p_before_id uuid default null
)
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
    raise exception 'Only staff can read every order.' using errcode = '42501';
  end if;
  if p_limit is null or p_limit not between 1 and 1000 or p_offset is null or p_offset < 0 then
    raise exception 'A page holds 1 to 1000 rows from an offset of 0 or more.' using errcode = 'LB004';
  end if;
  if p_status is not null and p_status not in ('pending', 'paid', 'shipped', 'delivered', 'cancelled') then
    raise exception 'Unknown status %.', p_status using errcode = 'LB004';
  end if;
  if char_length(v_search) > 200 then
    raise exception 'The search can have at most 200 characters.' using errcode = 'LB004';
  end if;
  v_search := nullif(regexp_replace(v_search, '^#', ''), '');
  v_pattern := '%' || replace(replace(replace(v_search, '\', '\\'), '%', '\%'), '_', '\_') || '%';

  with matches as (
    select o.id, o.created_at
    from public.orders as o
    where (p_status is null or o.status = p_status)
      and (
        v_search is null
        or o.id::text = v_search
        or right(o.id::text, 8) = v_search
        or lower(o.email) like v_pattern
        or lower((o.shipping_address ->> 'firstName') || ' ' || (o.shipping_address ->> 'lastName')) like v_pattern
      )
  ), page as (
    select m.id, m.created_at
    from matches as m
    where p_before_created_at is null
       or (m.created_at, m.id) < (p_before_created_at, coalesce(p_before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid))
    order by m.created_at desc, m.id desc
    limit p_limit offset p_offset
  )
  select
    (select count(*)::integer from matches),
    coalesce((
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
      ) order by p.created_at desc, p.id desc)
      from page as p
      join public.orders as o on o.id = p.id
    ), '[]'::jsonb)
  into v_total, v_rows;

  return jsonb_build_object('total', v_total, 'orders', v_rows);
end;
$$;

-- One order with everything the back office shows: lines, timeline (with who), internal note, whether a guest
-- link is live. Null when there is no such order.
create function public.staff_get_order(p_order_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'Only staff can read every order.' using errcode = '42501';
  end if;
  return (
    select public.order_json(o.id) || jsonb_build_object(
      'internal_note', (select n.note from public.order_notes as n where n.order_id = o.id),
      'guest_link_active', o.guest_token_hash is not null,
      'timeline', coalesce((
        select jsonb_agg(
          jsonb_build_object(
            'created_at', e.created_at,
            'actor_label', e.actor_label,
            'actor_email', coalesce(e.actor_email, u.email),
            'from_status', e.from_status,
            'to_status', e.to_status,
            'note', e.note,
            'details', e.details
          )
          order by e.created_at, e.id
        )
        from public.order_events as e
        left join auth.users as u on u.id = e.actor_id
        where e.order_id = o.id
      ), '[]'::jsonb)
    )
    from public.orders as o
    where o.id = p_order_id
  );
end;
$$;

-- The overview: orders waiting (pending, paid), and for today, the last 7 and the last 30 days (in the shop's
-- time zone) the orders placed (cancelled ones aside) and the revenue of those paid, with one row per day for the
-- chart, and the newest orders.
create function public.staff_overview(p_time_zone text, p_newest integer default 5)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_today date := (now() at time zone p_time_zone)::date;
  v_from timestamptz := ((now() at time zone p_time_zone)::date - 29)::timestamp at time zone p_time_zone;
  v_days jsonb;
  v_waiting jsonb;
  v_newest jsonb;
begin
  if not public.is_staff() then
    raise exception 'Only staff can read every order.' using errcode = '42501';
  end if;

  select coalesce(jsonb_agg(jsonb_build_object('day', d.day, 'count', coalesce(t.count, 0), 'revenue', coalesce(t.revenue, 0)) order by d.day), '[]'::jsonb)
  into v_days
  from (select (v_today - n) as day from generate_series(0, 29) as n) as d
  left join (
    select (o.created_at at time zone p_time_zone)::date as day,
           count(*)::integer as count,
           coalesce(sum(o.total_amount) filter (where o.status in ('paid', 'shipped', 'delivered')), 0)::bigint as revenue
    from public.orders as o
    where o.created_at >= v_from and o.status <> 'cancelled'
    group by 1
  ) as t on t.day = d.day;

  select jsonb_build_object(
    'pending', (select count(*)::integer from public.orders where status = 'pending'),
    'paid', (select count(*)::integer from public.orders where status = 'paid')
  ) into v_waiting;

  select coalesce(jsonb_agg(row_json order by created_at desc, id desc), '[]'::jsonb) into v_newest
  from (
    select o.id, o.created_at, jsonb_build_object(
      'id', o.id, 'user_id', o.user_id, 'status', o.status, 'total_amount', o.total_amount,
      'shipping_method', o.shipping_method, 'shipping_amount', o.shipping_amount, 'currency', o.currency,
      'email', o.email, 'first_name', o.shipping_address ->> 'firstName', 'last_name', o.shipping_address ->> 'lastName',
      'created_at', o.created_at, 'carrier', o.carrier, 'tracking_number', o.tracking_number,
      'item_count', (select coalesce(sum(i.quantity), 0)::integer from public.order_items as i where i.order_id = o.id)
    ) as row_json
    from public.orders as o
    order by o.created_at desc, o.id desc
    limit least(greatest(coalesce(p_newest, 5), 0), 50)
  ) as newest;

  return jsonb_build_object('waiting', v_waiting, 'days', v_days, 'newest', v_newest);
end;
$$;

-- Confirmed newsletter subscribers, newest first, and how many there are.
create function public.staff_list_subscribers(p_limit integer, p_offset integer)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'Only staff can read the subscribers.' using errcode = '42501';
  end if;
  if p_limit is null or p_limit not between 1 and 1000 or p_offset is null or p_offset < 0 then
    raise exception 'A page holds 1 to 1000 rows from an offset of 0 or more.' using errcode = 'LB004';
  end if;
  return jsonb_build_object(
    'total', (select count(*)::integer from public.newsletter_subscribers where status = 'confirmed'),
    'subscribers', coalesce((
      select jsonb_agg(jsonb_build_object('id', s.id, 'email', s.email, 'confirmed_at', coalesce(s.confirmed_at, s.created_at), 'created_at', s.created_at)
        order by coalesce(s.confirmed_at, s.created_at) desc, s.id desc)
      from (
        select * from public.newsletter_subscribers
        where status = 'confirmed'
        order by coalesce(confirmed_at, created_at) desc, id desc
        limit p_limit offset p_offset
      ) as s
    ), '[]'::jsonb)
  );
end;
$$;

create index newsletter_subscribers_confirmed_idx on public.newsletter_subscribers ((coalesce(confirmed_at, created_at)) desc, id desc)
  where status = 'confirmed';

revoke execute on function public.staff_list_orders(text, text, integer, integer, timestamptz, uuid) from public, anon, authenticated;
revoke execute on function public.staff_get_order(uuid) from public, anon, authenticated;
revoke execute on function public.staff_overview(text, integer) from public, anon, authenticated;
revoke execute on function public.staff_list_subscribers(integer, integer) from public, anon, authenticated;
grant execute on function public.staff_list_orders(text, text, integer, integer, timestamptz, uuid) to authenticated;
grant execute on function public.staff_get_order(uuid) to authenticated;
grant execute on function public.staff_overview(text, integer) to authenticated;
grant execute on function public.staff_list_subscribers(integer, integer) to authenticated;

-- ---------------------------------------------------------------------------------------------------
-- The guest's order page: what the link's token opens (status, tracking, items, the timeline's dates), and nothing
-- else. Null for an unknown or revoked token.
create function public.guest_order(p_token text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_order_id uuid;
begin
  if p_token is null or p_token !~ '^[0-9a-f]{64}$' then
    return null;
  end if;
  select id into v_order_id from public.orders where guest_token_hash = public.hash_link_token(p_token);
  if v_order_id is null then
    return null;
  end if;
  return (
    select jsonb_build_object(
      'id', j ->> 'id',
      'status', j ->> 'status',
      'total_amount', j -> 'total_amount',
      'shipping_method', j ->> 'shipping_method',
      'shipping_amount', j -> 'shipping_amount',
      'currency', j ->> 'currency',
      'created_at', j -> 'created_at',
      'carrier', j -> 'carrier',
      'tracking_number', j -> 'tracking_number',
      'order_items', j -> 'order_items',
      'order_events', j -> 'order_events'
    )
    from public.order_json(v_order_id) as j
  );
end;
$$;

revoke execute on function public.guest_order(text) from public, anon, authenticated;
grant execute on function public.guest_order(text) to anon, authenticated;

-- Supabase's service role writes the staff list at start-up (the embedded and postgres backends do it as the
-- database owner).
do $$
begin
  if exists (select 1 from pg_catalog.pg_roles where rolname = 'service_role') then
    grant execute on function public.sync_shop_staff(text[], text[]) to service_role;
  end if;
end;
$$;
