-- Refunds through a durable queue (docs/decisions/0033-refund-queue.md), like the mail outbox.
--
-- * public.refunds holds every refund of an order: asked for by the shop (staff cancelling a paid card order, a payment
--   that arrived for a cancelled order) or made in Stripe's dashboard. Several per order, of any amount.
-- * The decision to refund is written in the transaction of the order's move (apply_order_move below) or of the
--   payment event (record_payment_event): a move that loses a race refunds nothing. The shop's refund worker then
--   claims pending rows (leased, SKIP LOCKED), asks Stripe with an idempotency key derived from the row's id, and
--   records Stripe's answer: a row killed between the two is claimed again after its lease, with the same key, so
--   Stripe refunds once.
-- * Stripe's own refunds and disputes (charge.refunded, charge.dispute.created/closed) reach the order through
--   record_charge_event: recorded once by event id, on the timeline, staff e-mailed on a dispute.
-- * Staff cancelling a pending card order first expire its Checkout Session; staff_close_payment_session marks it
--   so that the expiry's own event does not cancel the order under them (with another reason).

create table public.refunds (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete restrict,
  provider text not null check (provider in ('stripe')),
  -- The payment refunded (Stripe: the PaymentIntent).
  payment_reference text not null check (char_length(payment_reference) between 1 and 255),
  amount integer not null check (amount > 0),
  currency text not null check (currency ~ '^[a-z]{3}$'),
  reason text not null check (char_length(reason) between 1 and 2000),
  state text not null default 'pending' check (state in ('pending', 'succeeded', 'failed')),
  provider_refund_id text unique check (char_length(provider_refund_id) between 1 and 255),
  -- Who asked: a staff account, the shop itself ('system'), or the provider ('stripe': made in its dashboard).
  requested_by uuid references auth.users (id) on delete set null,
  requested_by_label text not null check (requested_by_label ~ '^[a-z][a-z0-9_]{0,31}$'),
  requested_by_email text check (char_length(requested_by_email) <= 320),
  requested_at timestamptz not null default now(),
  completed_at timestamptz,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claimed_until timestamptz,
  claim_token uuid,
  last_error text check (char_length(last_error) <= 2000),
  check ((state = 'pending') = (completed_at is null)),
  check (state <> 'succeeded' or provider_refund_id is not null)
);

create index refunds_order_id_idx on public.refunds (order_id, requested_at);
create index refunds_due_idx on public.refunds (next_attempt_at, requested_at) where state = 'pending';
create index if not exists orders_payment_reference_idx on public.orders (payment_reference);

alter table public.refunds enable row level security;
revoke all on table public.refunds from anon, authenticated;

alter table public.orders add column payment_session_closing_at timestamptz;

-- Refunds made before this queue kept only their reference on the order (orders.refund_reference, now unused).
insert into public.refunds (
  order_id, provider, payment_reference, amount, currency, reason, state, provider_refund_id,
  requested_by, requested_by_label, requested_by_email, requested_at, completed_at
)
select o.id, o.payment_provider, o.payment_reference, o.total_amount, o.currency,
  coalesce(e.note, 'Order cancelled'), 'succeeded', o.refund_reference,
  e.actor_id, coalesce(e.actor_label, 'staff'), e.actor_email, coalesce(e.created_at, now()), coalesce(e.created_at, now())
from public.orders as o
left join lateral (
  select * from public.order_events as x
  where x.order_id = o.id and x.to_status = 'cancelled' order by x.created_at desc limit 1
) as e on true
where o.refund_reference is not null and o.payment_reference is not null and o.payment_provider is not null
  and o.total_amount > 0;

