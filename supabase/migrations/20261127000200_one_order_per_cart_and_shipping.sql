-- One cart makes one order, and shipping is charged as the shop's shipping page promises (docs/product.md;
-- docs/decisions/0028-one-order-per-cart-and-shipping.md).
--
-- 1. A member's order is their stored cart. place_order takes the member's cart lock (the per-user advisory lock
--    that the line-count trigger and merge_cart take) and the cart's row locks, checks that the cart holds exactly
--    the lines ordered, and empties it in the order's transaction. Two sessions of one member posting the checkout
--    at once: the second waits, then finds the cart empty and is refused (LB007), so one cart never makes two
--    orders. A repeated idempotency key still answers with its first order before any of this.
-- 2. Shipping. public.shipping_rates mirrors app/content/shipping.ts (a test keeps the two equal). place_order
--    prices the chosen method from it and the items subtotal, as it prices the items from product_prices; the
--    form never sends an amount. The method travels in p_shipping ('method'), so the signature, its grants and
--    every caller stay as they were; without one, the region's default (Standard in the US, else International).
--    total_amount = items subtotal + shipping_amount. Tax stays $0.00.

alter table public.orders add column if not exists shipping_method text not null default 'standard', add column if not exists shipping_amount integer not null default 0;

alter table public.orders
  add constraint orders_shipping_method_known
    check (shipping_method in ('standard', 'express', 'overnight', 'international')),
  add constraint orders_shipping_amount_not_negative check (shipping_amount >= 0),
  add constraint orders_total_covers_shipping check (total_amount >= shipping_amount);

create table public.shipping_rates (
  method text primary key check (method in ('standard', 'express', 'overnight', 'international')),
  -- 'us': addresses in the United States; 'international': every other country.
  region text not null check (region in ('us', 'international')),
  amount_cents integer not null check (amount_cents >= 0),
  -- The items subtotal from which the method is free (Standard: $200.00); null: never free.
  free_from_cents integer check (free_from_cents >= 0),
  updated_at timestamptz not null default now()
);

alter table public.shipping_rates enable row level security;

create policy "Everyone reads the shipping rates"
  on public.shipping_rates for select to anon, authenticated
  using (true);

revoke all on table public.shipping_rates from anon, authenticated;
grant select on table public.shipping_rates to anon, authenticated;

insert into public.shipping_rates (method, region, amount_cents, free_from_cents) values
  ('standard', 'us', 999, 20000),
  ('express', 'us', 1999, null),
  ('overnight', 'us', 3999, null),
  ('international', 'international', 2999, null)
on conflict (method) do update
  set region = excluded.region, amount_cents = excluded.amount_cents, free_from_cents = excluded.free_from_cents,
      updated_at = now();

create trigger shipping_rates_set_updated_at
  before update on public.shipping_rates
  for each row execute function public.set_updated_at();

-- The country field is free text: 'United States', 'USA', 'U.S.' and the like are the US, anything else abroad.
-- app/modules/checkout/shipping.ts says the same (a test holds the two together).
create function public.shipping_region(p_country text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when lower(regexp_replace(coalesce(p_country, ''), '[^A-Za-z]', '', 'g'))
      in ('us', 'usa', 'unitedstates', 'unitedstatesofamerica')
    then 'us'
    else 'international'
  end;
$$;

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

    select line.item ->> 'product_id' into v_problem
    from jsonb_array_elements(p_items) with ordinality as line (item, n)
    left join public.product_prices as price on price.product_id = line.item ->> 'product_id'
    where price.product_id is null
    order by line.n
    limit 1;
    if v_problem is not null then
      raise exception 'Product not found: %', v_problem using errcode = 'LB001';
    end if;

    select line.item ->> 'product_id' into v_problem
    from jsonb_array_elements(p_items) with ordinality as line (item, n)
    join public.product_prices as price on price.product_id = line.item ->> 'product_id'
    where not price.in_stock
    order by line.n
    limit 1;
    if v_problem is not null then
      raise exception 'Out of stock: %', v_problem using errcode = 'LB002';
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

    select sum(price.price_cents::bigint * (item ->> 'quantity')::numeric::integer) into v_subtotal
    from jsonb_array_elements(p_items) as item
    join public.product_prices as price on price.product_id = item ->> 'product_id';
    v_shipping := case
      when v_rate.free_from_cents is not null and v_subtotal >= v_rate.free_from_cents then 0
      else v_rate.amount_cents
    end;

    insert into public.orders (
      user_id, total_amount, shipping_method, shipping_amount, shipping_address, email, idempotency_key
    )
    values (
      v_user_id,
      v_subtotal + v_shipping,
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
      p_idempotency_key
    )
    on conflict (idempotency_key) do nothing
    returning id into v_order_id;

    if v_order_id is null then
      -- A concurrent submission of the same key committed first: answer with its order.
      select id, user_id into v_order_id, v_owner_id from public.orders where idempotency_key = p_idempotency_key;
    else
      v_owner_id := v_user_id;
      v_new := true;
      insert into public.order_items (order_id, line_number, product_id, quantity, price_per_item)
      select v_order_id, line.n, line.item ->> 'product_id', (line.item ->> 'quantity')::numeric::integer, price.price_cents
      from jsonb_array_elements(p_items) with ordinality as line (item, n)
      join public.product_prices as price on price.product_id = line.item ->> 'product_id';
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
      'currency', o.currency,
      'email', o.email,
      'shipping_address', o.shipping_address,
      'created_at', o.created_at,
      'order_items', coalesce((
        select jsonb_agg(
          jsonb_build_object('id', i.id, 'product_id', i.product_id, 'quantity', i.quantity, 'price_per_item', i.price_per_item)
          order by i.line_number
        )
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
