-- An order's personal data (its address, what was ordered) shows only to the browser that placed it
-- (docs/decisions/0034-order-pages-belong-to-the-browser.md), and staff's 'Revoke' ends that browser's access
-- together with the e-mailed link.
--
-- * public.order_browser_links: the hash of each token the placing browser keeps in a signed cookie. The clear token
--   is made here and travels once, in the checkout's answer.
-- * public.issue_order_browser_link: made for the request that placed the order, which proves it by the checkout
--   form's idempotency key (a secret only that browser's form held). Never after staff revoked the links.
-- * public.browser_order: what a token opens (the guest order page's view plus the shipping address); null for a
--   wrong, unknown or revoked token.

create table public.order_browser_links (
  token_hash text primary key,
  order_id uuid not null references public.orders (id) on delete cascade,
  created_at timestamptz not null default now()
);

create index order_browser_links_order_id_idx on public.order_browser_links (order_id);

alter table public.order_browser_links enable row level security;
revoke all on table public.order_browser_links from anon, authenticated;

-- Set by staff's 'Revoke': no browser gets a link to this order again.
alter table public.orders add column browser_links_revoked boolean not null default false;

-- Returns the clear token for the browser's cookie, or null: no such order for that key, revoked, placed more than a
-- day ago, or ten links made already (a double click or a retried form each gets its own).
create function public.issue_order_browser_link(p_order_id uuid, p_idempotency_key text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_token text;
begin
  if p_order_id is null or p_idempotency_key is null then
    return null;
  end if;
  perform 1 from public.orders
  where id = p_order_id
    and idempotency_key = p_idempotency_key
    and not browser_links_revoked
    and created_at > now() - interval '1 day'
  for update;
  if not found then
    return null;
  end if;
  if (select count(*) from public.order_browser_links where order_id = p_order_id) >= 10 then
    return null;
  end if;
  v_token := public.new_link_token();
  insert into public.order_browser_links (token_hash, order_id) values (public.hash_link_token(v_token), p_order_id);
  return v_token;
end;
$$;

-- The order as its placing browser sees it: the guest order page's fields and the shipping address, never the
-- e-mail address, the account or staff's notes.
create function public.browser_order(p_order_id uuid, p_token text)
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

revoke execute on function public.issue_order_browser_link(uuid, text) from public, anon, authenticated;
revoke execute on function public.browser_order(uuid, text) from public, anon, authenticated;
grant execute on function public.issue_order_browser_link(uuid, text) to anon, authenticated;
grant execute on function public.browser_order(uuid, text) to anon, authenticated;

-- Staff's 'Revoke' ends the e-mailed link and every browser's link, for good. Recorded in the timeline. Returns
-- whether there was a link to end.
create or replace function public.revoke_guest_link(p_order_id uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_had_guest_link boolean;
  v_had_browser_links boolean;
begin
  if not public.is_staff() then
    raise exception 'Only staff can change an order.' using errcode = '42501';
  end if;
  select guest_token_hash is not null into v_had_guest_link from public.orders where id = p_order_id for update;
  if not found then
    return false;
  end if;
  delete from public.order_browser_links where order_id = p_order_id;
  v_had_browser_links := found;
  update public.orders set guest_token_hash = null, browser_links_revoked = true where id = p_order_id;
  if not (v_had_guest_link or v_had_browser_links) then
    return false;
  end if;
  insert into public.order_events (order_id, actor_id, actor_label, actor_email, note)
  values (p_order_id, auth.uid(), 'staff', (select email from auth.users where id = auth.uid()), 'Guest order-page link revoked');
  return true;
end;
$$;