-- Cents as the timeline shows them: $12.34, or 12.34 EUR.
create function public.format_money(p_cents bigint, p_currency text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when p_currency = 'usd' then '$' || to_char(p_cents / 100.0, 'FM999,999,990.00')
    else to_char(p_cents / 100.0, 'FM999,999,990.00') || ' ' || upper(p_currency) end
$$;

-- Queues a refund of what is left of a payment of p_paid_amount (all of it, less the refunds of that payment not
-- failed), in the caller's transaction (which holds the order's row lock). Returns the refund's id, or null when
-- nothing is left to refund.
create function public.enqueue_refund(
  p_order_id uuid,
  p_payment_reference text,
  p_paid_amount bigint,
  p_reason text,
  p_actor_id uuid,
  p_actor_label text
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order public.orders;
  v_left bigint;
  v_id uuid;
begin
  select * into v_order from public.orders where id = p_order_id;
  if v_order.id is null then
    raise exception 'Order not found.' using errcode = 'LB020';
  end if;
  if v_order.payment_provider is null or p_payment_reference is null then
    raise exception 'This order was not paid by card, so there is no payment to refund.' using errcode = 'LB004';
  end if;
  select p_paid_amount - coalesce(sum(r.amount), 0) into v_left
  from public.refunds as r
  where r.order_id = p_order_id and r.payment_reference = p_payment_reference and r.state <> 'failed';
  if v_left is null or v_left <= 0 then
    return null;
  end if;
  insert into public.refunds (
    order_id, provider, payment_reference, amount, currency, reason, requested_by, requested_by_label, requested_by_email
  )
  values (
    p_order_id, v_order.payment_provider, p_payment_reference, v_left, v_order.currency,
    left(coalesce(nullif(btrim(p_reason), ''), 'Refund'), 2000), p_actor_id, p_actor_label,
    (select u.email from auth.users as u where u.id = p_actor_id)
  )
  returning id into v_id;
  return v_id;
end;
$$;

-- apply_order_move (20261127000300_back_office.sql) as before, and: cancelling a paid card order queues the refund of
-- its payment in the same transaction (the timeline entry names it).
create or replace function public.apply_order_move(
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
  v_refund_id uuid;
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
  if p_new_status = 'cancelled' and v_order.status = 'paid' and v_order.payment_provider is not null
    and v_order.payment_reference is not null then
    v_refund_id := public.enqueue_refund(
      p_order_id, v_order.payment_reference, v_order.total_amount, v_note, p_actor_id, p_actor_label
    );
    if v_refund_id is not null then
      v_details := v_details || jsonb_build_object('refund_id', v_refund_id);
    end if;
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
  insert into public.outbox (kind, recipient, payload)
  values (
    'order_' || p_new_status,
    v_order.email,
    v_result || jsonb_build_object('note', v_note, 'from_status', v_order.status, 'details', v_details)
  );
  return v_result;
end;
$$;

-- Staff are told of money that needs their eye (a payment after cancellation, a dispute) by the new-order e-mail's
-- recipients (ORDERS_EMAIL), through the outbox.
create function public.enqueue_payment_alert(p_order_id uuid, p_alert jsonb)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.outbox (kind, recipient, payload)
  select 'order_payment_alert', r.email, public.order_json(p_order_id) || jsonb_build_object('alert', p_alert)
  from public.order_notification_recipients as r
$$;

-- A line on the order's timeline that changes no status, by the provider or the shop.
create function public.add_payment_timeline_entry(p_order_id uuid, p_actor_label text, p_note text, p_details jsonb)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.order_events (order_id, actor_label, note, details)
  values (p_order_id, p_actor_label, left(p_note, 2000), coalesce(p_details, '{}'::jsonb))
$$;

-- record_payment_event (20261127000400_payments.sql) as before, and: a payment that arrives for a cancelled order is
-- refunded through the queue in this same transaction (staff are told); the expiry of a session staff are closing
-- (staff_close_payment_session) leaves the order to their cancel.
create or replace function public.record_payment_event(
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
  v_refund_id uuid;
begin
  if p_action not in ('paid', 'failed', 'none') then
    raise exception 'Unknown payment action %.', p_action using errcode = 'LB004';
  end if;
  if p_action = 'paid' and (p_reference is null or char_length(p_reference) not between 1 and 255) then
    raise exception 'A payment needs its reference.' using errcode = 'LB004';
  end if;

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
      update public.orders set payment_reference = coalesce(payment_reference, p_reference) where id = v_order.id;
      v_outcome := 'already_paid';
      if v_order.status = 'cancelled' then
        v_refund_id := public.enqueue_refund(
          v_order.id, p_reference, coalesce(p_amount, v_order.total_amount),
          'The payment arrived after the order was cancelled.', null, 'system'
        );
        if v_refund_id is not null then
          perform public.add_payment_timeline_entry(
            v_order.id, p_provider, 'Payment received after the order was cancelled: refunded automatically',
            jsonb_build_object('payment_reference', p_reference, 'refund_id', v_refund_id, 'event_id', p_event_id)
          );
          perform public.enqueue_payment_alert(v_order.id, jsonb_build_object(
            'kind', 'paid_after_cancel', 'amount', coalesce(p_amount, v_order.total_amount), 'payment_reference', p_reference
          ));
          v_outcome := 'paid_after_cancel';
        end if;
      end if;
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
    -- Recent only: a cancel that never followed (Stripe unreachable) does not keep the order pending for good.
    if v_order.status = 'pending' and v_order.payment_session_closing_at > now() - interval '10 minutes' then
      v_outcome := 'closed_by_staff';
    elsif v_order.status = 'pending' then
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

-- One of Stripe's charge events, already verified by its signature, about the payment p_payment_reference; recorded once
-- by its id. charge.refunded: p_data.refunds lists the payment's refunds ({id, amount, currency, status, refund_id: the
-- metadata this shop sent, or null}); one the shop made is matched by Stripe's id or its refund_id, any other is recorded
-- as made in Stripe (state succeeded, by 'stripe'). charge.dispute.created / closed: p_data is the dispute ({id,
-- amount, currency, reason, status}); on the timeline, and the staff are e-mailed. Returns the outcome, or 'duplicate'.
create function public.record_charge_event(
  p_provider text,
  p_event_id text,
  p_event_type text,
  p_payment_reference text,
  p_data jsonb
)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_order public.orders;
  v_outcome text := 'recorded';
  v_refund jsonb;
  v_row_id uuid;
  v_amount bigint;
  v_note text;
begin
  if p_event_type not in ('charge.refunded', 'charge.dispute.created', 'charge.dispute.closed') then
    raise exception 'Unknown charge event %.', p_event_type using errcode = 'LB004';
  end if;
  if jsonb_typeof(p_data) is distinct from 'object' then
    raise exception 'A charge event needs its data.' using errcode = 'LB004';
  end if;
  insert into public.payment_events (provider, event_id, event_type, order_id, outcome)
  values (p_provider, p_event_id, p_event_type, null, 'received')
  on conflict (provider, event_id) do nothing;
  if not found then
    return 'duplicate';
  end if;

  select * into v_order from public.orders
  where payment_provider = p_provider and payment_reference = p_payment_reference and p_payment_reference is not null
  order by created_at desc limit 1
  for update;
  if v_order.id is null then
    v_outcome := 'unknown_order';
  elsif p_event_type = 'charge.refunded' then
    for v_refund in select value from jsonb_array_elements(coalesce(p_data -> 'refunds', '[]'::jsonb)) loop
      continue when v_refund ->> 'status' in ('failed', 'canceled')
        or coalesce(v_refund ->> 'id', '') = ''
        or exists (select 1 from public.refunds where provider_refund_id = v_refund ->> 'id');
      v_amount := (v_refund ->> 'amount')::bigint;
      v_row_id := null;
      if coalesce(v_refund ->> 'refund_id', '') ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
        -- One of the shop's own, whose answer the worker has not recorded yet.
        update public.refunds
        set state = 'succeeded', provider_refund_id = v_refund ->> 'id', amount = v_amount, completed_at = now(),
            claimed_until = null, claim_token = null, last_error = null
        where id = (v_refund ->> 'refund_id')::uuid and order_id = v_order.id and state <> 'succeeded'
        returning id into v_row_id;
        if v_row_id is not null then
          perform public.add_payment_timeline_entry(
            v_order.id, p_provider,
            format('Refunded %s (%s)', public.format_money(v_amount, v_order.currency), v_refund ->> 'id'),
            jsonb_build_object('refund_id', v_row_id, 'provider_refund_id', v_refund ->> 'id', 'event_id', p_event_id)
          );
          v_outcome := 'refund_recorded';
          continue;
        end if;
      end if;
      insert into public.refunds (
        order_id, provider, payment_reference, amount, currency, reason, state, provider_refund_id,
        requested_by_label, completed_at
      )
      values (
        v_order.id, p_provider, p_payment_reference, v_amount,
        coalesce(lower(v_refund ->> 'currency'), v_order.currency), 'Refunded in the Stripe dashboard', 'succeeded',
        v_refund ->> 'id', p_provider, now()
      )
      returning id into v_row_id;
      perform public.add_payment_timeline_entry(
        v_order.id, p_provider,
        format('Refunded %s in Stripe (%s)', public.format_money(v_amount, v_order.currency), v_refund ->> 'id'),
        jsonb_build_object('refund_id', v_row_id, 'provider_refund_id', v_refund ->> 'id', 'event_id', p_event_id)
      );
      v_outcome := 'refund_recorded';
    end loop;
  else
    v_amount := (p_data ->> 'amount')::bigint;
    v_note := case p_event_type
      when 'charge.dispute.created' then format(
        'Dispute opened: %s (%s)', public.format_money(coalesce(v_amount, 0), v_order.currency),
        coalesce(nullif(p_data ->> 'reason', ''), 'no reason given')
      )
      else format('Dispute closed: %s', coalesce(nullif(p_data ->> 'status', ''), 'closed'))
    end;
    perform public.add_payment_timeline_entry(
      v_order.id, p_provider, v_note,
      jsonb_build_object(
        'dispute_id', p_data ->> 'id', 'dispute_status', p_data ->> 'status', 'amount', v_amount, 'event_id', p_event_id
      )
    );
    perform public.enqueue_payment_alert(v_order.id, jsonb_build_object(
      'kind', case p_event_type when 'charge.dispute.created' then 'dispute_created' else 'dispute_closed' end,
      'amount', v_amount, 'reason', p_data ->> 'reason', 'status', p_data ->> 'status', 'dispute_id', p_data ->> 'id'
    ));
    v_outcome := 'dispute_recorded';
  end if;

  update public.payment_events set order_id = v_order.id, outcome = v_outcome
  where provider = p_provider and event_id = p_event_id;
  return v_outcome;
end;
$$;

-- ---------------------------------------------------------------------------------------------------
-- The refund worker's claims (as the outbox's, 20261127000100_outbox_claims.sql): one due refund at a time, leased,
-- each claim with a token of its own. Returns the refund, or null when none is due.

