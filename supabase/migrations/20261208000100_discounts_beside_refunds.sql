-- Discount codes (20261205000100) and refunds by line (20261206000100) landed on two branches at once; each
-- redefined the readers of an order from the version before the other. These are the readers with both: the order's
-- discount (code, amount, the part on shipping) and what was refunded. And a refund of the shipping gives back what
-- was paid for it: the rate less what a free-shipping code took off.

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
    'refunded_amount', o.refunded_amount,
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
      'refunded_amount', j -> 'refunded_amount',
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
      'refunded_amount', j -> 'refunded_amount',
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
        'refunded_amount', o.refunded_amount,
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

create or replace function public.refund_order(
  p_order_id uuid,
  p_reason text,
  p_lines jsonb,
  p_shipping boolean,
  p_amount integer,
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
  v_reason text := nullif(btrim(coalesce(p_reason, '')), '');
  v_lines jsonb := coalesce(p_lines, '[]'::jsonb);
  v_line jsonb;
  v_item public.order_items;
  v_quantity integer;
  v_done integer;
  v_recorded jsonb := '[]'::jsonb;
  v_line_amount bigint;
  v_lines_total bigint := 0;
  v_shipping bigint := 0;
  v_amount bigint;
  v_left bigint;
  v_manual boolean;
  v_refund public.refunds;
  v_actor_email text;
begin
  select * into v_order from public.orders where id = p_order_id for update;
  if v_order.id is null then
    raise exception 'Order not found.' using errcode = 'LB020';
  end if;
  if v_order.status not in ('paid', 'shipped', 'delivered') then
    raise exception 'Only a paid order can be refunded (this one is %).', v_order.status using errcode = 'LB022';
  end if;
  if v_reason is null or char_length(v_reason) > 500 then
    raise exception 'Give the reason for the refund (up to 500 characters): the customer is told.' using errcode = 'LB004';
  end if;
  if jsonb_typeof(v_lines) is distinct from 'array' or jsonb_array_length(v_lines) > 50 then
    raise exception 'The lines to refund must be a list.' using errcode = 'LB004';
  end if;

  for v_line in select value from jsonb_array_elements(v_lines) loop
    if jsonb_typeof(v_line) is distinct from 'object'
      or coalesce(v_line ->> 'item_id', '') !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      or jsonb_typeof(v_line -> 'quantity') is distinct from 'number' then
      raise exception 'Each line to refund needs its item and a quantity.' using errcode = 'LB004';
    end if;
    v_quantity := (v_line ->> 'quantity')::integer;
    continue when v_quantity = 0;
    select * into v_item from public.order_items where id = (v_line ->> 'item_id')::uuid and order_id = p_order_id;
    if v_item.id is null then
      raise exception 'That line is not part of this order.' using errcode = 'LB004';
    end if;
    if v_recorded @> jsonb_build_array(jsonb_build_object('item_id', v_item.id)) then
      raise exception 'Each line once, please.' using errcode = 'LB004';
    end if;
    select coalesce(sum((l ->> 'quantity')::integer), 0) into v_done
    from public.refunds as r, jsonb_array_elements(r.lines) as l
    where r.order_id = p_order_id and r.state <> 'failed' and l ->> 'item_id' = v_item.id::text;
    if v_quantity < 0 or v_quantity > v_item.quantity - v_done then
      raise exception '% (%): % of % units can still be refunded.',
        v_item.product_name, coalesce(v_item.variant_label, v_item.sku, 'line ' || v_item.line_number),
        v_item.quantity - v_done, v_item.quantity
        using errcode = 'LB004';
    end if;
    -- The units' share of what was paid for the line; the last units take what rounding left.
    v_line_amount := case when v_quantity + v_done = v_item.quantity
      then public.order_line_paid(v_item) - (public.order_line_paid(v_item) * v_done) / v_item.quantity
      else (public.order_line_paid(v_item) * v_quantity) / v_item.quantity end;
    v_lines_total := v_lines_total + v_line_amount;
    v_recorded := v_recorded || jsonb_build_array(jsonb_build_object(
      'item_id', v_item.id, 'quantity', v_quantity, 'amount', v_line_amount
    ));
  end loop;

  if coalesce(p_shipping, false) then
    -- What was paid for shipping: its rate less what a free-shipping code took off it.
    select v_order.shipping_amount - v_order.discount_on_shipping - coalesce(sum(r.shipping_amount), 0) into v_shipping
    from public.refunds as r where r.order_id = p_order_id and r.state <> 'failed';
    -- Free shipping adds nothing; shipping paid and refunded before is refused.
    if v_shipping <= 0 and v_order.shipping_amount - v_order.discount_on_shipping > 0 then
      raise exception 'The shipping was refunded already.' using errcode = 'LB004';
    end if;
  end if;

  v_amount := coalesce(p_amount, v_lines_total + v_shipping);
  select v_order.total_amount - coalesce(sum(r.amount), 0) into v_left
  from public.refunds as r where r.order_id = p_order_id and r.state <> 'failed';
  if v_amount is null or v_amount <= 0 then
    raise exception 'Choose the lines, the shipping or an amount to refund.' using errcode = 'LB004';
  end if;
  if v_amount > v_left then
    raise exception 'At most % is left to refund on this order.', public.format_money(greatest(v_left, 0), v_order.currency)
      using errcode = 'LB004';
  end if;

  v_manual := v_order.payment_provider is null or v_order.payment_reference is null;
  if p_actor_id is not null then
    select email into v_actor_email from auth.users where id = p_actor_id;
  end if;
  insert into public.refunds (
    order_id, provider, payment_reference, amount, currency, reason, state, completed_at,
    requested_by, requested_by_label, requested_by_email, lines, shipping_amount
  )
  values (
    p_order_id, case when v_manual then 'manual' else v_order.payment_provider end, v_order.payment_reference,
    v_amount, v_order.currency, v_reason, case when v_manual then 'succeeded' else 'pending' end,
    case when v_manual then now() end, p_actor_id, p_actor_label, v_actor_email, v_recorded, v_shipping
  )
  returning * into v_refund;

  insert into public.order_events (order_id, actor_id, actor_label, actor_email, note, details)
  values (
    p_order_id, p_actor_id, p_actor_label, v_actor_email,
    left(format(
      case when v_manual then 'Refunded %s, paid back by hand: %s' else 'Refund of %s to the card asked: %s' end,
      public.format_money(v_amount, v_order.currency), v_reason
    ), 2000),
    jsonb_build_object('refund_id', v_refund.id, 'lines', v_recorded, 'shipping_amount', v_shipping)
  );

  insert into public.outbox (kind, recipient, payload)
  values (
    'order_refunded',
    v_order.email,
    public.order_json(p_order_id) || jsonb_build_object('refund', jsonb_build_object(
      'id', v_refund.id, 'amount', v_amount, 'manual', v_manual, 'reason', v_reason,
      'lines', v_recorded, 'shipping_amount', v_shipping
    ))
  );

  return jsonb_build_object(
    'id', v_refund.id, 'amount', v_amount, 'state', v_refund.state, 'provider', v_refund.provider,
    'refunded_amount', v_order.total_amount - v_left + v_amount, 'left', v_left - v_amount
  );
end;
$$;

