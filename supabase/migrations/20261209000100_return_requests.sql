-- Returns and exchanges (issue 40, docs/decisions/0047-returns-and-exchanges.md): a member (by their account) or a
-- guest (by their order page's token) asks to return or exchange lines of a delivered order within 30 days of its
-- delivery; staff approve or decline, mark the parcel received (each line back to stock or not), then refund the
-- returned lines (through public.refund_order) or send the exchange (a new order at no charge, taking its stock).
--
-- * Beside the order, never a status of it: the requests are rows of their own tables, read through their own
--   functions (public.order_return_requests); order_json, place_order and the order readers are not redefined.
-- * What is asked never exceeds what was delivered, also when two requests arrive at once: a request is decided
--   under the order's row lock (the lock apply_order_move and refund_order take too), and counts every request of
--   the order not declined.
-- * A request moves only by staff, each move once: public.move_return_request locks the request's row and checks the
--   state the staff member saw. The states and moves are app/modules/orders/lifecycle.ts's RETURN_MOVES (the backend
--   contract holds them equal), each writing the customer's e-mail in its transaction.
-- * Stock comes back once: only the move to 'received' gives it back, and a request reaches 'received' once.

create table public.return_requests (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  kind text not null check (kind in ('return', 'exchange')),
  state text not null default 'requested'
    check (state in ('requested', 'approved', 'declined', 'received', 'refunded', 'exchanged')),
  -- The customer's words.
  reason text not null check (char_length(reason) between 1 and 500),
  -- 'member' (by their account) or 'guest' (by their order page).
  requested_by text not null check (requested_by in ('member', 'guest')),
  -- Staff's word to the customer: the decline's reason, the approval's instructions.
  staff_note text check (char_length(staff_note) <= 500),
  -- The return parcel's tracking number, where staff give one with the approval.
  tracking_number text check (char_length(tracking_number) between 1 and 100),
  refund_id uuid references public.refunds (id) on delete set null,
  exchange_order_id uuid unique references public.orders (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index return_requests_order on public.return_requests (order_id, created_at);
create index return_requests_newest on public.return_requests (created_at desc, id desc);

create table public.return_request_lines (
  request_id uuid not null references public.return_requests (id) on delete cascade,
  item_id uuid not null references public.order_items (id) on delete cascade,
  quantity integer not null check (quantity between 1 and 99),
  -- An exchange's variant of the same product, as it was named when asked (no foreign key: variants may go).
  exchange_variant_id text check (char_length(exchange_variant_id) <= 64),
  exchange_label text check (char_length(exchange_label) <= 200),
  -- Set when received: whether the units went back to stock.
  restocked boolean,
  primary key (request_id, item_id)
);

create index return_request_lines_item on public.return_request_lines (item_id);

alter table public.return_requests enable row level security;
alter table public.return_request_lines enable row level security;
revoke all on table public.return_requests, public.return_request_lines from anon, authenticated;

-- A return's units back to stock are a stock movement of their own.
alter table public.stock_movements drop constraint stock_movements_reason_check;
alter table public.stock_movements add constraint stock_movements_reason_check
  check (reason in ('order', 'cancellation', 'staff', 'import', 'return'));

-- When the order was delivered (its newest move to 'delivered'), or null.
create function public.order_delivered_at(p_order_id uuid)
returns timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select max(e.created_at) from public.order_events as e where e.order_id = p_order_id and e.to_status = 'delivered'
$$;

revoke execute on function public.order_delivered_at(uuid) from public, anon, authenticated;

-- Whether the caller may read and ask for returns of the order: staff, the member who owns it (by the session), or
-- whoever holds its guest token (the e-mailed link) or one of the placing browser's links (decision 0034).
create function public.order_return_proof(p_order public.orders, p_proof text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when p_order.id is null then null
    when auth.uid() is not null and p_order.user_id = auth.uid() then 'member'
    when p_proof ~ '^[0-9a-f]{64}$' and (
      p_order.guest_token_hash = public.hash_link_token(p_proof)
      or (not p_order.browser_links_revoked and exists (
        select 1 from public.order_browser_links as link
        where link.order_id = p_order.id and link.token_hash = public.hash_link_token(p_proof)
      ))
    ) then 'guest'
  end
$$;

revoke execute on function public.order_return_proof(public.orders, text) from public, anon, authenticated;

-- One request as every reader sees it: its lines (with the order line's name and variant), the refund's amount, the
-- exchange order's status and parcel.
create function public.return_request_json(p_request_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'id', r.id,
    'order_id', r.order_id,
    'kind', r.kind,
    'state', r.state,
    'reason', r.reason,
    'requested_by', r.requested_by,
    'staff_note', r.staff_note,
    'tracking_number', r.tracking_number,
    'created_at', r.created_at,
    'updated_at', r.updated_at,
    'refund_amount', (select f.amount from public.refunds as f where f.id = r.refund_id),
    'exchange_order', (
      select jsonb_build_object('id', x.id, 'status', x.status, 'carrier', x.carrier, 'tracking_number', x.tracking_number)
      from public.orders as x where x.id = r.exchange_order_id
    ),
    'lines', coalesce((
      select jsonb_agg(jsonb_build_object(
        'item_id', l.item_id,
        'quantity', l.quantity,
        'product_name', i.product_name,
        'variant_label', i.variant_label,
        'sku', i.sku,
        'exchange_variant_id', l.exchange_variant_id,
        'exchange_label', l.exchange_label,
        'restocked', l.restocked
      ) order by i.line_number)
      from public.return_request_lines as l
      join public.order_items as i on i.id = l.item_id
      where l.request_id = r.id
    ), '[]'::jsonb)
  )
  from public.return_requests as r
  where r.id = p_request_id
$$;

revoke execute on function public.return_request_json(uuid) from public, anon, authenticated;

-- The order's status, lines and requests (oldest first), for its owner (member or guest with the proof) or staff; null for anyone else.
create function public.order_return_requests(p_order_id uuid, p_proof text default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_order public.orders;
begin
  select * into v_order from public.orders where id = p_order_id;
  if v_order.id is null or (public.order_return_proof(v_order, p_proof) is null and not public.is_staff()) then
    return null;
  end if;
  return jsonb_build_object(
    'order_id', v_order.id,
    'status', v_order.status,
    'currency', v_order.currency,
    'delivered_at', public.order_delivered_at(p_order_id),
    'items', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', i.id, 'product_id', i.product_id, 'variant_id', i.variant_id, 'product_name', i.product_name,
        'variant_label', i.variant_label, 'quantity', i.quantity,
        -- What an exchange may ask for instead: the product's other variants, sold or not any more (stock decides).
        'exchange_options', coalesce((
          select jsonb_agg(jsonb_build_object(
            'id', v.id, 'label', array_to_string(v.option_values, ' / '),
            'in_stock', v.stock_on_hand is null or v.stock_on_hand > 0
          ) order by v.position)
          from public.product_variants as v where v.product_id = i.product_id and v.id <> i.variant_id
        ), '[]'::jsonb)
      ) order by i.line_number)
      from public.order_items as i where i.order_id = p_order_id
    ), '[]'::jsonb),
    'requests', coalesce((
      select jsonb_agg(public.return_request_json(r.id) order by r.created_at, r.id)
      from public.return_requests as r where r.order_id = p_order_id
    ), '[]'::jsonb)
  );
end;
$$;

revoke execute on function public.order_return_requests(uuid, text) from public, anon, authenticated;
grant execute on function public.order_return_requests(uuid, text) to anon, authenticated;

-- The customer's e-mail of a request's step (kind return_<state>): the order and the request.
create function public.write_return_mail(p_request_id uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.outbox (kind, recipient, payload)
  select 'return_' || r.state, o.email, public.order_json(o.id) || jsonb_build_object('return', public.return_request_json(r.id))
  from public.return_requests as r
  join public.orders as o on o.id = r.order_id
  where r.id = p_request_id
$$;

revoke execute on function public.write_return_mail(uuid) from public, anon, authenticated;

-- A shopper asks. p_proof: the guest's token (null for a member, who is known by the session); p_kind 'return' or
-- 'exchange'; p_lines [{item_id, quantity, variant_id (an exchange's variant of the same product)}]; p_reason.
-- Refused: LB020 (no such order, or not the caller's), LB004 with a message for the shopper (not delivered, past the
-- 30 days, more units than delivered or than are left after earlier requests, a variant not the product's).
create function public.request_return(p_order_id uuid, p_proof text, p_kind text, p_lines jsonb, p_reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order public.orders;
  v_by text;
  v_delivered_at timestamptz;
  v_reason text := nullif(btrim(coalesce(p_reason, '')), '');
  v_lines jsonb := coalesce(p_lines, '[]'::jsonb);
  v_line jsonb;
  v_item public.order_items;
  v_quantity integer;
  v_asked integer;
  v_variant public.product_variants;
  v_seen uuid[] := '{}';
  v_request_id uuid;
  v_count integer := 0;
begin
  select * into v_order from public.orders where id = p_order_id for update;
  v_by := public.order_return_proof(v_order, p_proof);
  if v_by is null then
    raise exception 'Order not found.' using errcode = 'LB020';
  end if;
  if v_order.status <> 'delivered' then
    raise exception 'Only a delivered order can be returned or exchanged.' using errcode = 'LB004';
  end if;
  v_delivered_at := public.order_delivered_at(p_order_id);
  if v_delivered_at is null or now() > v_delivered_at + interval '30 days' then
    raise exception 'Returns and exchanges are accepted within 30 days of delivery: for this order that ended on %.',
      to_char(coalesce(v_delivered_at, v_order.created_at) + interval '30 days', 'FMMonth FMDD, YYYY')
      using errcode = 'LB004';
  end if;
  if p_kind is null or p_kind not in ('return', 'exchange') then
    raise exception 'Choose a return or an exchange.' using errcode = 'LB004';
  end if;
  if v_reason is null or char_length(v_reason) > 500 then
    raise exception 'Tell us why (up to 500 characters).' using errcode = 'LB004';
  end if;
  if jsonb_typeof(v_lines) is distinct from 'array' or jsonb_array_length(v_lines) > 50 then
    raise exception 'The lines to return must be a list.' using errcode = 'LB004';
  end if;

  insert into public.return_requests (order_id, kind, reason, requested_by)
  values (p_order_id, p_kind, v_reason, v_by)
  returning id into v_request_id;

  for v_line in select value from jsonb_array_elements(v_lines) loop
    if jsonb_typeof(v_line) is distinct from 'object'
      or coalesce(v_line ->> 'item_id', '') !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      or jsonb_typeof(v_line -> 'quantity') is distinct from 'number' then
      raise exception 'Each line needs its item and a quantity.' using errcode = 'LB004';
    end if;
    v_quantity := (v_line ->> 'quantity')::numeric::integer;
    continue when v_quantity = 0;
    select * into v_item from public.order_items where id = (v_line ->> 'item_id')::uuid and order_id = p_order_id;
    if v_item.id is null then
      raise exception 'That line is not part of this order.' using errcode = 'LB004';
    end if;
    if v_item.id = any (v_seen) then
      raise exception 'Each line once, please.' using errcode = 'LB004';
    end if;
    v_seen := v_seen || v_item.id;
    select coalesce(sum(l.quantity), 0) into v_asked
    from public.return_request_lines as l
    join public.return_requests as r on r.id = l.request_id
    where l.item_id = v_item.id and r.state <> 'declined' and r.id <> v_request_id;
    if v_quantity < 0 or v_quantity > v_item.quantity - v_asked then
      raise exception '%: % of the % delivered can still be returned or exchanged.',
        v_item.product_name || coalesce(' (' || v_item.variant_label || ')', ''),
        greatest(v_item.quantity - v_asked, 0), v_item.quantity
        using errcode = 'LB004';
    end if;
    v_variant := null;
    if p_kind = 'exchange' then
      select * into v_variant from public.product_variants
      where id = v_line ->> 'variant_id' and product_id = v_item.product_id;
      if v_variant.id is null or v_variant.id = v_item.variant_id then
        raise exception '%: choose another variant of it to exchange for.',
          v_item.product_name || coalesce(' (' || v_item.variant_label || ')', '')
          using errcode = 'LB004';
      end if;
    end if;
    insert into public.return_request_lines (request_id, item_id, quantity, exchange_variant_id, exchange_label)
    values (v_request_id, v_item.id, v_quantity, v_variant.id,
      case when v_variant.id is not null then array_to_string(v_variant.option_values, ' / ') end);
    v_count := v_count + 1;
  end loop;

  if v_count = 0 then
    raise exception 'Choose at least one item and how many.' using errcode = 'LB004';
  end if;

  insert into public.order_events (order_id, actor_id, actor_label, actor_email, note, details)
  values (
    p_order_id, auth.uid(), 'customer', case when v_by = 'member' then v_order.email end,
    left(format('The customer asked for %s: %s', case when p_kind = 'return' then 'a return' else 'an exchange' end,
      v_reason), 2000),
    jsonb_build_object('return_request_id', v_request_id)
  );
  perform public.write_return_mail(v_request_id);
  return public.return_request_json(v_request_id);
end;
$$;

revoke execute on function public.request_return(uuid, text, text, jsonb, text) from public, anon, authenticated;
grant execute on function public.request_return(uuid, text, text, jsonb, text) to anon, authenticated;

-- The exchange's new order: the chosen variants at no charge (total 0, shipping 0, so orders_total_covers_shipping
-- holds whatever it allows), paid from the start (nothing to pay), shipped like any other; it takes tracked stock in
-- this transaction. Its lines are the returned lines' rows with the variant, price and id changed, so that columns
-- other migrations add to order_items (a discount's paid_amount) are filled: 0 paid.
create function public.create_exchange_order(p_request public.return_requests)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order public.orders;
  v_new_id uuid;
  v_line record;
  v_item public.order_items;
  v_variant public.product_variants;
  v_number integer := 0;
  v_actor text := coalesce((select email from auth.users where id = auth.uid()), 'the shop');
begin
  select * into v_order from public.orders where id = p_request.order_id;
  insert into public.orders (
    user_id, status, total_amount, currency, shipping_address, email, idempotency_key, shipping_method, shipping_amount
  )
  values (
    v_order.user_id, 'paid', 0, v_order.currency, v_order.shipping_address, v_order.email,
    'exchange-' || p_request.id, v_order.shipping_method, 0
  )
  returning id into v_new_id;

  for v_line in
    select l.* from public.return_request_lines as l
    join public.order_items as i on i.id = l.item_id
    where l.request_id = p_request.id order by i.line_number
  loop
    select * into v_variant from public.product_variants where id = v_line.exchange_variant_id for update;
    select * into v_item from public.order_items where id = v_line.item_id;
    if v_variant.id is null then
      raise exception '% is no longer sold: the exchange cannot be sent.', coalesce(v_line.exchange_label, 'The variant')
        using errcode = 'LB004';
    end if;
    if v_variant.stock_on_hand is not null and v_variant.stock_on_hand < v_line.quantity then
      raise exception '% (%): only % left, % needed for the exchange.', v_item.product_name,
        array_to_string(v_variant.option_values, ' / '), v_variant.stock_on_hand, v_line.quantity
        using errcode = 'LB002';
    end if;
    v_number := v_number + 1;
    v_item.id := gen_random_uuid();
    v_item.order_id := v_new_id;
    v_item.line_number := v_number;
    v_item.variant_id := v_variant.id;
    v_item.quantity := v_line.quantity;
    v_item.price_per_item := 0;
    v_item.variant_label := array_to_string(v_variant.option_values, ' / ');
    v_item.sku := v_variant.sku;
    v_item.image := public.variant_cover_json(v_variant.id);
    -- A column this migration does not know of is ignored by the name; paid_amount (a discount's) becomes 0.
    v_item := jsonb_populate_record(v_item, '{"paid_amount": 0}'::jsonb);
    insert into public.order_items select v_item.*;
    if v_variant.stock_on_hand is not null then
      update public.product_variants set stock_on_hand = v_variant.stock_on_hand - v_line.quantity where id = v_variant.id;
      insert into public.stock_movements (variant_id, from_count, to_count, reason, order_id, actor_id, actor_label)
      values (v_variant.id, v_variant.stock_on_hand, v_variant.stock_on_hand - v_line.quantity, 'order', v_new_id,
        auth.uid(), v_actor);
      perform public.note_stock_level(v_variant.id);
    end if;
  end loop;

  insert into public.order_events (order_id, actor_id, actor_label, actor_email, from_status, to_status, note, details)
  values (
    v_new_id, auth.uid(), 'staff', v_actor, null, 'paid',
    format('An exchange for order %s, at no charge.', v_order.id),
    jsonb_build_object('return_request_id', p_request.id, 'exchange_of', v_order.id)
  );
  return v_new_id;
end;
$$;

revoke execute on function public.create_exchange_order(public.return_requests) from public, anon, authenticated;

-- Staff move a request (app/modules/orders/lifecycle.ts, RETURN_MOVES), each once, from the state they saw:
--   requested -> approved   (p_note: instructions, p_tracking_number: the return parcel's, both optional)
--   requested, approved -> declined (p_note: the reason, needed)
--   approved -> received    (p_lines: [{item_id, restock}]: which lines go back to stock)
--   received -> refunded    (a return: its lines refunded at what was paid for them through refund_order, and the
--                            shipping if p_shipping; p_note: the refund's reason, else the request's)
--   received -> exchanged   (an exchange: the new order, at no charge)
-- Each writes the customer's e-mail (return_<state>; the refund's is refund_order's order_refunded) and a timeline
-- note on the order. Refused: 42501 (not staff), LB020 (no such request), LB021 (not in p_expected_state any more),
-- LB022 (a move the shop does not make), LB004 (a reason missing, too long).
create function public.move_return_request(
  p_request_id uuid,
  p_expected_state text,
  p_to_state text,
  p_note text default null,
  p_tracking_number text default null,
  p_lines jsonb default '[]'::jsonb,
  p_shipping boolean default false
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_request public.return_requests;
  v_note text := nullif(btrim(coalesce(p_note, '')), '');
  v_tracking text := nullif(btrim(coalesce(p_tracking_number, '')), '');
  v_actor_email text;
  v_line record;
  v_restock boolean;
  v_from integer;
  v_variant_id text;
  v_refund jsonb;
  v_exchange_id uuid;
  v_event text;
begin
  if not public.is_staff() then
    raise exception 'Only staff can move a return request.' using errcode = '42501';
  end if;
  select * into v_request from public.return_requests where id = p_request_id for update;
  if v_request.id is null then
    raise exception 'Return request not found.' using errcode = 'LB020';
  end if;
  if v_request.state is distinct from p_expected_state then
    raise exception 'This request is % now: someone moved it meanwhile.', v_request.state using errcode = 'LB021';
  end if;
  if not (
    (v_request.state = 'requested' and p_to_state in ('approved', 'declined'))
    or (v_request.state = 'approved' and p_to_state in ('declined', 'received'))
    or (v_request.state = 'received' and v_request.kind = 'return' and p_to_state = 'refunded')
    or (v_request.state = 'received' and v_request.kind = 'exchange' and p_to_state = 'exchanged')
  ) then
    raise exception 'A % request that is % cannot be marked %.', v_request.kind, v_request.state, p_to_state
      using errcode = 'LB022';
  end if;
  if char_length(v_note) > 500 then
    raise exception 'The note can have at most 500 characters.' using errcode = 'LB004';
  end if;
  if char_length(v_tracking) > 100 then
    raise exception 'The tracking number can have at most 100 characters.' using errcode = 'LB004';
  end if;
  select email into v_actor_email from auth.users where id = auth.uid();

  if p_to_state = 'approved' then
    update public.return_requests set staff_note = v_note, tracking_number = v_tracking where id = v_request.id;
    v_event := 'Return request approved';
  elsif p_to_state = 'declined' then
    if v_note is null then
      raise exception 'Give the reason: the customer is told.' using errcode = 'LB004';
    end if;
    update public.return_requests set staff_note = v_note where id = v_request.id;
    v_event := format('Return request declined: %s', v_note);
  elsif p_to_state = 'received' then
    if jsonb_typeof(coalesce(p_lines, '[]'::jsonb)) is distinct from 'array' then
      raise exception 'The lines received must be a list.' using errcode = 'LB004';
    end if;
    for v_line in
      select l.item_id, l.quantity, i.variant_id
      from public.return_request_lines as l
      join public.order_items as i on i.id = l.item_id
      where l.request_id = v_request.id
      order by i.variant_id, l.item_id
    loop
      v_restock := coalesce(p_lines, '[]'::jsonb) @> jsonb_build_array(jsonb_build_object(
        'item_id', v_line.item_id, 'restock', true
      ));
      update public.return_request_lines set restocked = v_restock
      where request_id = v_request.id and item_id = v_line.item_id;
      continue when not v_restock;
      v_variant_id := v_line.variant_id;
      select stock_on_hand into v_from from public.product_variants where id = v_variant_id for update;
      -- A variant no longer tracked (or gone) has no count to give back to.
      continue when not found or v_from is null;
      update public.product_variants set stock_on_hand = least(v_from + v_line.quantity, 1000000) where id = v_variant_id;
      insert into public.stock_movements (variant_id, from_count, to_count, reason, note, order_id, actor_id, actor_label)
      values (v_variant_id, v_from, least(v_from + v_line.quantity, 1000000), 'return',
        format('Return request %s', v_request.id), v_request.order_id, auth.uid(), coalesce(v_actor_email, 'the shop'));
      perform public.note_stock_level(v_variant_id);
    end loop;
    v_event := 'Returned items received';
  elsif p_to_state = 'refunded' then
    v_refund := public.refund_order(
      v_request.order_id,
      coalesce(v_note, 'Your return: ' || v_request.reason),
      (select jsonb_agg(jsonb_build_object('item_id', l.item_id, 'quantity', l.quantity))
       from public.return_request_lines as l where l.request_id = v_request.id),
      coalesce(p_shipping, false),
      null,
      auth.uid(),
      'staff'
    );
    update public.return_requests set refund_id = (v_refund ->> 'id')::uuid where id = v_request.id;
    v_event := 'Returned items refunded';
  else
    v_exchange_id := public.create_exchange_order(v_request);
    update public.return_requests set exchange_order_id = v_exchange_id where id = v_request.id;
    v_event := format('Exchange sent as order %s', v_exchange_id);
  end if;

  update public.return_requests set state = p_to_state, updated_at = now() where id = v_request.id;
  insert into public.order_events (order_id, actor_id, actor_label, actor_email, note, details)
  values (v_request.order_id, auth.uid(), 'staff', v_actor_email, left(v_event, 2000),
    jsonb_build_object('return_request_id', v_request.id, 'state', p_to_state));
  -- The refund's e-mail is refund_order's (order_refunded): one message a step.
  if p_to_state <> 'refunded' then
    perform public.write_return_mail(v_request.id);
  end if;
  return public.return_request_json(v_request.id);
end;
$$;

revoke execute on function public.move_return_request(uuid, text, text, text, text, jsonb, boolean)
  from public, anon, authenticated;
grant execute on function public.move_return_request(uuid, text, text, text, text, jsonb, boolean) to authenticated;

-- /admin/returns: the requests, newest first (p_state: one state, or null for all), a page at a time, with the
-- order's e-mail and name.
create function public.staff_return_requests(p_state text, p_limit integer, p_offset integer)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'Only staff can read return requests.' using errcode = '42501';
  end if;
  if p_state is not null
    and p_state not in ('requested', 'approved', 'declined', 'received', 'refunded', 'exchanged') then
    raise exception 'Unknown state.' using errcode = 'LB004';
  end if;
  return jsonb_build_object(
    'total', (select count(*) from public.return_requests where p_state is null or state = p_state),
    'requests', coalesce((
      select jsonb_agg(public.return_request_json(page.id) || jsonb_build_object(
        'email', o.email,
        'currency', o.currency,
        'name', btrim(coalesce(o.shipping_address ->> 'firstName', '') || ' ' || coalesce(o.shipping_address ->> 'lastName', ''))
      ) order by page.created_at desc, page.id desc)
      from (
        select r.id, r.order_id, r.created_at from public.return_requests as r
        where p_state is null or r.state = p_state
        order by r.created_at desc, r.id desc
        limit least(greatest(coalesce(p_limit, 50), 1), 200) offset greatest(coalesce(p_offset, 0), 0)
      ) as page
      join public.orders as o on o.id = page.order_id
    ), '[]'::jsonb)
  );
end;
$$;

revoke execute on function public.staff_return_requests(text, integer, integer) from public, anon, authenticated;
grant execute on function public.staff_return_requests(text, integer, integer) to authenticated;