create function public.claim_refund(p_lease_seconds integer)
returns jsonb
language sql
security definer
set search_path = ''
as $$
  with claimed as (
    update public.refunds as r
    set claimed_until = now() + make_interval(secs => greatest(p_lease_seconds, 1)),
        attempts = r.attempts + 1,
        claim_token = gen_random_uuid()
    where r.id = (
      select d.id from public.refunds as d
      where d.state = 'pending' and d.next_attempt_at <= now()
        and (d.claimed_until is null or d.claimed_until <= now())
      order by d.next_attempt_at, d.requested_at
      limit 1
      for update skip locked
    )
    returning r.*
  )
  select jsonb_build_object(
    'id', c.id, 'claim_token', c.claim_token, 'order_id', c.order_id, 'provider', c.provider,
    'payment_reference', c.payment_reference, 'amount', c.amount, 'currency', c.currency, 'attempts', c.attempts,
    'requested_at', c.requested_at
  )
  from claimed as c
$$;

-- The holder of a claim records Stripe's answer: succeeded (its refund id and amount), retry at p_retry_at (Stripe could
-- not be reached), or failed (Stripe refused). False, and nothing changes, when the claim is no longer the refund's
-- (another worker holds it, or the webhook recorded it first).
create function public.finish_refund_claim(
  p_id uuid,
  p_claim_token uuid,
  p_outcome text,
  p_provider_refund_id text,
  p_amount integer,
  p_error text,
  p_retry_at timestamptz
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_refund public.refunds;
begin
  if p_outcome = 'succeeded' then
    if p_provider_refund_id is null or char_length(p_provider_refund_id) not between 1 and 255 then
      raise exception 'A refund that succeeded needs its id.' using errcode = 'LB004';
    end if;
    update public.refunds
    set state = 'succeeded', provider_refund_id = p_provider_refund_id, amount = coalesce(p_amount, amount),
        completed_at = now(), claimed_until = null, claim_token = null, last_error = null
    where id = p_id and claim_token = p_claim_token and state = 'pending'
    returning * into v_refund;
    if v_refund.id is not null then
      perform public.add_payment_timeline_entry(
        v_refund.order_id, 'system',
        format('Refunded %s (%s)', public.format_money(v_refund.amount, v_refund.currency), p_provider_refund_id),
        jsonb_build_object('refund_id', v_refund.id, 'provider_refund_id', p_provider_refund_id)
      );
    end if;
  elsif p_outcome = 'retry' then
    update public.refunds
    set next_attempt_at = p_retry_at, claimed_until = null, claim_token = null, last_error = left(p_error, 2000)
    where id = p_id and claim_token = p_claim_token and state = 'pending'
    returning * into v_refund;
  elsif p_outcome = 'failed' then
    update public.refunds
    set state = 'failed', completed_at = now(), claimed_until = null, claim_token = null,
        last_error = left(coalesce(p_error, 'Refused'), 2000)
    where id = p_id and claim_token = p_claim_token and state = 'pending'
    returning * into v_refund;
    if v_refund.id is not null then
      perform public.add_payment_timeline_entry(
        v_refund.order_id, 'system',
        left(format('Refund of %s failed: %s', public.format_money(v_refund.amount, v_refund.currency), p_error), 2000),
        jsonb_build_object('refund_id', v_refund.id)
      );
    end if;
  else
    raise exception 'Unknown outcome %', p_outcome using errcode = 'LB004';
  end if;
  return v_refund.id is not null;
end;
$$;

-- ---------------------------------------------------------------------------------------------------
-- The back office.

-- Before staff cancel an order whose Checkout Session may still be paid, the server expires it at the provider; this
-- marks it first, so that the expiry's event leaves the order to staff's cancel (their reason, their name). False when
-- the order has no session to close (no card session, or paid through it).
create function public.staff_close_payment_session(p_order_id uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'Only staff can change an order.' using errcode = '42501';
  end if;
  update public.orders set payment_session_closing_at = now()
  where id = p_order_id and status in ('pending', 'paid') and payment_session_id is not null
    and payment_reference is null;
  return found;
end;
$$;

-- staff_order_payment as before, with every refund of the order, oldest first.
create or replace function public.staff_order_payment(p_order_id uuid)
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
      'refunds', coalesce((
        select jsonb_agg(
          jsonb_build_object(
            'id', r.id, 'amount', r.amount, 'currency', r.currency, 'reason', r.reason, 'state', r.state,
            'provider_refund_id', r.provider_refund_id, 'requested_by_label', r.requested_by_label,
            'requested_by_email', coalesce(r.requested_by_email, u.email), 'requested_at', r.requested_at,
            'completed_at', r.completed_at, 'attempts', r.attempts, 'last_error', r.last_error
          )
          order by r.requested_at, r.id
        )
        from public.refunds as r
        left join auth.users as u on u.id = r.requested_by
        where r.order_id = o.id
      ), '[]'::jsonb)
    )
    from public.orders as o
    where o.id = p_order_id
  );
