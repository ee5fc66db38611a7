-- The back office's product list (issue 38): every product of any status, with its cover, price range and stock,
-- searched by name, id or SKU, filtered by status, in the shop's own order or newest first, one page at a time.
-- Security invoker: row-level security shows staff every product; anyone else is refused first.

create index products_created on public.products (created_at desc, id);

create function public.staff_products_page(
  p_search text, p_status text, p_sort text, p_offset integer, p_limit integer
)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_pattern text;
begin
  if not public.is_staff() then
    raise exception 'Staff only.' using errcode = '42501';
  end if;
  if p_status is not null and p_status not in ('active', 'draft', 'archived') then
    raise exception 'Unknown status.' using errcode = 'LB004';
  end if;
  -- The search is literal text: % and _ match themselves.
  v_pattern := case when coalesce(btrim(p_search), '') = '' then null
    else '%' || replace(replace(replace(btrim(p_search), '\', '\\'), '%', '\%'), '_', '\_') || '%' end;
  return (
    with matching as (
      select p.* from public.products as p
      where (p_status is null or p.status = p_status)
        and (v_pattern is null or p.name ilike v_pattern or p.id ilike v_pattern
          or exists (select 1 from public.product_variants as v where v.product_id = p.id and v.sku ilike v_pattern))
    ),
    page as (
      select * from matching
      order by
        case when p_sort = 'newest' then null else featured_position end,
        created_at desc, id
      offset greatest(coalesce(p_offset, 0), 0)
      limit least(greatest(coalesce(p_limit, 25), 1), 100)
    )
    select jsonb_build_object(
      'total_count', (select count(*) from matching),
      'products', coalesce(jsonb_agg(jsonb_build_object(
        'id', page.id, 'name', page.name, 'status', page.status, 'category', page.category,
        'featured_position', page.featured_position, 'created_at', page.created_at,
        'cover', (
          select jsonb_build_object('id', img.id, 'alt', img.alt, 'width', img.width, 'height', img.height,
            'widths', to_jsonb(img.widths), 'source', img.source)
          from public.product_images as img where img.product_id = page.id order by img.position, img.id limit 1
        ),
        'variant_count', stock.variant_count,
        'min_price_cents', stock.min_price_cents,
        'max_price_cents', stock.max_price_cents,
        'stock_on_hand', stock.stock_on_hand,
        'untracked_variants', stock.untracked_variants
      ) order by
        case when p_sort = 'newest' then null else page.featured_position end,
        page.created_at desc, page.id), '[]'::jsonb)
    )
    from page
    cross join lateral (
      select count(*) as variant_count, min(v.price_cents) as min_price_cents, max(v.price_cents) as max_price_cents,
        sum(v.stock_on_hand) as stock_on_hand, count(*) filter (where v.stock_on_hand is null) as untracked_variants
      from public.product_variants as v where v.product_id = page.id
    ) as stock
  );
end;
$$;

revoke execute on function public.staff_products_page(text, text, text, integer, integer) from public, anon;
grant execute on function public.staff_products_page(text, text, text, integer, integer) to authenticated;
