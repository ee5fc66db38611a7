-- Payment by a hosted checkout (docs/product.md, decision 15; docs/decisions/0031-hosted-card-payment.md).
--
-- * An order paid by card remembers its provider, the provider's checkout session (the one the shopper was sent
--   to: an event about any other session changes nothing), the payment's reference (Stripe's PaymentIntent id,
--   which the back office links to the dashboard) and, once refunded, the refund's.
-- * public.payment_events holds every provider event the shop acted on, by the provider's event id (primary key):
--   a replayed event finds its id there and changes nothing, also when two deliveries of it arrive at once.
-- * The provider's signed word moves the order through public.apply_order_move (20261127000300_back_office.sql),
--   as staff's buttons do: the status, its timeline entry and the customer's e-mail in one transaction.
-- * These functions run without a shopper's session (a webhook, the redirect back from the payment page): as the
--   database owner on the embedded and postgres backends, with the service-role key on Supabase. No API role
--   may call them; anyone could otherwise mark an order paid.
-- * Staff read an order's payment and, once the provider has refunded a paid card order, cancel it with the refund's
--   reference (is_staff() checked, as the back office's other functions).

alter table public.orders
  add column payment_provider text check (payment_provider in ('stripe')),
  add column payment_session_id text unique check (char_length(payment_session_id) between 1 and 255),
  add column payment_reference text check (char_length(payment_reference) between 1 and 255),
  add column refund_reference text check (char_length(refund_reference) between 1 and 255);

create table public.payment_events (
  provider text not null check (provider in ('stripe')),
  event_id text not null check (char_length(event_id) between 1 and 255),
  event_type text not null check (char_length(event_type) between 1 and 100),
  order_id uuid references public.orders (id) on delete set null,
  -- What the event did: paid, cancelled, or why it changed nothing (already_paid, not_pending, other_session,
  -- amount_mismatch, unknown_order).
  outcome text not null check (char_length(outcome) between 1 and 40),
  received_at timestamptz not null default now(),
  primary key (provider, event_id)
);

create index payment_events_order_id_idx on public.payment_events (order_id);

alter table public.payment_events enable row level security;
revoke all on table public.payment_events from anon, authenticated;

-- The order as the payment step needs it: public.order_json with the payment columns.
create function public.payment_order(p_order_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select public.order_json(o.id) || jsonb_build_object(
    'payment_provider', o.payment_provider,
    'payment_session_id', o.payment_session_id,
    'payment_reference', o.payment_reference,
    'refund_reference', o.refund_reference
  )
  from public.orders as o
  where o.id = p_order_id
$$;

-- The checkout sent the shopper to this session to pay this order. A new session replaces an earlier one (that
-- expired, say): events about the earlier one then change nothing. False when the order is not pending.
create function public.attach_payment_session(p_order_id uuid, p_provider text, p_session_id text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_provider is distinct from 'stripe' or p_session_id is null or char_length(p_session_id) not between 1 and 255 then
    raise exception 'A payment session needs a known provider and an id.' using errcode = 'LB004';
  end if;
  update public.orders
  set payment_provider = p_provider, payment_session_id = p_session_id
  where id = p_order_id and status = 'pending';
  return found;
end;
$$;

-- One event of the provider, already verified by its signature: recorded once by its id, then acted on.
-- p_action: 'paid' (the session's payment succeeded: p_reference, p_amount and p_currency say what was paid),
-- 'failed' (the session expired or its payment failed) or 'none' (only recorded). Only an event about the order's
-- current session changes it: a paid one moves a pending order to paid when the amount is the order's total, a
-- failed one cancels a pending order. Returns the outcome as recorded, or 'duplicate' for an event seen before.
create function public.record_payment_event(
  p_provider text,
  p_event_id text,
  p_event_type text,
  p_order_id uuid,
  p_session_id text,
  p_action text,
  p_reference text,
  p_amount bigint,
  p_currency text
)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order public.orders;
  v_outcome text;
begin
  if p_action not in ('paid', 'failed', 'none') then
    raise exception 'Unknown payment action %.', p_action using errcode = 'LB004';
  end if;
  if p_action = 'paid' and (p_reference is null or char_length(p_reference) not between 1 and 255) then
    raise exception 'A payment needs its reference.' using errcode = 'LB004';
  end if;

  -- The id first: a second delivery of the event waits here for the first one's transaction, then finds it.
  insert into public.payment_events (provider, event_id, event_type, order_id, outcome)
  values (p_provider, p_event_id, p_event_type, null, 'received')
  on conflict (provider, event_id) do nothing;
  if not found then
    return 'duplicate';
  end if;

  select * into v_order from public.orders where id = p_order_id for update;
  if v_order.id is null then
    v_outcome := 'unknown_order';
  elsif v_order.payment_session_id is distinct from p_session_id or v_order.payment_provider is distinct from p_provider then
    v_outcome := 'other_session';
  elsif p_action = 'none' then
    v_outcome := 'recorded';
  elsif p_action = 'paid' then
    if v_order.status <> 'pending' then
      -- Paid twice (a second event about the same payment), or paid after the order was cancelled: the
      -- reference is kept so that staff can refund it.
      update public.orders set payment_reference = coalesce(payment_reference, p_reference) where id = v_order.id;
      v_outcome := case when v_order.status = 'cancelled' then 'paid_after_cancel' else 'already_paid' end;
    elsif p_amount is distinct from v_order.total_amount::bigint or lower(p_currency) is distinct from v_order.currency then
      update public.orders set payment_reference = p_reference where id = v_order.id;
      v_outcome := 'amount_mismatch';
    else
      update public.orders set payment_reference = p_reference where id = v_order.id;
      perform public.apply_order_move(
        v_order.id, 'pending', 'paid', null,
        jsonb_build_object('provider', p_provider, 'payment_reference', p_reference, 'event_id', p_event_id),
        null, p_provider
      );
      v_outcome := 'paid';
    end if;
  else
    if v_order.status = 'pending' then
      perform public.apply_order_move(
        v_order.id, 'pending', 'cancelled', 'The payment was not completed.',
        jsonb_build_object('provider', p_provider, 'event_id', p_event_id, 'event_type', p_event_type),
        null, p_provider
      );
      v_outcome := 'cancelled';
    else
      v_outcome := 'not_pending';
    end if;
  end if;

  update public.payment_events set order_id = v_order.id, outcome = v_outcome
  where provider = p_provider and event_id = p_event_id;
  return v_outcome;
end;
$$;

-- The shopper left the payment page (its Cancel): a still-pending order paid through this session is cancelled.
-- Returns the order as it is afterwards (its lines and address refill the cart and the form), or null.
create function public.cancel_unpaid_order(p_order_id uuid, p_session_id text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order public.orders;
begin
  select * into v_order from public.orders where id = p_order_id for update;
  if v_order.id is null then
    return null;
  end if;
  if v_order.status = 'pending' and v_order.payment_session_id is not distinct from p_session_id and p_session_id is not null then
    perform public.apply_order_move(
      v_order.id, 'pending', 'cancelled', 'You left the payment page without paying.',
      jsonb_build_object('provider', v_order.payment_provider, 'session', p_session_id),
      v_order.user_id, 'customer'
    );
  end if;
  return public.payment_order(v_order.id);
end;
$$;

-- ---------------------------------------------------------------------------------------------------
-- The back office: staff read an order's payment, and cancel a paid card order once the provider has refunded it.

create function public.staff_order_payment(p_order_id uuid)
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
    select jsonb_build_object(
      'status', o.status,
      'payment_provider', o.payment_provider,
      'payment_session_id', o.payment_session_id,
      'payment_reference', o.payment_reference,
      'refund_reference', o.refund_reference
    )
    from public.orders as o
    where o.id = p_order_id
  );
end;
$$;

-- The server refunds through the provider first (with an idempotency key of the order's, so a retry refunds
-- once), then calls this: the refund's reference is kept with the cancellation, the timeline entry and the
-- customer's e-mail, in one transaction. Only for a paid order that was paid through the provider.
create function public.staff_cancel_refunded_order(p_order_id uuid, p_reason text, p_refund_reference text, p_refund_amount integer)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order public.orders;
begin
  if not public.is_staff() then
    raise exception 'Only staff can change an order.' using errcode = '42501';
  end if;
  if p_refund_reference is null or char_length(p_refund_reference) not between 1 and 255 or p_refund_amount is null or p_refund_amount < 0 then
    raise exception 'A refund needs its reference and amount.' using errcode = 'LB004';
  end if;
  select * into v_order from public.orders where id = p_order_id for update;
  if v_order.status = 'paid' and v_order.payment_reference is null then
    raise exception 'This order was not paid by card, so there is no payment to refund.' using errcode = 'LB004';
  end if;
  update public.orders set refund_reference = p_refund_reference where id = p_order_id and status = 'paid';
  -- A missing order, or one that is no longer paid, is refused here as any move would be.
  return public.apply_order_move(
    p_order_id, 'paid', 'cancelled', p_reason,
    jsonb_build_object('refund_reference', p_refund_reference, 'refund_amount', p_refund_amount),
    auth.uid(), 'staff'
  );
end;
$$;

revoke execute on function public.staff_order_payment(uuid) from public, anon, authenticated;
revoke execute on function public.staff_cancel_refunded_order(uuid, text, text, integer) from public, anon, authenticated;
grant execute on function public.staff_order_payment(uuid) to authenticated;
grant execute on function public.staff_cancel_refunded_order(uuid, text, text, integer) to authenticated;

revoke execute on function public.payment_order(uuid) from public, anon, authenticated;
revoke execute on function public.attach_payment_session(uuid, text, text) from public, anon, authenticated;
revoke execute on function public.record_payment_event(text, text, text, uuid, text, text, text, bigint, text) from public, anon, authenticated;
revoke execute on function public.cancel_unpaid_order(uuid, text) from public, anon, authenticated;

-- Supabase's service role (the webhook's key there); the embedded and postgres backends call them as the owner.
do $$
begin
  if exists (select 1 from pg_catalog.pg_roles where rolname = 'service_role') then
    grant execute on function public.payment_order(uuid) to service_role;
    grant execute on function public.attach_payment_session(uuid, text, text) to service_role;
    grant execute on function public.record_payment_event(text, text, text, uuid, text, text, text, bigint, text) to service_role;
    grant execute on function public.cancel_unpaid_order(uuid, text) to service_role;
  end if;
end;
$$;
