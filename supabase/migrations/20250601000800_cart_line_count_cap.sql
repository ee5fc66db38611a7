-- One cap on the number of lines for every cart (issue 18): a visitor's cookie cart already holds at most
-- 50 products, and an order at most 50 lines (place_order), but a member's stored cart had no limit, so a
-- 51st product was accepted into the cart and refused at checkout. The database now refuses it on every path
-- (add_to_cart, a direct upsert through the API, merge_cart), with a message written for the shopper.

create function public.cart_items_enforce_line_count()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  -- An upsert of a product already in the cart fires this trigger too, and becomes an update: no lock, so
  -- a caller that holds the line's row lock (add_to_cart) never waits for the cart's lock below.
  if exists (select 1 from public.cart_items where user_id = new.user_id and product_id = new.product_id) then
    return new;
  end if;
  -- Two concurrent adds of different products to a cart of 49 lines must not both pass the count.
  perform pg_advisory_xact_lock(7310, hashtext(new.user_id::text));
  if exists (select 1 from public.cart_items where user_id = new.user_id and product_id = new.product_id) then
    return new;
  end if;
  if (select count(*) from public.cart_items where user_id = new.user_id) >= 50 then
    raise exception 'Your cart can hold up to 50 different products.' using errcode = 'LB006';
  end if;
  return new;
end;
$$;

revoke execute on function public.cart_items_enforce_line_count() from public, anon, authenticated;

create trigger cart_items_enforce_line_count
  before insert on public.cart_items
  for each row execute function public.cart_items_enforce_line_count();

-- Signing in adds the visitor's lines to the stored cart; products that would take the cart past 50 lines are
-- left out (the oldest visitor lines come first) instead of failing the whole merge. Otherwise as before.
create or replace function public.merge_cart(p_lines jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_user_id uuid := auth.uid();
  v_room integer;
begin
  if v_user_id is null then
    raise exception 'Sign in to keep a stored cart.' using errcode = '42501';
  end if;
  if jsonb_typeof(p_lines) is distinct from 'array' then
    raise exception 'Cart lines must be a JSON array.' using errcode = 'LB004';
  end if;

  perform pg_advisory_xact_lock(7310, hashtext(v_user_id::text));
  v_room := 50 - (select count(*) from public.cart_items where user_id = v_user_id);

  with visitor as (
    select line.product_id, least(sum(line.quantity::bigint), 99) as quantity, min(line.position) as position
    from rows from (jsonb_to_recordset(p_lines) as (product_id text, quantity integer)) with ordinality
      as line (product_id, quantity, position)
    join public.product_prices as price on price.product_id = line.product_id
    where line.quantity >= 1
    group by line.product_id
  ),
  ranked as (
    select visitor.*, stored.product_id is not null as already_stored,
      row_number() over (partition by stored.product_id is null order by visitor.position) as new_rank
    from visitor
    left join public.cart_items as stored on stored.user_id = v_user_id and stored.product_id = visitor.product_id
  )
  insert into public.cart_items (user_id, product_id, quantity)
  select v_user_id, product_id, quantity
  from ranked
  where already_stored or new_rank <= v_room
  order by position
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