end;
$$;

-- Refunds are queued by the move now; the refund-first cancel is gone.
drop function public.staff_cancel_refunded_order(uuid, text, text, integer);

revoke execute on function public.format_money(bigint, text) from public, anon, authenticated;
revoke execute on function public.enqueue_refund(uuid, text, bigint, text, uuid, text) from public, anon, authenticated;
revoke execute on function public.enqueue_payment_alert(uuid, jsonb) from public, anon, authenticated;
revoke execute on function public.add_payment_timeline_entry(uuid, text, text, jsonb) from public, anon, authenticated;
revoke execute on function public.record_charge_event(text, text, text, text, jsonb) from public, anon, authenticated;
revoke execute on function public.claim_refund(integer) from public, anon, authenticated;
revoke execute on function public.finish_refund_claim(uuid, uuid, text, text, integer, text, timestamptz) from public, anon, authenticated;
revoke execute on function public.staff_close_payment_session(uuid) from public, anon, authenticated;
grant execute on function public.staff_close_payment_session(uuid) to authenticated;

do $$
begin
  if exists (select 1 from pg_catalog.pg_roles where rolname = 'service_role') then
    grant execute on function public.record_charge_event(text, text, text, text, jsonb) to service_role;
    grant execute on function public.claim_refund(integer) to service_role;
    grant execute on function public.finish_refund_claim(uuid, uuid, text, text, integer, text, timestamptz) to service_role;
  end if;
end;
$$;
