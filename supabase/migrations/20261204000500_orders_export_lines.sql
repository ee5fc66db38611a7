-- The orders CSV carries what packing and labels need (issue 40, docs/decisions/0041-fulfilment-and-customers.md):
-- each exported order now holds its shipping address (phone included) and its lines as they were bought (SKU, name,
-- variant label, quantity, price). Same signature, the same staff check (in staff_orders_page) and the same cursor
-- text: the export's page is the list's page, with the address and lines joined on.

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
        'lines', coalesce((
          select jsonb_agg(jsonb_build_object(
            'sku', i.sku,
            'product_name', i.product_name,
            'variant_label', i.variant_label,
            'quantity', i.quantity,
            'price_per_item', i.price_per_item
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
