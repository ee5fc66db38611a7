-- Orders are created only by place_order, which prices every line from public.product_prices:
-- no client, not even one calling the API with the public key, chooses an amount. Shoppers read
-- their own orders; guests get theirs back from place_order and cannot read any.

create table public.orders (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete set null,
  status text not null default 'pending'
    check (status in ('pending', 'paid', 'shipped', 'delivered', 'cancelled')),
  total_amount integer not null check (total_amount >= 0),
  currency text not null default 'usd' check (currency ~ '^[a-z]{3}$'),
  shipping_address jsonb not null check (jsonb_typeof(shipping_address) = 'object'),
  email text not null check (char_length(email) <= 320),
  idempotency_key text not null unique check (char_length(idempotency_key) between 16 and 200),
  created_at timestamptz not null default now()
);

create index orders_user_id_created_at_idx on public.orders (user_id, created_at desc);

create table public.order_items (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  line_number integer not null check (line_number >= 1),
  -- No foreign key: an order keeps its lines after a product leaves the catalogue.
  product_id text not null,
  quantity integer not null check (quantity between 1 and 99),
  price_per_item integer not null check (price_per_item >= 0),
  unique (order_id, line_number)
);

alter table public.orders enable row level security;
alter table public.order_items enable row level security;

create policy "Users read their own orders" on public.orders
  for select to authenticated
  using ((select auth.uid()) = user_id);

create policy "Users read the lines of their own orders" on public.order_items
  for select to authenticated
  using (exists (
    select 1 from public.orders
    where orders.id = order_items.order_id and orders.user_id = (select auth.uid())
  ));

-- No insert, update or delete for API roles: place_order is the only way in.
revoke all on table public.orders, public.order_items from anon, authenticated;
grant select on table public.orders, public.order_items to authenticated;

create function public.place_order(p_items jsonb, p_shipping jsonb, p_email text, p_idempotency_key text)
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
begin
  if p_idempotency_key is null or char_length(p_idempotency_key) not between 16 and 200 then
    raise exception 'The order key must have 16 to 200 characters.' using errcode = 'LB004';
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

    insert into public.orders (user_id, total_amount, shipping_address, email, idempotency_key)
    select
      v_user_id,
      sum(price.price_cents::bigint * (item ->> 'quantity')::numeric::integer),
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
    from jsonb_array_elements(p_items) as item
    join public.product_prices as price on price.product_id = item ->> 'product_id'
    on conflict (idempotency_key) do nothing
    returning id into v_order_id;

    if v_order_id is null then
      -- A concurrent submission of the same key committed first: answer with its order.
      select id, user_id into v_order_id, v_owner_id from public.orders where idempotency_key = p_idempotency_key;
    else
      v_owner_id := v_user_id;
      insert into public.order_items (order_id, line_number, product_id, quantity, price_per_item)
      select v_order_id, line.n, line.item ->> 'product_id', (line.item ->> 'quantity')::numeric::integer, price.price_cents
      from jsonb_array_elements(p_items) with ordinality as line (item, n)
      join public.product_prices as price on price.product_id = line.item ->> 'product_id';
    end if;
  end if;

  if v_owner_id is distinct from v_user_id then
    raise exception 'This order key belongs to another order.' using errcode = 'LB005';
  end if;

  return (
    select jsonb_build_object(
      'id', o.id,
      'user_id', o.user_id,
      'status', o.status,
      'total_amount', o.total_amount,
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
end;
$$;

revoke execute on function public.place_order(jsonb, jsonb, text, text) from public, anon, authenticated;
grant execute on function public.place_order(jsonb, jsonb, text, text) to anon, authenticated;
