-- The back office's export reads its pages without counting every match each time (docs/decisions/
-- 0035-back-office-fair-share.md): staff_list_orders counts the matches for the list's "N orders", and an export
-- of 10,000 orders asked for that count again with each of its 20 pages. Both now share one page query,
-- public.staff_orders_page; staff_export_orders is the export's door to it, with the cursor and without the count.

create function public.staff_orders_page(
  p_status text,
  p_search text,
  p_limit integer,
  p_offset integer,
  p_before_created_at timestamptz,
  p_before_id uuid,
  p_with_total boolean
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_search text := lower(btrim(coalesce(p_search, '')));
  -- Above every character: "starts with x" is the range [x, x || v_top) in byte order (text_pattern_ops).
  v_top text := chr(1114111);
  v_id uuid;
  v_where text := '($1::text is null or o.status = $1)';
  v_total integer;
  v_rows jsonb;
begin
  if not public.is_staff() then
    raise exception 'Only staff can read every order.' using errcode = '42501';
  end if;
  if p_limit is null or p_limit not between 1 and 1000 or p_offset is null or p_offset < 0 then
    raise exception 'A page holds 1 to 1000 rows from an offset of 0 or more.' using errcode = 'LB004';
  end if;
  if p_status is not null and p_status not in ('pending', 'paid', 'shipped', 'delivered', 'cancelled') then
    raise exception 'Unknown status %.', p_status using errcode = 'LB004';
  end if;
  if char_length(v_search) > 200 then
    raise exception 'The search can have at most 200 characters.' using errcode = 'LB004';
  end if;
  v_search := nullif(regexp_replace(v_search, '^#', ''), '');
  if v_search ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    v_id := v_search::uuid;
  end if;

  -- Built from fixed fragments only; every value goes in as a parameter ($1 status, $2 search, $3 its upper bound,
  -- $4 a whole id). EXECUTE plans each call with its values, so the planner picks the index that fits them.
  if v_search is not null then
    v_where := v_where || ' and (
      o.id = $4
      or right(o.id::text, 8) = $2
      or (lower(o.email) ~>=~ $2 and lower(o.email) ~<~ $3)
      or (lower(o.shipping_address ->> ''firstName'') ~>=~ $2 and lower(o.shipping_address ->> ''firstName'') ~<~ $3)
      or (lower(o.shipping_address ->> ''lastName'') ~>=~ $2 and lower(o.shipping_address ->> ''lastName'') ~<~ $3)
      or (lower((o.shipping_address ->> ''firstName'') || '' '' || (o.shipping_address ->> ''lastName'')) ~>=~ $2
          and lower((o.shipping_address ->> ''firstName'') || '' '' || (o.shipping_address ->> ''lastName'')) ~<~ $3)
    )';
  end if;

  if p_with_total then
    execute 'select count(*)::integer from public.orders as o where ' || v_where
      into v_total
      using p_status, v_search, v_search || v_top, v_id;
  end if;

  execute
    'select coalesce(jsonb_agg(jsonb_build_object(
        ''id'', o.id,
        ''user_id'', o.user_id,
        ''status'', o.status,
        ''total_amount'', o.total_amount,
        ''shipping_method'', o.shipping_method,
        ''shipping_amount'', o.shipping_amount,
        ''currency'', o.currency,
        ''email'', o.email,
        ''first_name'', o.shipping_address ->> ''firstName'',
        ''last_name'', o.shipping_address ->> ''lastName'',
        ''created_at'', o.created_at,
        ''carrier'', o.carrier,
        ''tracking_number'', o.tracking_number,
        ''item_count'', (select coalesce(sum(i.quantity), 0)::integer from public.order_items as i where i.order_id = o.id)
      ) order by o.created_at desc, o.id desc), ''[]''::jsonb)
     from (
       select o.* from public.orders as o
       where ' || v_where || '
         and ($5::timestamptz is null or (o.created_at, o.id) < ($5, coalesce($6, ''ffffffff-ffff-ffff-ffff-ffffffffffff''::uuid)))
       order by o.created_at desc, o.id desc
       limit $7 offset $8
     ) as o'
    into v_rows
    using p_status, v_search, v_search || v_top, v_id, p_before_created_at, p_before_id, p_limit, p_offset;

  return jsonb_build_object('total', v_total, 'orders', v_rows);
end;
$$;

revoke execute on function public.staff_orders_page(text, text, integer, integer, timestamptz, uuid, boolean)
  from public, anon, authenticated;

-- The list: a page and the count of every match. Same signature and answer as before.
create or replace function public.staff_list_orders(
  p_status text,
  p_search text,
  p_limit integer,
  p_offset integer,
  p_before_created_at timestamptz default null,
  p_before_id uuid default null
)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select public.staff_orders_page(p_status, p_search, p_limit, p_offset, p_before_created_at, p_before_id, true)
$$;

-- The export: the next page after the cursor (the last row's time and id), newest first; 'total' is null.
create function public.staff_export_orders(
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
  select public.staff_orders_page(p_status, p_search, p_limit, 0, p_before_created_at, p_before_id, false)
$$;

revoke execute on function public.staff_export_orders(text, text, integer, timestamptz, uuid) from public, anon, authenticated;
grant execute on function public.staff_export_orders(text, text, integer, timestamptz, uuid) to authenticated;
