-- Return labels (issue 40, docs/decisions/0048-return-labels.md): staff may attach the return parcel's prepaid label
-- as a PDF to a return or exchange request that is asked or approved. The approval's e-mail carries it as an
-- attachment (attached after the approval, the approval's e-mail is sent again with it), and the customer downloads
-- it from /orders or their order page: the same proof as the request itself (public.order_return_proof).
--
-- * One label a request, replaced by the next; at most 1 MB (a carrier's label is tens of KB) and a PDF by its
--   content ("%PDF-" first), checked here as well as by the route.
-- * Read and written only through the functions below; the table is closed to every client role.

create table public.return_labels (
  request_id uuid primary key references public.return_requests (id) on delete cascade,
  pdf bytea not null check (octet_length(pdf) between 8 and 1048576 and substring(pdf from 1 for 5) = '\x255044462d'::bytea),
  uploaded_by uuid,
  created_at timestamptz not null default now()
);

alter table public.return_labels enable row level security;
revoke all on table public.return_labels from anon, authenticated;

-- One request as every reader sees it (20261209000100's, with whether it has a label).
create or replace function public.return_request_json(p_request_id uuid)
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
    'has_label', exists (select 1 from public.return_labels as b where b.request_id = r.id),
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

-- The customer's e-mail of a request's step (20261209000100's): the approval's carries the label, base64.
create or replace function public.write_return_mail(p_request_id uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.outbox (kind, recipient, payload)
  select 'return_' || r.state, o.email,
    public.order_json(o.id) || jsonb_build_object('return', public.return_request_json(r.id))
      || case when r.state = 'approved' then coalesce((
        select jsonb_build_object('return_label_pdf', encode(b.pdf, 'base64'))
        from public.return_labels as b where b.request_id = r.id
      ), '{}'::jsonb) else '{}'::jsonb end
  from public.return_requests as r
  join public.orders as o on o.id = r.order_id
  where r.id = p_request_id
$$;

revoke execute on function public.write_return_mail(uuid) from public, anon, authenticated;

-- Staff attach (or replace) a request's label: p_pdf_base64 the file. p_expected_state: the state the page showed.
-- Refused: 42501 (not staff), LB020 (no such request), LB021 (moved meanwhile), LB022 (not asked or approved: the
-- parcel is on its way or the request is closed), LB004 (not a PDF, or over 1 MB).
create function public.attach_return_label(p_request_id uuid, p_expected_state text, p_pdf_base64 text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_request public.return_requests;
  v_pdf bytea;
  v_actor_email text;
begin
  if not public.is_staff() then
    raise exception 'Only staff can attach a return label.' using errcode = '42501';
  end if;
  select * into v_request from public.return_requests where id = p_request_id for update;
  if v_request.id is null then
    raise exception 'Return request not found.' using errcode = 'LB020';
  end if;
  if v_request.state is distinct from p_expected_state then
    raise exception 'This request is % now: someone moved it meanwhile.', v_request.state using errcode = 'LB021';
  end if;
  if v_request.state not in ('requested', 'approved') then
    raise exception 'A label goes with the approval: this request is % already.', v_request.state
      using errcode = 'LB022';
  end if;
  begin
    v_pdf := decode(coalesce(p_pdf_base64, ''), 'base64');
  exception when others then
    raise exception 'The label must be a PDF file.' using errcode = 'LB004';
  end;
  if octet_length(v_pdf) > 1048576 then
    raise exception 'The label can be at most 1 MB.' using errcode = 'LB004';
  end if;
  if octet_length(v_pdf) < 8 or substring(v_pdf from 1 for 5) <> '\x255044462d'::bytea then
    raise exception 'The label must be a PDF file.' using errcode = 'LB004';
  end if;
  insert into public.return_labels (request_id, pdf, uploaded_by)
  values (v_request.id, v_pdf, auth.uid())
  on conflict (request_id) do update set pdf = excluded.pdf, uploaded_by = excluded.uploaded_by, created_at = now();
  update public.return_requests set updated_at = now() where id = v_request.id;
  select email into v_actor_email from auth.users where id = auth.uid();
  insert into public.order_events (order_id, actor_id, actor_label, actor_email, note, details)
  values (v_request.order_id, auth.uid(), 'staff', v_actor_email, 'Return label attached',
    jsonb_build_object('return_request_id', v_request.id, 'state', v_request.state));
  -- Already approved: the approval's e-mail again, now with the label. Asked: the approval will carry it.
  if v_request.state = 'approved' then
    perform public.write_return_mail(v_request.id);
  end if;
  return public.return_request_json(v_request.id);
end;
$$;

revoke execute on function public.attach_return_label(uuid, text, text) from public, anon, authenticated;
grant execute on function public.attach_return_label(uuid, text, text) to authenticated;

-- A request's label (base64) for its order's owner (member, or guest with the proof) or staff; null for anyone else
-- or when it has none.
create function public.return_label(p_request_id uuid, p_proof text default null)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_order public.orders;
  v_pdf bytea;
begin
  select o.* into v_order
  from public.return_requests as r join public.orders as o on o.id = r.order_id
  where r.id = p_request_id;
  if v_order.id is null or (public.order_return_proof(v_order, p_proof) is null and not public.is_staff()) then
    return null;
  end if;
  select pdf into v_pdf from public.return_labels where request_id = p_request_id;
  return encode(v_pdf, 'base64');
end;
$$;

revoke execute on function public.return_label(uuid, text) from public, anon, authenticated;
grant execute on function public.return_label(uuid, text) to anon, authenticated;
