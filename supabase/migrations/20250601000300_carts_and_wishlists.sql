-- Stored carts and wishlists of signed-in shoppers. Visitors keep theirs in a signed cookie and merge
-- it in on sign-in (merge_cart, merge_wishlist). Products must be on the price list.

create table public.cart_items (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  product_id text not null references public.product_prices (product_id) on delete cascade,
  quantity integer not null check (quantity between 1 and 99),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, product_id)
);

create table public.wishlist_items (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  product_id text not null references public.product_prices (product_id) on delete cascade,
  created_at timestamptz not null default now(),
  unique (user_id, product_id)
);

alter table public.cart_items enable row level security;
alter table public.wishlist_items enable row level security;

create policy "Users read their own cart" on public.cart_items
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "Users add to their own cart" on public.cart_items
  for insert to authenticated with check ((select auth.uid()) = user_id);
create policy "Users change their own cart" on public.cart_items
  for update to authenticated using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy "Users remove from their own cart" on public.cart_items
  for delete to authenticated using ((select auth.uid()) = user_id);

create policy "Users read their own wishlist" on public.wishlist_items
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "Users add to their own wishlist" on public.wishlist_items
  for insert to authenticated with check ((select auth.uid()) = user_id);
create policy "Users remove from their own wishlist" on public.wishlist_items
  for delete to authenticated using ((select auth.uid()) = user_id);

revoke all on table public.cart_items, public.wishlist_items from anon, authenticated;
grant select, insert, delete on table public.cart_items, public.wishlist_items to authenticated;
-- An upsert through the API sets every column it sends; the update policy keeps user_id the caller's.
grant update (user_id, product_id, quantity) on table public.cart_items to authenticated;
grant update (user_id, product_id) on table public.wishlist_items to authenticated;

create trigger cart_items_set_updated_at
  before update on public.cart_items
  for each row execute function public.set_updated_at();

-- The functions below run as the caller (security invoker): row-level security applies to them.

-- Adds to a line in one statement, so concurrent adds (two tabs) all count.
create function public.add_to_cart(p_product_id text, p_quantity integer)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_user_id uuid := auth.uid();
  v_previous integer;
  v_quantity integer;
begin
  if v_user_id is null then
    raise exception 'Sign in to keep a stored cart.' using errcode = '42501';
  end if;
  if p_quantity is null or p_quantity < 1 then
    raise exception 'Quantity must be a whole number from 1 to 99.' using errcode = 'LB003';
  end if;
  if not exists (select 1 from public.product_prices where product_id = p_product_id) then
    raise exception 'Product not found.' using errcode = 'LB001';
  end if;
  if not exists (select 1 from public.product_prices where product_id = p_product_id and in_stock) then
    raise exception 'This product is out of stock.' using errcode = 'LB002';
  end if;

  -- Only to tell the caller whether the cap cut the addition short.
  select quantity into v_previous
    from public.cart_items
    where user_id = v_user_id and product_id = p_product_id
    for update;

  insert into public.cart_items (user_id, product_id, quantity)
  values (v_user_id, p_product_id, least(p_quantity, 99))
  on conflict (user_id, product_id)
    do update set quantity = least(public.cart_items.quantity + excluded.quantity, 99)
  returning quantity into v_quantity;

  return jsonb_build_object(
    'product_id', p_product_id,
    'quantity', v_quantity,
    'capped', coalesce(v_previous, 0)::bigint + p_quantity > 99
  );
end;
$$;

-- One transaction: quantities add up, each line capped; products not on the price list are skipped.
create function public.merge_cart(p_lines jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_user_id uuid := auth.uid();
begin
  if v_user_id is null then
    raise exception 'Sign in to keep a stored cart.' using errcode = '42501';
  end if;
  if jsonb_typeof(p_lines) is distinct from 'array' then
    raise exception 'Cart lines must be a JSON array.' using errcode = 'LB004';
  end if;

  insert into public.cart_items (user_id, product_id, quantity)
  select v_user_id, line.product_id, least(sum(line.quantity::bigint), 99)
  from jsonb_to_recordset(p_lines) as line (product_id text, quantity integer)
  join public.product_prices as price on price.product_id = line.product_id
  where line.quantity >= 1
  group by line.product_id
  on conflict (user_id, product_id)
    do update set quantity = least(public.cart_items.quantity + excluded.quantity, 99);

  return (
    select coalesce(
      jsonb_agg(jsonb_build_object('product_id', product_id, 'quantity', quantity) order by created_at, product_id),
      '[]'::jsonb
    )
    from public.cart_items
    where user_id = v_user_id
  );
end;
$$;

create function public.toggle_wishlist_item(p_product_id text)
returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_user_id uuid := auth.uid();
begin
  if v_user_id is null then
    raise exception 'Sign in to keep a stored wishlist.' using errcode = '42501';
  end if;
  delete from public.wishlist_items where user_id = v_user_id and product_id = p_product_id;
  if found then
    return false;
  end if;
  if not exists (select 1 from public.product_prices where product_id = p_product_id) then
    raise exception 'Product not found.' using errcode = 'LB001';
  end if;
  insert into public.wishlist_items (user_id, product_id)
  values (v_user_id, p_product_id)
  on conflict (user_id, product_id) do nothing;
  return true;
end;
$$;

create function public.merge_wishlist(p_product_ids jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_user_id uuid := auth.uid();
begin
  if v_user_id is null then
    raise exception 'Sign in to keep a stored wishlist.' using errcode = '42501';
  end if;
  if jsonb_typeof(p_product_ids) is distinct from 'array' then
    raise exception 'Product ids must be a JSON array.' using errcode = 'LB004';
  end if;

  insert into public.wishlist_items (user_id, product_id)
  select distinct v_user_id, price.product_id
  from jsonb_array_elements_text(p_product_ids) as wished (product_id)
  join public.product_prices as price on price.product_id = wished.product_id
  on conflict (user_id, product_id) do nothing;

  return (
    select coalesce(jsonb_agg(product_id order by created_at desc, product_id), '[]'::jsonb)
    from public.wishlist_items
    where user_id = v_user_id
  );
end;
$$;

revoke execute on function public.add_to_cart(text, integer) from public, anon;
revoke execute on function public.merge_cart(jsonb) from public, anon;
revoke execute on function public.toggle_wishlist_item(text) from public, anon;
revoke execute on function public.merge_wishlist(jsonb) from public, anon;
grant execute on function public.add_to_cart(text, integer) to authenticated;
grant execute on function public.merge_cart(jsonb) to authenticated;
grant execute on function public.toggle_wishlist_item(text) to authenticated;
grant execute on function public.merge_wishlist(jsonb) to authenticated;
