-- The price list the database charges from: orders are priced here, never by the client.
-- It mirrors app/content/products.ts (selling price in cents, stock); a test keeps the two equal.
-- A catalogue change ships as a new migration that upserts the changed rows.

create table public.product_prices (
  product_id text primary key check (char_length(product_id) between 1 and 100),
  price_cents integer not null check (price_cents >= 0),
  in_stock boolean not null default true,
  updated_at timestamptz not null default now()
);

alter table public.product_prices enable row level security;

create policy "Everyone reads the price list"
  on public.product_prices for select to anon, authenticated
  using (true);

revoke all on table public.product_prices from anon, authenticated;
grant select on table public.product_prices to anon, authenticated;

insert into public.product_prices (product_id, price_cents, in_stock) values
  ('clip-1', 29900, true),
  ('clip-2', 24900, true),
  ('clip-3', 18900, true),
  ('tape-1', 32900, true),
  ('tape-2', 37900, true),
  ('tape-3', 34900, true),
  ('wig-1', 44900, true),
  ('wig-2', 59900, false),
  ('wig-3', 69900, true),
  ('acc-1', 4900, true),
  ('acc-2', 2400, true),
  ('acc-3', 3200, true)
on conflict (product_id) do update
  set price_cents = excluded.price_cents, in_stock = excluded.in_stock, updated_at = now();

-- Keeps updated_at honest on every table that has one, whoever writes the row.
create function public.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

revoke execute on function public.set_updated_at() from public, anon, authenticated;

create trigger product_prices_set_updated_at
  before update on public.product_prices
  for each row execute function public.set_updated_at();
