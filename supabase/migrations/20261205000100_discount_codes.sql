-- Discount codes and the newsletter's welcome offer (issue 41, docs/decisions/0042-discount-codes.md).
--
-- * public.discount_codes: staff's codes (percent, a fixed amount, free shipping; a minimum of the eligible items;
--   start and end days in the shop's time zone; a limit of uses in all, one use per customer; every product, or
--   chosen categories, products or variants) and the personal one-use codes of the welcome offer. Staff-only data:
--   row-level security on, no policy, no grant; staff reach them through the staff_* functions, the shop's server
--   through discount_code_state (its own role: the database owner, or Supabase's service role), never a shopper.
-- * public.discount_redemptions: one row per order that used a code, with the customer's address and the amount;
--   a cancelled order gives its use back (released_at), whichever path cancels it.
-- * place_order applies the code in the order's transaction (the code's row locked, so two shoppers after its last
--   use take turns): it checks the code again, computes the discount itself with the rules of
--   app/modules/discounts/rules.ts, refuses an amount other than the one the shopper was shown (LB061), stores the
--   discount on the order and what was paid for each line after it, and counts the use. The code travels as
--   p_shipping.discount = { id, amount }, so the function keeps its signature and grants (as the shipping method did,
--   decision 0028): an id, not the code's text, so that a direct call cannot be used to guess codes.
-- * Refusals are LB060 with the reason in the error's detail: unknown, paused, ended, not_started, expired, used_up,
--   used_by_customer, not_eligible, below_minimum (the app's messages say each).
-- * The welcome offer (off by default): confirming a newsletter subscription makes a personal one-use code, once per
--   address ever, carried by the welcome e-mail.

-- ---------------------------------------------------------------------------------------------------
-- Tables.

create table public.discount_codes (
  id uuid primary key default gen_random_uuid(),
  -- Upper case; shoppers type it in any case (lookups compare upper(...)).
  code text not null check (code ~ '^[A-Z0-9][A-Z0-9_-]{2,39}$'),
  kind text not null check (kind in ('percent', 'amount', 'free_shipping')),
  percent_off integer check (percent_off between 1 and 100),
  amount_off_cents integer check (amount_off_cents between 1 and 100000000),
  -- Of the items the code counts (its scope).
  minimum_subtotal_cents integer not null default 0 check (minimum_subtotal_cents between 0 and 100000000),
  -- Days in time_zone, both included; null: open-ended.
  starts_on date,
  ends_on date,
  time_zone text not null check (char_length(time_zone) between 1 and 64),
  usage_limit integer check (usage_limit between 1 and 1000000),
  -- Orders not cancelled that used it: counted under this row's lock.
  times_used integer not null default 0 check (times_used >= 0),
  once_per_customer boolean not null default false,
  -- All empty: every product.
  categories text[] not null default '{}' check (cardinality(categories) <= 10),
  product_ids text[] not null default '{}' check (cardinality(product_ids) <= 200),
  variant_ids text[] not null default '{}' check (cardinality(variant_ids) <= 200),
  status text not null default 'active' check (status in ('active', 'paused', 'ended')),
  -- staff: made in the back office; welcome: the welcome offer's personal code for welcome_email (lower case).
  source text not null default 'staff' check (source in ('staff', 'welcome')),
  welcome_email text check (char_length(welcome_email) <= 320),
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  updated_by_label text check (char_length(updated_by_label) <= 320),
  constraint discount_codes_value_of_kind check (
    (kind = 'percent' and percent_off is not null and amount_off_cents is null)
    or (kind = 'amount' and amount_off_cents is not null and percent_off is null)
    or (kind = 'free_shipping' and percent_off is null and amount_off_cents is null)
  ),
  constraint discount_codes_days_in_order check (starts_on is null or ends_on is null or starts_on <= ends_on),
  constraint discount_codes_welcome_has_address check ((source = 'welcome') = (welcome_email is not null))
);

create unique index discount_codes_code on public.discount_codes (upper(code));
create index discount_codes_list on public.discount_codes (source, created_at desc, id desc);
create unique index discount_codes_one_welcome_per_address on public.discount_codes (welcome_email)
  where welcome_email is not null;

create trigger discount_codes_set_updated_at
  before update on public.discount_codes
  for each row execute function public.set_updated_at();

create table public.discount_redemptions (
  order_id uuid primary key references public.orders (id) on delete cascade,
  code_id uuid not null references public.discount_codes (id) on delete cascade,
  -- lower(btrim(the order's e-mail)): one use per customer is by address, member or guest, and by the account.
  email text not null check (char_length(email) <= 320),
  user_id uuid references auth.users (id) on delete set null,
  amount integer not null check (amount >= 0),
  created_at timestamptz not null default now(),
  -- Set when the order was cancelled: the use is the code's again.
  released_at timestamptz
);

create index discount_redemptions_code on public.discount_redemptions (code_id, created_at desc);
create index discount_redemptions_customer on public.discount_redemptions (code_id, email) where released_at is null;
create index discount_redemptions_member on public.discount_redemptions (code_id, user_id)
  where released_at is null and user_id is not null;

-- One row: the welcome offer, off until staff turn it on.
create table public.discount_welcome_offer (
  singleton boolean primary key default true check (singleton),
  enabled boolean not null default false,
  kind text not null default 'percent' check (kind in ('percent', 'amount')),
  percent_off integer check (percent_off between 1 and 100),
  amount_off_cents integer check (amount_off_cents between 1 and 100000000),
  -- How many days a code lasts, the day it is made included.
  valid_days integer not null default 30 check (valid_days between 1 and 365),
  time_zone text not null default 'UTC' check (char_length(time_zone) between 1 and 64),
  version integer not null default 1,
  updated_at timestamptz not null default now(),
  updated_by_label text check (char_length(updated_by_label) <= 320),
  constraint discount_welcome_offer_value_of_kind check (
    (kind = 'percent' and percent_off is not null and amount_off_cents is null)
    or (kind = 'amount' and amount_off_cents is not null and percent_off is null)
  )
);
insert into public.discount_welcome_offer (percent_off) values (10);

alter table public.discount_codes enable row level security;
alter table public.discount_redemptions enable row level security;
alter table public.discount_welcome_offer enable row level security;
revoke all on table public.discount_codes, public.discount_redemptions, public.discount_welcome_offer
  from anon, authenticated;

-- ---------------------------------------------------------------------------------------------------
-- An order's discount, and what was paid for each line after it.

alter table public.orders
  add column discount_code_id uuid references public.discount_codes (id) on delete set null,
  add column discount_code text check (char_length(discount_code) <= 40),
  -- Cents, in all (the items' part and the shipping's): total_amount = items + shipping_amount - discount_amount.
  add column discount_amount integer not null default 0,
  -- The part of discount_amount taken off the shipping line (a free-shipping code).
  add column discount_on_shipping integer not null default 0,
  add constraint orders_discount_not_negative check (discount_amount >= 0 and discount_on_shipping >= 0),
  add constraint orders_discount_on_shipping_within check (
    discount_on_shipping <= discount_amount and discount_on_shipping <= shipping_amount
  ),
  add constraint orders_discount_has_code check ((discount_amount = 0) or (discount_code is not null));

-- The shipping line may now be given away: the total covers what shipping is still charged.
alter table public.orders
  drop constraint orders_total_covers_shipping,
  add constraint orders_total_covers_shipping check (total_amount + discount_on_shipping >= shipping_amount);

-- What the line cost after the order's discount (its share taken off): what a refund of the line gives back.
alter table public.order_items add column paid_amount integer;
update public.order_items set paid_amount = price_per_item * quantity;
alter table public.order_items
  alter column paid_amount set not null,
  add constraint order_items_paid_within check (paid_amount between 0 and price_per_item * quantity);

-- ---------------------------------------------------------------------------------------------------
-- The rules, in SQL: the same as app/modules/discounts/rules.ts (the backend contract holds them equal).

-- Whether this customer (the address in any case, or the member) has an order with the code that was not cancelled.
create function public.discount_used_by(p_code_id uuid, p_email text, p_user_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.discount_redemptions as r
    where r.code_id = p_code_id and r.released_at is null
      and (r.email = lower(btrim(coalesce(p_email, ''))) or (p_user_id is not null and r.user_id = p_user_id))
  )
$$;

-- A code as the app reads it (app/backend/rpc/discounts.server.ts).
create function public.discount_code_json(p_code public.discount_codes)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_code.id,
    'code', p_code.code,
    'kind', p_code.kind,
    'percent_off', p_code.percent_off,
    'amount_off_cents', p_code.amount_off_cents,
    'minimum_subtotal_cents', p_code.minimum_subtotal_cents,
    'starts_on', p_code.starts_on,
    'ends_on', p_code.ends_on,
    'time_zone', p_code.time_zone,
    'usage_limit', p_code.usage_limit,
    'times_used', p_code.times_used,
    'once_per_customer', p_code.once_per_customer,
    'categories', to_jsonb(p_code.categories),
    'product_ids', to_jsonb(p_code.product_ids),
    'variant_ids', to_jsonb(p_code.variant_ids),
    'status', p_code.status,
    'source', p_code.source,
    'welcome_email', p_code.welcome_email,
    'version', p_code.version,
    'created_at', p_code.created_at,
    'updated_at', p_code.updated_at,
    'updated_by_label', p_code.updated_by_label
  )
$$;

-- What a code gives an order's lines (p_items as place_order takes them, in the cart's order) at a shipping amount,
-- or why not: { reason, ... } or { items, shipping, total, lines: [{ n, share }] }. The checks, their order and the
-- arithmetic are those of evaluateDiscount (rules.ts): percent rounded half up once, the share of each eligible line
-- by largest remainder, the first line first on a tie.
create function public.discount_outcome(
  p_code public.discount_codes,
  p_items jsonb,
  p_shipping_cents integer,
  p_email text,
  p_user_id uuid
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_today date := (now() at time zone p_code.time_zone)::date;
  v_all boolean := cardinality(p_code.categories) = 0 and cardinality(p_code.product_ids) = 0
    and cardinality(p_code.variant_ids) = 0;
  v_eligible bigint;
  v_any boolean;
  v_items bigint;
  v_shipping integer;
  v_floor_sum bigint;
  v_rows jsonb;
  v_lines jsonb;
begin
  if p_code.status = 'paused' then
    return jsonb_build_object('reason', 'paused');
  elsif p_code.status = 'ended' then
    return jsonb_build_object('reason', 'ended');
  elsif p_code.starts_on is not null and v_today < p_code.starts_on then
    return jsonb_build_object('reason', 'not_started', 'starts_on', p_code.starts_on);
  elsif p_code.ends_on is not null and v_today > p_code.ends_on then
    return jsonb_build_object('reason', 'expired', 'ends_on', p_code.ends_on);
  elsif p_code.usage_limit is not null and p_code.times_used >= p_code.usage_limit then
    return jsonb_build_object('reason', 'used_up');
  elsif p_code.once_per_customer and public.discount_used_by(p_code.id, p_email, p_user_id) then
    return jsonb_build_object('reason', 'used_by_customer');
  end if;

  -- Each line once: its place in the cart, its total and whether the code counts it.
  select coalesce(jsonb_agg(jsonb_build_object(
      'n', line.n,
      'total', v.price_cents::bigint * (line.item ->> 'quantity')::numeric::bigint,
      'eligible', v_all or p.category = any (p_code.categories) or v.product_id = any (p_code.product_ids)
        or v.id = any (p_code.variant_ids)
    ) order by line.n), '[]'::jsonb)
    into v_rows
  from jsonb_array_elements(p_items) with ordinality as line (item, n)
  join public.product_variants as v on v.id = line.item ->> 'product_id'
  join public.products as p on p.id = v.product_id;

  select coalesce(sum(l.total) filter (where l.eligible), 0), coalesce(bool_or(l.eligible), false)
    into v_eligible, v_any
  from jsonb_to_recordset(v_rows) as l (n bigint, total bigint, eligible boolean);
  if not v_any then
    return jsonb_build_object('reason', 'not_eligible');
  elsif v_eligible < p_code.minimum_subtotal_cents then
    return jsonb_build_object('reason', 'below_minimum', 'minimum_subtotal_cents', p_code.minimum_subtotal_cents,
      'eligible_subtotal_cents', v_eligible);
  end if;

  v_items := case p_code.kind
    when 'percent' then (v_eligible * p_code.percent_off + 50) / 100
    when 'amount' then least(p_code.amount_off_cents::bigint, v_eligible)
    else 0
  end;
  v_shipping := case when p_code.kind = 'free_shipping' then coalesce(p_shipping_cents, 0) else 0 end;

  if v_items = 0 or v_eligible = 0 then
    select jsonb_agg(jsonb_build_object('n', l.n, 'share', 0) order by l.n) into v_lines
    from jsonb_to_recordset(v_rows) as l (n bigint, total bigint, eligible boolean);
  else
    select sum(case when l.eligible then (v_items * l.total) / v_eligible else 0 end) into v_floor_sum
    from jsonb_to_recordset(v_rows) as l (n bigint, total bigint, eligible boolean);
    select jsonb_agg(jsonb_build_object('n', shares.n,
        'share', shares.share + case when shares.rank <= v_items - v_floor_sum then 1 else 0 end)
      order by shares.n)
    into v_lines
    from (
      select l.n,
        case when l.eligible then (v_items * l.total) / v_eligible else 0 end as share,
        row_number() over (
          order by case when l.eligible then (v_items * l.total) % v_eligible else 0 end desc, l.n
        ) as rank
      from jsonb_to_recordset(v_rows) as l (n bigint, total bigint, eligible boolean)
    ) as shares;
  end if;

  return jsonb_build_object('items', v_items, 'shipping', v_shipping, 'total', v_items + v_shipping,
    'lines', coalesce(v_lines, '[]'::jsonb));
end;
$$;

revoke execute on function public.discount_used_by(uuid, text, uuid) from public, anon, authenticated;
revoke execute on function public.discount_code_json(public.discount_codes) from public, anon, authenticated;
revoke execute on function public.discount_outcome(public.discount_codes, jsonb, integer, text, uuid)
  from public, anon, authenticated;

-- The shop's server looks a code up (by the text a shopper typed, or by the id its signed cookie holds) to show what
-- it gives: the code's rules and uses, and whether this customer has used it. Null: no such code. Not for anon or
-- authenticated: a shopper cannot call it to list or guess codes (the server limits each client's tries); the SQL
-- backends call it as the owner, Supabase with the service role.
create function public.discount_code_state(p_code text, p_id uuid, p_email text, p_user_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_code public.discount_codes;
begin
  if p_id is not null then
    select * into v_code from public.discount_codes where id = p_id;
  elsif p_code is not null and char_length(p_code) <= 40 then
    select * into v_code from public.discount_codes where upper(code) = upper(btrim(p_code));
  end if;
  if v_code.id is null then
    return null;
  end if;
  return public.discount_code_json(v_code)
    || jsonb_build_object('used_by_customer', public.discount_used_by(v_code.id, p_email, p_user_id));
end;
$$;

revoke execute on function public.discount_code_state(text, uuid, text, uuid) from public, anon, authenticated;

-- A cancelled order gives its code's use back, once (staff's cancel, an expired card session: every path ends here).
-- Named to fire after orders_return_stock (triggers fire in name order), so that a cancel locks the variants before
-- the code, as place_order does: the two cannot deadlock.
create function public.orders_undo_discount_use()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_code_id uuid;
begin
  update public.discount_redemptions set released_at = now()
  where order_id = new.id and released_at is null
  returning code_id into v_code_id;
  if v_code_id is not null then
    update public.discount_codes set times_used = greatest(times_used - 1, 0) where id = v_code_id;
  end if;
  return null;
end;
$$;

revoke execute on function public.orders_undo_discount_use() from public, anon, authenticated;

create trigger orders_undo_discount_use after update of status on public.orders
  for each row when (new.status = 'cancelled' and old.status is distinct from 'cancelled')
  execute function public.orders_undo_discount_use();

-- ---------------------------------------------------------------------------------------------------
-- Placing an order: as before (decisions 0028, 0036), and the code of p_shipping.discount applied in the same
-- transaction.

create or replace function public.place_order(p_items jsonb, p_shipping jsonb, p_email text, p_idempotency_key text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := auth.uid();
  v_order_id uuid;
  v_owner_id uuid;
  v_problem text;
  v_field text;
  v_new boolean := false;
  v_result jsonb;
  v_region text;
  v_method text;
  v_rate public.shipping_rates%rowtype;
  v_subtotal bigint;
  v_shipping integer;
  v_left integer;
  v_name text;
  v_take record;
  v_discount jsonb := p_shipping -> 'discount';
  v_code public.discount_codes;
  v_outcome jsonb;
  v_discount_total integer := 0;
  v_discount_shipping integer := 0;
begin
  if p_idempotency_key is null or char_length(p_idempotency_key) not between 16 and 200 then
    raise exception 'The order key must have 16 to 200 characters.' using errcode = 'LB004';
  end if;

  -- A member's cart turns into one order at a time: concurrent checkouts of one member take turns here, and a
  -- repeated key waiting its turn then finds the order the first one placed.
  if v_user_id is not null then
    perform pg_advisory_xact_lock(7310, hashtext(v_user_id::text));
  end if;

  -- A repeated key (double click, back and resubmit, a retried request) returns the first order.
  select id, user_id into v_order_id, v_owner_id from public.orders where idempotency_key = p_idempotency_key;

  if v_order_id is null then
    if jsonb_typeof(p_items) is distinct from 'array' or jsonb_array_length(p_items) not between 1 and 50 then
      raise exception 'An order needs 1 to 50 lines.' using errcode = 'LB004';
    end if;
    if exists (
      select 1 from jsonb_array_elements(p_items) as item
      where jsonb_typeof(item) is distinct from 'object'
         or jsonb_typeof(item -> 'product_id') is distinct from 'string'
         or jsonb_typeof(item -> 'quantity') is distinct from 'number'
    ) then
      raise exception 'Every order line needs a product_id and a quantity.' using errcode = 'LB004';
    end if;
    if exists (
      select 1 from jsonb_array_elements(p_items) as item
      where (item ->> 'quantity')::numeric not between 1 and 99 or (item ->> 'quantity')::numeric % 1 <> 0
    ) then
      raise exception 'Quantities must be whole numbers from 1 to 99.' using errcode = 'LB003';
    end if;
    if exists (
      select 1 from jsonb_array_elements(p_items) as item
      group by item ->> 'product_id' having count(*) > 1
    ) then
      raise exception 'Each product may appear only once in an order.' using errcode = 'LB004';
    end if;
    if v_discount is not null and jsonb_typeof(v_discount) <> 'null' and (
      jsonb_typeof(v_discount) <> 'object'
      or jsonb_typeof(v_discount -> 'id') is distinct from 'string'
      or (v_discount ->> 'id') !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      or jsonb_typeof(v_discount -> 'amount') is distinct from 'number'
    ) then
      raise exception 'A discount needs the code''s id and the amount the shopper was shown.' using errcode = 'LB004';
    end if;

    -- A member orders what their cart holds, exactly: an emptied cart (another session has just ordered it) or
    -- a changed one is refused, and the shopper is shown the cart as it is now. Its rows stay locked until the
    -- order commits, so an add to a line waits and lands in the next cart.
    if v_user_id is not null then
      perform 1 from public.cart_items where user_id = v_user_id for update;
      if exists (
        (
          select product_id, quantity from public.cart_items where user_id = v_user_id
          except
          select item ->> 'product_id', (item ->> 'quantity')::numeric::integer from jsonb_array_elements(p_items) as item
        )
        union all
        (
          select item ->> 'product_id', (item ->> 'quantity')::numeric::integer from jsonb_array_elements(p_items) as item
          except
          select product_id, quantity from public.cart_items where user_id = v_user_id
        )
      ) then
        raise exception 'Your cart has changed since this order was made up.' using errcode = 'LB007';
      end if;
    end if;

    -- The variants ordered, locked in one order (by id) until the order commits: two shoppers after the last unit
    -- take turns here, and the second finds it gone. A line's product_id names the variant (see the top).
    perform 1 from public.product_variants
    where id in (select item ->> 'product_id' from jsonb_array_elements(p_items) as item)
    order by id
    for update;

    select line.item ->> 'product_id' into v_problem
    from jsonb_array_elements(p_items) with ordinality as line (item, n)
    left join public.product_variants as v on v.id = line.item ->> 'product_id'
    left join public.products as p on p.id = v.product_id
    where p.id is null or p.status <> 'active'
    order by line.n
    limit 1;
    if v_problem is not null then
      raise exception 'Product not found: %', v_problem using errcode = 'LB001';
    end if;

    select line.item ->> 'product_id', v.stock_on_hand, p.name || coalesce(' (' || nullif(array_to_string(v.option_values, ' / '), '') || ')', '')
      into v_problem, v_left, v_name
    from jsonb_array_elements(p_items) with ordinality as line (item, n)
    join public.product_variants as v on v.id = line.item ->> 'product_id'
    join public.products as p on p.id = v.product_id
    where v.stock_on_hand is not null and v.stock_on_hand < (line.item ->> 'quantity')::numeric
    order by line.n
    limit 1;
    if v_problem is not null then
      if v_left = 0 then
        raise exception 'Sorry, % has just sold out. Please remove it from your cart to go on.', v_name
          using errcode = 'LB002', detail = v_problem;
      end if;
      raise exception 'Sorry, only % of % % left. Please lower the quantity in your cart to go on.',
        v_left, v_name, case when v_left = 1 then 'is' else 'are' end
        using errcode = 'LB002', detail = v_problem;
    end if;

    if jsonb_typeof(p_shipping) is distinct from 'object' then
      raise exception 'A shipping address is required.' using errcode = 'LB004';
    end if;
    foreach v_field in array array['firstName', 'lastName', 'phone', 'address', 'city', 'state', 'zipCode', 'country'] loop
      if jsonb_typeof(p_shipping -> v_field) is distinct from 'string'
         or char_length(btrim(p_shipping ->> v_field)) not between 1 and 200 then
        raise exception 'Shipping address field % is missing or too long.', v_field using errcode = 'LB004';
      end if;
    end loop;

    if p_email is null or char_length(btrim(p_email)) > 320 or btrim(p_email) !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
      raise exception 'A valid e-mail address is required.' using errcode = 'LB004';
    end if;

    -- Shipping: the method the shopper chose, priced here for the address's region.
    v_region := public.shipping_region(p_shipping ->> 'country');
    if (p_shipping ? 'method') and jsonb_typeof(p_shipping -> 'method') is distinct from 'string' then
      raise exception 'Please choose a shipping method.' using errcode = 'LB004';
    end if;
    v_method := coalesce(
      nullif(btrim(p_shipping ->> 'method'), ''),
      case v_region when 'us' then 'standard' else 'international' end
    );
    select * into v_rate from public.shipping_rates where method = v_method;
    if not found then
      raise exception 'Please choose a shipping method.' using errcode = 'LB004';
    end if;
    if v_rate.region <> v_region then
      if v_region = 'us' then
        raise exception 'International shipping is for addresses outside the United States.' using errcode = 'LB004';
      end if;
      raise exception 'This shipping method is for US addresses: please choose International shipping.' using errcode = 'LB004';
    end if;

    select sum(v.price_cents::bigint * (item ->> 'quantity')::numeric::integer) into v_subtotal
    from jsonb_array_elements(p_items) as item
    join public.product_variants as v on v.id = item ->> 'product_id';
    v_shipping := case
      when v_rate.free_from_cents is not null and v_subtotal >= v_rate.free_from_cents then 0
      else v_rate.amount_cents
    end;

    -- The discount code, checked again and computed here. Its row stays locked until the order commits: two
    -- shoppers after its last use (or one customer's two checkouts) take turns, and the second is refused.
    if v_discount is not null and jsonb_typeof(v_discount) = 'object' then
      select * into v_code from public.discount_codes where id = (v_discount ->> 'id')::uuid for update;
      if not found then
        raise exception 'This discount code cannot be used (unknown).' using errcode = 'LB060', detail = 'unknown';
      end if;
      v_outcome := public.discount_outcome(v_code, p_items, v_shipping, p_email, v_user_id);
      if v_outcome ? 'reason' then
        raise exception 'This discount code cannot be used (%).', v_outcome ->> 'reason'
          using errcode = 'LB060', detail = v_outcome ->> 'reason';
      end if;
      v_discount_total := (v_outcome ->> 'total')::integer;
      v_discount_shipping := (v_outcome ->> 'shipping')::integer;
      if v_discount_total <> (v_discount ->> 'amount')::numeric then
        raise exception 'The discount is now % cents, not the % shown.', v_discount_total, v_discount ->> 'amount'
          using errcode = 'LB061';
      end if;
    end if;

    insert into public.orders (
      user_id, total_amount, shipping_method, shipping_amount, shipping_address, email, idempotency_key,
      discount_code_id, discount_code, discount_amount, discount_on_shipping
    )
    values (
      v_user_id,
      v_subtotal + v_shipping - v_discount_total,
      v_method,
      v_shipping,
      jsonb_build_object(
        'firstName', btrim(p_shipping ->> 'firstName'),
        'lastName', btrim(p_shipping ->> 'lastName'),
        'phone', btrim(p_shipping ->> 'phone'),
        'address', btrim(p_shipping ->> 'address'),
        'city', btrim(p_shipping ->> 'city'),
        'state', btrim(p_shipping ->> 'state'),
        'zipCode', btrim(p_shipping ->> 'zipCode'),
        'country', btrim(p_shipping ->> 'country')
      ),
      btrim(p_email),
      p_idempotency_key,
      v_code.id,
      v_code.code,
      v_discount_total,
      v_discount_shipping
    )
    on conflict (idempotency_key) do nothing
    returning id into v_order_id;

    if v_order_id is null then
      -- A concurrent submission of the same key committed first: answer with its order.
      select id, user_id into v_order_id, v_owner_id from public.orders where idempotency_key = p_idempotency_key;
    else
      v_owner_id := v_user_id;
      v_new := true;
      insert into public.order_items (
        order_id, line_number, product_id, variant_id, quantity, price_per_item, product_name, variant_label, sku, image,
        paid_amount
      )
      select v_order_id, line.n, v.product_id, v.id, (line.item ->> 'quantity')::numeric::integer, v.price_cents,
        p.name,
        -- Named only where the shopper chose: a one-variant product's line reads as it always has.
        case when (select count(*) from public.product_variants as other where other.product_id = v.product_id) > 1
          then array_to_string(v.option_values, ' / ') end,
        v.sku,
        public.variant_cover_json(v.id),
        v.price_cents * (line.item ->> 'quantity')::numeric::integer - coalesce((
          select (share.value ->> 'share')::integer
          from jsonb_array_elements(v_outcome -> 'lines') as share
          where (share.value ->> 'n')::bigint = line.n
        ), 0)
      from jsonb_array_elements(p_items) with ordinality as line (item, n)
      join public.product_variants as v on v.id = line.item ->> 'product_id'
      join public.products as p on p.id = v.product_id;
      -- The code's use, counted with the order.
      if v_code.id is not null then
        insert into public.discount_redemptions (order_id, code_id, email, user_id, amount)
        values (v_order_id, v_code.id, lower(btrim(p_email)), v_user_id, v_discount_total);
        update public.discount_codes set times_used = times_used + 1 where id = v_code.id;
      end if;
      -- The stock the order takes, in its transaction (the rows are locked above).
      for v_take in
        select v.id, v.stock_on_hand, (line.item ->> 'quantity')::numeric::integer as quantity
        from jsonb_array_elements(p_items) as line (item)
        join public.product_variants as v on v.id = line.item ->> 'product_id'
        where v.stock_on_hand is not null
        order by v.id
      loop
        update public.product_variants set stock_on_hand = v_take.stock_on_hand - v_take.quantity where id = v_take.id;
        insert into public.stock_movements (variant_id, from_count, to_count, reason, order_id, actor_id, actor_label)
        values (v_take.id, v_take.stock_on_hand, v_take.stock_on_hand - v_take.quantity, 'order', v_order_id, v_user_id,
          btrim(p_email));
        perform public.note_stock_level(v_take.id);
      end loop;
      -- The cart became this order: empty it with the order, in one commit.
      if v_user_id is not null then
        delete from public.cart_items where user_id = v_user_id;
      end if;
    end if;
  end if;

  if v_owner_id is distinct from v_user_id then
    raise exception 'This order key belongs to another order.' using errcode = 'LB005';
  end if;

  v_result := (
    select jsonb_build_object(
      'id', o.id,
      'user_id', o.user_id,
      'status', o.status,
      'total_amount', o.total_amount,
      'shipping_method', o.shipping_method,
      'shipping_amount', o.shipping_amount,
      'discount_code_id', o.discount_code_id,
      'discount_code', o.discount_code,
      'discount_amount', o.discount_amount,
      'discount_on_shipping', o.discount_on_shipping,
      'currency', o.currency,
      'email', o.email,
      'shipping_address', o.shipping_address,
      'created_at', o.created_at,
      'order_items', coalesce((
        select jsonb_agg(public.order_line_json(i) order by i.line_number)
        from public.order_items as i
        where i.order_id = o.id
      ), '[]'::jsonb)
    )
    from public.orders as o
    where o.id = v_order_id
  );

  -- The confirmation e-mail, in this transaction: the order and its message commit together or not at all.
  -- Written once, by the call that created the order (a repeated key sends nothing more).
  if v_new then
    insert into public.outbox (kind, recipient, payload)
    values ('order_confirmation', v_result ->> 'email', v_result);
  end if;

  return v_result;
end;
$$;

-- ---------------------------------------------------------------------------------------------------
-- The readers of an order carry its discount (each line's paid_amount comes with order_line_json by itself).

create or replace function public.order_json(p_order_id uuid)
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
    'discount_code_id', o.discount_code_id,
    'discount_code', o.discount_code,
    'discount_amount', o.discount_amount,
    'discount_on_shipping', o.discount_on_shipping,
    'currency', o.currency,
    'email', o.email,
    'shipping_address', o.shipping_address,
    'carrier', o.carrier,
    'tracking_number', o.tracking_number,
    'created_at', o.created_at,
    'order_items', coalesce((
      select jsonb_agg(public.order_line_json(i) order by i.line_number)
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

create or replace function public.guest_order(p_token text)
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
      'discount_code', j -> 'discount_code',
      'discount_amount', j -> 'discount_amount',
      'discount_on_shipping', j -> 'discount_on_shipping',
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

create or replace function public.browser_order(p_order_id uuid, p_token text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_order_id is null or p_token is null or p_token !~ '^[0-9a-f]{64}$' then
    return null;
  end if;
  if not exists (
    select 1
    from public.order_browser_links as link
    join public.orders as o on o.id = link.order_id
    where link.token_hash = public.hash_link_token(p_token) and link.order_id = p_order_id and not o.browser_links_revoked
  ) then
    return null;
  end if;
  return (
    select jsonb_build_object(
      'id', j ->> 'id',
      'status', j ->> 'status',
      'total_amount', j -> 'total_amount',
      'shipping_method', j ->> 'shipping_method',
      'shipping_amount', j -> 'shipping_amount',
      'discount_code_id', j -> 'discount_code_id',
      'discount_code', j -> 'discount_code',
      'discount_amount', j -> 'discount_amount',
      'discount_on_shipping', j -> 'discount_on_shipping',
      'currency', j ->> 'currency',
      'created_at', j -> 'created_at',
      'carrier', j -> 'carrier',
      'tracking_number', j -> 'tracking_number',
      'shipping_address', j -> 'shipping_address',
      'order_items', j -> 'order_items',
      'order_events', j -> 'order_events'
    )
    from public.order_json(p_order_id) as j
  );
end;
$$;

-- The orders CSV: the order's discount on its first row, each line's paid amount (decision 0041's shape, as before).
create or replace function public.staff_export_orders(
  p_status text,
  p_search text,
  p_limit integer,
  p_before_created_at timestamptz default null,
  p_before_id uuid default null
)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object('total', null, 'orders', coalesce((
    select jsonb_agg(
      page.summary || jsonb_build_object(
        'shipping_address', o.shipping_address,
        'discount_code', o.discount_code,
        'discount_amount', o.discount_amount,
        'lines', coalesce((
          select jsonb_agg(jsonb_build_object(
            'sku', i.sku,
            'product_name', i.product_name,
            'variant_label', i.variant_label,
            'quantity', i.quantity,
            'price_per_item', i.price_per_item,
            'paid_amount', i.paid_amount
          ) order by i.line_number, i.id)
          from public.order_items as i
          where i.order_id = o.id
        ), '[]'::jsonb)
      ) order by page.position)
    from jsonb_array_elements(
      public.staff_orders_page(p_status, p_search, p_limit, 0, p_before_created_at, p_before_id, false) -> 'orders'
    ) with ordinality as page(summary, position)
    join public.orders as o on o.id = (page.summary ->> 'id')::uuid
  ), '[]'::jsonb))
$$;

-- ---------------------------------------------------------------------------------------------------
-- The back office: codes, their uses, the welcome offer. Each checks is_staff() (through staff_label()).

-- A page of codes, newest first: staff's own (p_source 'staff') or the welcome offer's ('welcome'), matching the
-- search (the code, or a welcome code's address), with each code's uses and the discount given in all.
create function public.staff_discount_codes(p_source text, p_search text, p_limit integer, p_offset integer)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_search text := upper(btrim(coalesce(p_search, '')));
  v_pattern text;
begin
  perform public.staff_label();
  if p_source not in ('staff', 'welcome') then
    raise exception 'Unknown list %.', p_source using errcode = 'LB004';
  end if;
  if p_limit is null or p_limit not between 1 and 200 or p_offset is null or p_offset < 0 then
    raise exception 'A page holds 1 to 200 rows from an offset of 0 or more.' using errcode = 'LB004';
  end if;
  if char_length(v_search) > 200 then
    raise exception 'The search can have at most 200 characters.' using errcode = 'LB004';
  end if;
  v_pattern := '%' || replace(replace(replace(v_search, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  return jsonb_build_object(
    'total', (
      select count(*) from public.discount_codes as c
      where c.source = p_source and (v_search = '' or upper(c.code) like v_pattern or upper(c.welcome_email) like v_pattern)
    ),
    'codes', coalesce((
      select jsonb_agg(public.discount_code_json(c) || jsonb_build_object(
        'given_cents', (select coalesce(sum(r.amount), 0) from public.discount_redemptions as r
                        where r.code_id = c.id and r.released_at is null)
      ) order by c.created_at desc, c.id desc)
      from (
        select * from public.discount_codes as c
        where c.source = p_source and (v_search = '' or upper(c.code) like v_pattern or upper(c.welcome_email) like v_pattern)
        order by c.created_at desc, c.id desc
        limit p_limit offset p_offset
      ) as c
    ), '[]'::jsonb)
  );
end;
$$;

-- One code with its uses (newest first, at most 200; a cancelled order's use shows as given back).
create function public.staff_discount_code(p_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_code public.discount_codes;
begin
  perform public.staff_label();
  select * into v_code from public.discount_codes where id = p_id;
  if v_code.id is null then
    return null;
  end if;
  return public.discount_code_json(v_code) || jsonb_build_object(
    'given_cents', (select coalesce(sum(r.amount), 0) from public.discount_redemptions as r
                    where r.code_id = v_code.id and r.released_at is null),
    'uses', coalesce((
      select jsonb_agg(jsonb_build_object(
        'order_id', r.order_id,
        'email', o.email,
        'member', o.user_id is not null,
        'status', o.status,
        'amount', r.amount,
        'total_amount', o.total_amount,
        'created_at', r.created_at,
        'released_at', r.released_at
      ) order by r.created_at desc, r.order_id)
      from (
        select * from public.discount_redemptions where code_id = v_code.id
        order by created_at desc, order_id limit 200
      ) as r
      join public.orders as o on o.id = r.order_id
    ), '[]'::jsonb)
  );
end;
$$;

-- Creates (p_id null) or updates a code. p_code: { code, kind, percent_off, amount_off_cents, minimum_subtotal_cents,
-- starts_on, ends_on, time_zone, usage_limit, once_per_customer, categories, product_ids, variant_ids }. An edit from
-- an older version is refused (LB030); a code another code has (any case), LB062. Returns { id, version }.
create function public.staff_save_discount_code(p_id uuid, p_code jsonb, p_expected_version integer)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor text := public.staff_label();
  v_current public.discount_codes;
  v_text text := upper(btrim(coalesce(p_code ->> 'code', '')));
  v_kind text := p_code ->> 'kind';
  v_zone text := p_code ->> 'time_zone';
  v_categories text[];
  v_products text[];
  v_variants text[];
  v_missing text;
  v_id uuid;
  v_version integer;
begin
  if jsonb_typeof(p_code) is distinct from 'object' then
    raise exception 'A code needs its fields.' using errcode = 'LB004';
  end if;
  if v_text !~ '^[A-Z0-9][A-Z0-9_-]{2,39}$' then
    raise exception 'A code has 3 to 40 letters, digits, dashes or underscores, starting with a letter or digit.'
      using errcode = 'LB004';
  end if;
  if v_kind is null or v_kind not in ('percent', 'amount', 'free_shipping') then
    raise exception 'Choose what the code gives: a percentage, an amount or free shipping.' using errcode = 'LB004';
  end if;
  if v_zone is null then
    raise exception 'A code needs the shop''s time zone.' using errcode = 'LB004';
  end if;
  begin
    perform now() at time zone v_zone;
  exception when others then
    raise exception 'The shop''s time zone "%" is not known.', v_zone using errcode = 'LB004';
  end;
  if jsonb_typeof(coalesce(p_code -> 'categories', '[]')) <> 'array'
     or jsonb_typeof(coalesce(p_code -> 'product_ids', '[]')) <> 'array'
     or jsonb_typeof(coalesce(p_code -> 'variant_ids', '[]')) <> 'array' then
    raise exception 'The products a code is for are lists.' using errcode = 'LB004';
  end if;
  v_categories := array(select distinct jsonb_array_elements_text(coalesce(p_code -> 'categories', '[]')) order by 1);
  v_products := array(select distinct jsonb_array_elements_text(coalesce(p_code -> 'product_ids', '[]')) order by 1);
  v_variants := array(select distinct jsonb_array_elements_text(coalesce(p_code -> 'variant_ids', '[]')) order by 1);
  select value into v_missing from unnest(v_categories) as value
  where value not in ('clip-in', 'tape-in', 'wigs', 'accessories') limit 1;
  if v_missing is not null then
    raise exception 'There is no category "%".', v_missing using errcode = 'LB004';
  end if;
  select value into v_missing from unnest(v_products) as value
  where not exists (select 1 from public.products where id = value) limit 1;
  if v_missing is not null then
    raise exception 'There is no product "%".', v_missing using errcode = 'LB004';
  end if;
  select value into v_missing from unnest(v_variants) as value
  where not exists (select 1 from public.product_variants where id = value) limit 1;
  if v_missing is not null then
    raise exception 'There is no variant "%".', v_missing using errcode = 'LB004';
  end if;

  if p_id is not null then
    select * into v_current from public.discount_codes where id = p_id for update;
    if v_current.id is null then
      raise exception 'Discount code not found.' using errcode = 'LB001';
    elsif v_current.version <> p_expected_version then
      raise exception 'Someone else saved this code meanwhile. Reload it to see their changes, then make yours again.'
        using errcode = 'LB030';
    end if;
  end if;
  if exists (select 1 from public.discount_codes where upper(code) = v_text and id is distinct from p_id) then
    raise exception 'There is already a code "%": choose another.', v_text using errcode = 'LB062';
  end if;

  begin
    if p_id is null then
      insert into public.discount_codes (
        code, kind, percent_off, amount_off_cents, minimum_subtotal_cents, starts_on, ends_on, time_zone, usage_limit,
        once_per_customer, categories, product_ids, variant_ids, updated_by_label
      ) values (
        v_text, v_kind,
        case when v_kind = 'percent' then (p_code ->> 'percent_off')::integer end,
        case when v_kind = 'amount' then (p_code ->> 'amount_off_cents')::integer end,
        coalesce((p_code ->> 'minimum_subtotal_cents')::integer, 0),
        (p_code ->> 'starts_on')::date, (p_code ->> 'ends_on')::date, v_zone,
        (p_code ->> 'usage_limit')::integer,
        coalesce((p_code ->> 'once_per_customer')::boolean, false),
        v_categories, v_products, v_variants, v_actor
      )
      returning id, version into v_id, v_version;
    else
      update public.discount_codes set
        code = v_text,
        kind = v_kind,
        percent_off = case when v_kind = 'percent' then (p_code ->> 'percent_off')::integer end,
        amount_off_cents = case when v_kind = 'amount' then (p_code ->> 'amount_off_cents')::integer end,
        minimum_subtotal_cents = coalesce((p_code ->> 'minimum_subtotal_cents')::integer, 0),
        starts_on = (p_code ->> 'starts_on')::date,
        ends_on = (p_code ->> 'ends_on')::date,
        time_zone = v_zone,
        usage_limit = (p_code ->> 'usage_limit')::integer,
        once_per_customer = coalesce((p_code ->> 'once_per_customer')::boolean, false),
        categories = v_categories,
        product_ids = v_products,
        variant_ids = v_variants,
        version = version + 1,
        updated_by_label = v_actor
      where id = p_id
      returning id, version into v_id, v_version;
    end if;
  exception
    when unique_violation then
      raise exception 'There is already a code "%": choose another.', v_text using errcode = 'LB062';
    when check_violation or invalid_text_representation or datetime_field_overflow or numeric_value_out_of_range
      or invalid_datetime_format then
      raise exception 'Some of the code''s figures are out of range: check the amount, the minimum, the days and the limit.'
        using errcode = 'LB004';
  end;
  return jsonb_build_object('id', v_id, 'version', v_version);
end;
$$;

-- Pause (active -> paused), resume (paused -> active) or end (for good) a code, from the version the page showed.
create function public.staff_set_discount_status(p_id uuid, p_status text, p_expected_version integer)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor text := public.staff_label();
  v_current public.discount_codes;
  v_version integer;
begin
  if p_status is null or p_status not in ('active', 'paused', 'ended') then
    raise exception 'Unknown status %.', p_status using errcode = 'LB004';
  end if;
  select * into v_current from public.discount_codes where id = p_id for update;
  if v_current.id is null then
    raise exception 'Discount code not found.' using errcode = 'LB001';
  elsif v_current.version <> p_expected_version then
    raise exception 'Someone else changed this code meanwhile. Here it is as it is now.' using errcode = 'LB030';
  elsif v_current.status = 'ended' then
    raise exception 'This code has ended: it cannot be used again. Make a new code instead.' using errcode = 'LB004';
  end if;
  update public.discount_codes set status = p_status, version = version + 1, updated_by_label = v_actor
  where id = p_id
  returning version into v_version;
  return jsonb_build_object('id', p_id, 'status', p_status, 'version', v_version);
end;
$$;

create function public.staff_welcome_offer()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.staff_label();
  return (
    select jsonb_build_object(
      'enabled', w.enabled, 'kind', w.kind, 'percent_off', w.percent_off, 'amount_off_cents', w.amount_off_cents,
      'valid_days', w.valid_days, 'time_zone', w.time_zone, 'version', w.version, 'updated_at', w.updated_at,
      'updated_by_label', w.updated_by_label,
      'issued', (select count(*) from public.discount_codes where source = 'welcome'),
      'used', (select count(*) from public.discount_codes where source = 'welcome' and times_used > 0)
    )
    from public.discount_welcome_offer as w
  );
end;
$$;

-- p_offer: { enabled, kind, percent_off, amount_off_cents, valid_days, time_zone }. From an older version: LB030.
create function public.staff_save_welcome_offer(p_offer jsonb, p_expected_version integer)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor text := public.staff_label();
  v_kind text := p_offer ->> 'kind';
  v_zone text := p_offer ->> 'time_zone';
begin
  if jsonb_typeof(p_offer) is distinct from 'object' or v_kind is null or v_kind not in ('percent', 'amount') then
    raise exception 'Choose a percentage or an amount for the welcome offer.' using errcode = 'LB004';
  end if;
  if v_zone is null then
    raise exception 'The welcome offer needs the shop''s time zone.' using errcode = 'LB004';
  end if;
  begin
    perform now() at time zone v_zone;
  exception when others then
    raise exception 'The shop''s time zone "%" is not known.', v_zone using errcode = 'LB004';
  end;
  perform 1 from public.discount_welcome_offer for update;
  if (select version from public.discount_welcome_offer) <> p_expected_version then
    raise exception 'Someone else saved the welcome offer meanwhile. Here it is as it is now.' using errcode = 'LB030';
  end if;
  begin
    update public.discount_welcome_offer set
      enabled = coalesce((p_offer ->> 'enabled')::boolean, false),
      kind = v_kind,
      percent_off = case when v_kind = 'percent' then (p_offer ->> 'percent_off')::integer end,
      amount_off_cents = case when v_kind = 'amount' then (p_offer ->> 'amount_off_cents')::integer end,
      valid_days = (p_offer ->> 'valid_days')::integer,
      time_zone = v_zone,
      version = version + 1,
      updated_at = now(),
      updated_by_label = v_actor;
  exception when check_violation or not_null_violation or invalid_text_representation or numeric_value_out_of_range then
    raise exception 'The welcome offer''s figures are out of range: 1-100%%, an amount, 1 to 365 days.' using errcode = 'LB004';
  end;
  return public.staff_welcome_offer();
end;
$$;

revoke execute on function public.staff_discount_codes(text, text, integer, integer) from public, anon;
revoke execute on function public.staff_discount_code(uuid) from public, anon;
revoke execute on function public.staff_save_discount_code(uuid, jsonb, integer) from public, anon;
revoke execute on function public.staff_set_discount_status(uuid, text, integer) from public, anon;
revoke execute on function public.staff_welcome_offer() from public, anon;
revoke execute on function public.staff_save_welcome_offer(jsonb, integer) from public, anon;
grant execute on function public.staff_discount_codes(text, text, integer, integer) to authenticated;
grant execute on function public.staff_discount_code(uuid) to authenticated;
grant execute on function public.staff_save_discount_code(uuid, jsonb, integer) to authenticated;
grant execute on function public.staff_set_discount_status(uuid, text, integer) to authenticated;
grant execute on function public.staff_welcome_offer() to authenticated;
grant execute on function public.staff_save_welcome_offer(jsonb, integer) to authenticated;

-- ---------------------------------------------------------------------------------------------------
-- The welcome offer: confirming a subscription (as before, decision 0027) also makes the address's personal code,
-- once per address ever (unsubscribing and subscribing again makes no second one), while the offer is on. The
-- welcome e-mail carries it (payload.welcome_code).

create or replace function public.confirm_newsletter_subscription(p_token text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.newsletter_subscribers;
  v_unsubscribe text := public.new_link_token();
  v_offer public.discount_welcome_offer;
  v_code public.discount_codes;
  v_today date;
  v_welcome jsonb;
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

  select * into v_offer from public.discount_welcome_offer;
  if v_offer.enabled then
    v_today := (now() at time zone v_offer.time_zone)::date;
    -- 40 random bits: a code nobody finds by trying (the server limits each client's tries besides).
    for attempt in 1..5 loop
      begin
        insert into public.discount_codes (
          code, kind, percent_off, amount_off_cents, starts_on, ends_on, time_zone, usage_limit, once_per_customer,
          source, welcome_email, updated_by_label
        ) values (
          'WELCOME-' || upper(substr(md5(gen_random_uuid()::text), 1, 10)), v_offer.kind, v_offer.percent_off,
          v_offer.amount_off_cents, v_today, v_today + (v_offer.valid_days - 1), v_offer.time_zone, 1, true,
          'welcome', lower(btrim(v_row.email)), 'welcome offer'
        )
        on conflict (welcome_email) where welcome_email is not null do nothing
        returning * into v_code;
        exit;
      exception when unique_violation then
        -- The one code in a trillion that was taken already: another draw.
        continue;
      end;
    end loop;
    if v_code.id is not null then
      v_welcome := jsonb_build_object('code', v_code.code, 'kind', v_code.kind, 'percent_off', v_code.percent_off,
        'amount_off_cents', v_code.amount_off_cents, 'ends_on', v_code.ends_on);
    end if;
  end if;

  insert into public.outbox (kind, recipient, payload, secret)
  values ('newsletter_welcome', v_row.email,
    jsonb_build_object('subscriber_id', v_row.id)
      || case when v_welcome is null then '{}'::jsonb else jsonb_build_object('welcome_code', v_welcome) end,
    v_unsubscribe);
  return true;
end;
$$;

revoke execute on function public.confirm_newsletter_subscription(text) from public, anon, authenticated;
grant execute on function public.confirm_newsletter_subscription(text) to anon, authenticated;

-- Supabase's service role: the shop's server looks codes up with it (the SQL backends as the owner).
do $$
begin
  if exists (select 1 from pg_catalog.pg_roles where rolname = 'service_role') then
    grant execute on function public.discount_code_state(text, uuid, text, uuid) to service_role;
  end if;
end;
$$;
