-- Order confirmation e-mails (issue 17): place_order, as in 20250601000400_orders.sql, now also writes the
-- confirmation message to public.outbox in its own transaction, so that no order goes without its e-mail
-- and no e-mail goes out for an order that was rolled back. Same signature, same grants.

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
      v_new := true;
      insert into public.order_items (order_id, line_number, product_id, quantity, price_per_item)
      select v_order_id, line.n, line.item ->> 'product_id', (line.item ->> 'quantity')::numeric::integer, price.price_cents
      from jsonb_array_elements(p_items) with ordinality as line (item, n)
      join public.product_prices as price on price.product_id = line.item ->> 'product_id';
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

