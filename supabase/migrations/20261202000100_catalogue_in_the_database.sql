-- The catalogue lives in the database (issue 38, PRODUCT decision 17, docs/decisions/0036-catalogue-in-the-database.md):
-- products, their variants (each with its SKU, price, compare-at price and stock), their images and the history of
-- every stock change. The storefront reads the active catalogue once per process and again when
-- public.catalogue_state.version moves; the back office writes it through the staff_* functions below, which check
-- is_staff() as the order moves do. public.product_prices, the old price list, goes: place_order prices every line
-- from product_variants and takes its stock in the order's transaction.
--
-- Ids: a variant's id is what a cart line, a visitor's cookie and an order line name. Each shipped product is one
-- variant whose id is the product's own, so every cart, wishlist and order made before this migration still holds.

-- ---------------------------------------------------------------------------------------------------
-- Tables.

create table public.products (
  id text primary key check (id ~ '^[a-z0-9][a-z0-9-]{0,63}$'),
  name text not null check (char_length(btrim(name)) between 1 and 120),
  description text not null check (char_length(btrim(description)) between 1 and 5000),
  category text not null check (category in ('clip-in', 'tape-in', 'wigs', 'accessories')),
  length text check (char_length(length) between 1 and 60),
  color text not null check (char_length(btrim(color)) between 1 and 60),
  texture text check (char_length(texture) between 1 and 60),
  rating numeric(2, 1) not null default 0 check (rating between 0 and 5),
  review_count integer not null default 0 check (review_count between 0 and 10000000),
  is_new boolean not null default false,
  is_sale boolean not null default false,
  -- ["Feature", ...] and [["Name", "Value"], ...]: arrays, so that their order is the page's.
  features jsonb not null default '[]' check (jsonb_typeof(features) = 'array' and jsonb_array_length(features) <= 20),
  specifications jsonb not null default '[]'
    check (jsonb_typeof(specifications) = 'array' and jsonb_array_length(specifications) <= 30),
  -- What a shopper chooses between, e.g. {Length, Shade}: one to three names; each variant has one value for each.
  option_names text[] not null check (cardinality(option_names) between 1 and 3),
  -- active: in the shop; draft: being prepared; archived: out of the shop for good (its orders keep their lines).
  status text not null default 'draft' check (status in ('active', 'draft', 'archived')),
  -- The shop's own order ("featured"): the home page shows the first four active products.
  featured_position integer not null check (featured_position between 0 and 1000000),
  -- Every save moves it on: an edit made from an older copy is refused (LB030), as order moves are.
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index products_featured on public.products (featured_position, created_at);

create table public.product_images (
  id text primary key check (id ~ '^[a-z0-9][a-z0-9-]{0,99}$'),
  product_id text not null references public.products (id) on delete cascade,
  position integer not null check (position >= 1),
  alt text not null check (char_length(btrim(alt)) between 1 and 200),
  -- The largest rendition's size (every width keeps the aspect ratio) and the widths rendered, smallest first.
  width integer not null check (width between 1 and 20000),
  height integer not null check (height between 1 and 20000),
  widths integer[] not null check (cardinality(widths) between 1 and 8),
  -- shipped: files in public/images; upload: renditions the shop stores and serves itself.
  source text not null check (source in ('shipped', 'upload')),
  created_at timestamptz not null default now()
);

create index product_images_product on public.product_images (product_id, position);

create table public.product_variants (
  id text primary key check (id ~ '^[a-z0-9][a-z0-9-]{0,63}$'),
  product_id text not null references public.products (id) on delete cascade,
  position integer not null check (position >= 1),
  sku text not null check (sku ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$'),
  option_values text[] not null,
  price_cents integer not null check (price_cents between 0 and 100000000),
  -- Shown struck through next to the price; never charged.
  compare_at_cents integer check (compare_at_cents between 1 and 100000000),
  -- Units on hand; null: not tracked (always available).
  stock_on_hand integer check (stock_on_hand between 0 and 1000000),
  -- At or below it, the shop is e-mailed once (low_stock_alerted), until the count rises above it again.
  low_stock_threshold integer check (low_stock_threshold between 0 and 1000000),
  low_stock_alerted boolean not null default false,
  -- Images of this variant (ids of its product's images), shown first when it is chosen; empty: the product's.
  image_ids text[] not null default '{}' check (cardinality(image_ids) <= 20),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create unique index product_variants_sku on public.product_variants (lower(sku));
create index product_variants_product on public.product_variants (product_id, position);

-- Every change of a variant's count: who, when, from, to and why.
create table public.stock_movements (
  id bigint generated always as identity primary key,
  variant_id text not null references public.product_variants (id) on delete cascade,
  from_count integer,
  to_count integer,
  reason text not null check (reason in ('order', 'cancellation', 'staff', 'import')),
  note text check (char_length(note) <= 500),
  order_id uuid references public.orders (id) on delete set null,
  actor_id uuid references auth.users (id) on delete set null,
  actor_label text not null check (char_length(actor_label) between 1 and 320),
  created_at timestamptz not null default now()
);

create index stock_movements_variant on public.stock_movements (variant_id, id desc);
create index stock_movements_order on public.stock_movements (order_id) where order_id is not null;

-- One row: moves on with every change to products, variants, images or shipping rates, so that each instance can
-- ask "has the catalogue changed?" for the price of one tiny read (and PostgreSQL also tells listeners at once).
create table public.catalogue_state (
  singleton boolean primary key default true check (singleton),
  version bigint not null default 1,
  changed_at timestamptz not null default now()
);
insert into public.catalogue_state default values;

create trigger products_set_updated_at
  before update on public.products
  for each row execute function public.set_updated_at();
create trigger product_variants_set_updated_at
  before update on public.product_variants
  for each row execute function public.set_updated_at();

create function public.bump_catalogue_version()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_version bigint;
begin
  update public.catalogue_state set version = version + 1, changed_at = now() returning version into v_version;
  perform pg_notify('catalogue_changed', v_version::text);
  return null;
end;
$$;

revoke execute on function public.bump_catalogue_version() from public, anon, authenticated;

create trigger products_changed after insert or update or delete on public.products
  for each statement execute function public.bump_catalogue_version();
create trigger product_variants_changed after insert or update or delete on public.product_variants
  for each statement execute function public.bump_catalogue_version();
create trigger product_images_changed after insert or update or delete on public.product_images
  for each statement execute function public.bump_catalogue_version();
create trigger shipping_rates_changed after insert or update or delete on public.shipping_rates
  for each statement execute function public.bump_catalogue_version();

-- ---------------------------------------------------------------------------------------------------
-- Who reads what: everyone the active catalogue, staff everything. Only the functions below write.

alter table public.products enable row level security;
alter table public.product_images enable row level security;
alter table public.product_variants enable row level security;
alter table public.stock_movements enable row level security;
alter table public.catalogue_state enable row level security;

create policy "Everyone reads active products; staff read every product" on public.products
  for select to anon, authenticated
  using (status = 'active' or (select public.is_staff()));
create policy "Everyone reads the images of active products; staff every image" on public.product_images
  for select to anon, authenticated
  using (
    exists (select 1 from public.products as p where p.id = product_id and p.status = 'active')
    or (select public.is_staff())
  );
create policy "Everyone reads the variants of active products; staff every variant" on public.product_variants
  for select to anon, authenticated
  using (
    exists (select 1 from public.products as p where p.id = product_id and p.status = 'active')
    or (select public.is_staff())
  );
create policy "Staff read the stock history" on public.stock_movements
  for select to authenticated
  using ((select public.is_staff()));
create policy "Everyone reads the catalogue's version" on public.catalogue_state
  for select to anon, authenticated
  using (true);

revoke all on table public.products, public.product_images, public.product_variants, public.stock_movements,
  public.catalogue_state from anon, authenticated;
grant select on table public.products, public.product_images, public.catalogue_state to anon, authenticated;
-- The low-stock bookkeeping is the shop's, not the shopper's.
grant select (id, product_id, position, sku, option_values, price_cents, compare_at_cents, stock_on_hand,
  low_stock_threshold, image_ids, created_at, updated_at) on table public.product_variants to anon, authenticated;
grant select on table public.stock_movements to authenticated;

-- ---------------------------------------------------------------------------------------------------
-- The seed: the twelve products of the first catalogue, as the shop has sold them so far (spec section 3).

insert into public.products (id, name, description, category, length, color, texture, rating, review_count, is_new, is_sale, features, specifications, option_names, status, featured_position) values
  ('clip-1', 'Silky Straight Clip-In Extensions',
   'A full-head set of 100% Remy human hair in a warm honey blonde, cut to 22 inches and finished silky straight. Seven double-drawn wefts with 160g of hair add length and fullness to medium-thickness hair, and clip in or out in minutes. With gentle care the set lasts 6-12 months.',
   'clip-in', '22 inch', 'Honey Blonde', 'Straight', 4.8, 324, false, true,
   '["100% Remy human hair with cuticles aligned root to tip","Double-drawn wefts: as full at the ends as at the roots","Silicone-lined snap clips that grip without pulling","Can be washed, curled and straightened like your own hair","Lasts 6-12 months with proper care"]'::jsonb,
   '[["Hair Type","100% Remy Human Hair"],["Weight","160g"],["Pieces","7"],["Attachment","Clip-in"],["Best For","Medium-thickness hair"],["Heat Styling","Up to 350°F with heat protectant"],["Lifespan","6-12 months"]]'::jsonb,
   array['Length', 'Shade']::text[], 'active', 1),
  ('clip-2', 'Body Wave Clip-In Set',
   'Soft, bouncy body waves in a rich chocolate brown, made from 100% Remy human hair. This 18-inch set has seven wefts and 140g of hair, enough to add movement and volume to medium-thickness hair without heat styling every morning. It lasts 6-12 months with gentle care.',
   'clip-in', '18 inch', 'Chocolate Brown', 'Body Wave', 4.6, 187, true, false,
   '["100% Remy human hair in a natural body wave","Wave pattern returns after washing and air-drying","Seven wefts in graded widths for a seamless blend","Silicone-lined snap clips that stay put all day","Lasts 6-12 months with proper care"]'::jsonb,
   '[["Hair Type","100% Remy Human Hair"],["Weight","140g"],["Pieces","7"],["Attachment","Clip-in"],["Best For","Medium-thickness hair"],["Heat Styling","Up to 350°F with heat protectant"],["Lifespan","6-12 months"]]'::jsonb,
   array['Length', 'Shade']::text[], 'active', 2),
  ('clip-3', 'Volume Boost Clip-In Halo',
   'A single 20-inch weft of 100% Remy human hair in jet black on an adjustable, invisible wire, with two small clips to hold it steady. It sits behind your hairline and under your own hair, so you get instant volume in under a minute with no tension on the roots. At 100g it suits fine hair, and it lasts 6-12 months with gentle care.',
   'clip-in', '20 inch', 'Jet Black', 'Straight', 4.7, 142, false, false,
   '["100% Remy human hair on a single wide weft","Adjustable clear wire sized to your head","Two security clips for windy days","No tension on your natural hair or roots","Lasts 6-12 months with proper care"]'::jsonb,
   '[["Hair Type","100% Remy Human Hair"],["Weight","100g"],["Pieces","1"],["Attachment","Halo wire with 2 security clips"],["Best For","Fine hair"],["Heat Styling","Up to 350°F with heat protectant"],["Lifespan","6-12 months"]]'::jsonb,
   array['Length', 'Shade']::text[], 'active', 3),
  ('tape-1', 'Seamless Tape-In Extensions',
   'Forty thin, flat tape wefts of 100% Remy human hair in a cool ash blonde, 20 inches long. They lie flat against the scalp for a semi-permanent look that moves like your own hair; 100g is a full head for fine hair, and a second pack suits medium or thick hair. Each application lasts 6-8 weeks, after which a stylist removes, re-tapes and reapplies them.',
   'tape-in', '20 inch', 'Ash Blonde', 'Straight', 4.9, 256, false, false,
   '["100% Remy human hair with cuticles intact","Ultra-thin polyurethane wefts that lie flat","Medical-grade adhesive, gentle on natural hair","Reusable: re-tape and reapply every 6-8 weeks","Professional application recommended"]'::jsonb,
   '[["Hair Type","100% Remy Human Hair"],["Weight","100g"],["Pieces","40"],["Piece Size","4 cm wide"],["Attachment","Tape-in"],["Wear Per Application","6-8 weeks"],["Heat Styling","Up to 350°F; keep heat off the tapes"]]'::jsonb,
   array['Length', 'Shade']::text[], 'active', 4),
  ('tape-2', 'Invisible Tape-In Extensions',
   'Our longest tape-ins: 24 inches of silky straight, dark brown 100% Remy human hair on invisible injected wefts. The hair is hand-injected into a clear skin weft, so the bond looks like it grows from your scalp, even with a high ponytail. The pack holds 40 pieces and 100g; each application lasts 6-8 weeks before a stylist moves it up.',
   'tape-in', '24 inch', 'Dark Brown', 'Silky Straight', 4.5, 98, true, false,
   '["100% Remy human hair, hand-injected into clear wefts","Bonds that look like natural root growth","Discreet enough for high ponytails and updos","Reusable: re-tape and reapply every 6-8 weeks","Professional application recommended"]'::jsonb,
   '[["Hair Type","100% Remy Human Hair"],["Weight","100g"],["Pieces","40"],["Weft Type","Injected skin weft"],["Attachment","Tape-in"],["Wear Per Application","6-8 weeks"],["Heat Styling","Up to 350°F; keep heat off the tapes"]]'::jsonb,
   array['Length', 'Shade']::text[], 'active', 5),
  ('tape-3', 'Balayage Tape-In Extensions',
   'Hand-painted copper red balayage on 22 inches of loose-wave 100% Remy human hair, deeper at the root and brighter through the lengths. Twenty tape wefts and 50g of hair add dimension and color without dyeing your own hair; use two packs for a full head of fine hair. Each application lasts 6-8 weeks.',
   'tape-in', '22 inch', 'Copper Red', 'Loose Wave', 4.4, 61, true, false,
   '["100% Remy human hair, hand-painted balayage","Shadowed root for a soft, grown-out blend","Loose wave that holds after air-drying","Adds color without chemically treating your own hair","Reusable: re-tape and reapply every 6-8 weeks"]'::jsonb,
   '[["Hair Type","100% Remy Human Hair"],["Weight","50g"],["Pieces","20"],["Attachment","Tape-in"],["Wear Per Application","6-8 weeks"],["Heat Styling","Up to 350°F; keep heat off the tapes"],["Care","Color-safe, sulfate-free shampoo"]]'::jsonb,
   array['Length', 'Shade']::text[], 'active', 6),
  ('wig-1', 'Lace Front Bob Wig',
   'A sleek, chin-length bob in natural black, made from 100% Remy human hair with a 13x4 lace front for a natural hairline. It arrives pre-cut and pre-plucked with an average cap and adjustable straps, ready to wear the same day. Washed every 10-15 wears and stored on a stand, it lasts 12-18 months.',
   'wigs', '12 inch', 'Natural Black', 'Straight', 4.7, 213, false, false,
   '["100% Remy human hair","13x4 Swiss lace front with pre-plucked hairline","Pre-cut bob, ready to wear","Adjustable straps and three inner combs","Lasts 12-18 months with proper care"]'::jsonb,
   '[["Hair Type","100% Remy Human Hair"],["Cap Construction","13x4 lace front"],["Cap Size","Average (21.5-22.5 in), adjustable"],["Density","150%"],["Heat Styling","Up to 350°F with heat protectant"],["Care","Wash every 10-15 wears"],["Lifespan","12-18 months"]]'::jsonb,
   array['Length', 'Shade']::text[], 'active', 7),
  ('wig-2', 'Long Wavy Lace Wig',
   'Twenty-six inches of caramel brown body waves in 100% Remy human hair, on a 13x6 lace front with a deep free part. The fuller 180% density gives a glamorous look straight out of the box, and the waves spring back after washing. Washed every 10-15 wears, it lasts 12-18 months.',
   'wigs', '26 inch', 'Caramel Brown', 'Body Wave', 4.8, 167, false, false,
   '["100% Remy human hair in a natural body wave","13x6 HD lace front for a deep, free part","Full 180% density","Adjustable straps and inner combs","Lasts 12-18 months with proper care"]'::jsonb,
   '[["Hair Type","100% Remy Human Hair"],["Cap Construction","13x6 HD lace front"],["Cap Size","Average (21.5-22.5 in), adjustable"],["Density","180%"],["Heat Styling","Up to 350°F with heat protectant"],["Care","Wash every 10-15 wears"],["Lifespan","12-18 months"]]'::jsonb,
   array['Length', 'Shade']::text[], 'active', 8),
  ('wig-3', 'Luxury Full Lace Wig',
   'Our finest wig: 24 inches of silky straight platinum blonde in 100% Remy human hair, hand-tied strand by strand on a full lace cap. Because every hair is knotted to the lace, you can part it anywhere and wear high ponytails and updos. The hair is lightened to platinum, so it wants color-safe care; washed every 10-15 wears, it lasts 12-18 months.',
   'wigs', '24 inch', 'Platinum Blonde', 'Silky Straight', 5, 89, false, true,
   '["100% Remy human hair, hand-tied on full lace","Part anywhere and wear it up","Breathable lace cap for all-day comfort","Bleached knots and pre-plucked hairline","Lasts 12-18 months with proper care"]'::jsonb,
   '[["Hair Type","100% Remy Human Hair"],["Cap Construction","Full lace, hand-tied"],["Cap Size","Average (21.5-22.5 in), adjustable"],["Density","150%"],["Heat Styling","Up to 350°F with heat protectant"],["Care","Color-safe, sulfate-free shampoo; wash every 10-15 wears"],["Lifespan","12-18 months"]]'::jsonb,
   array['Length', 'Shade']::text[], 'active', 9),
  ('acc-1', 'Mulberry Silk Pillowcase',
   'A champagne pillowcase in 22 momme, 100% mulberry silk that lets hair glide instead of rubbing while you sleep. Less friction means less tangling and frizz for extensions, wigs and your own hair. Standard size with a hidden envelope closure.',
   'accessories', null, 'Champagne', null, 4.3, 412, false, true,
   '["100% grade 6A mulberry silk","Reduces friction, tangling and frizz overnight","Hidden envelope closure, no zip to snag hair","Gentle on skin and lash extensions too"]'::jsonb,
   '[["Material","100% Mulberry Silk"],["Weight","22 momme"],["Size","Standard, 20 x 26 in"],["Closure","Envelope"],["Care","Hand wash cold or delicate cycle in a mesh bag"]]'::jsonb,
   array['Shade']::text[], 'active', 10),
  ('acc-2', 'Boar Bristle Extension Brush',
   'A brush made for extensions and wigs: natural boar bristles smooth and add shine while nylon pins detangle without catching clips, tapes or wefts. Brush from the ends up, holding the hair above the bond. The matte black beechwood handle is comfortable for daily use.',
   'accessories', null, 'Black', null, 4.6, 538, false, false,
   '["Boar bristles for smoothing and shine","Ball-tipped nylon pins to detangle gently","Safe around clips, tapes and wig lace","Beechwood handle with a matte finish"]'::jsonb,
   '[["Bristles","Boar bristle with nylon pins"],["Handle","Beechwood, matte black"],["Length","9.5 in"],["Best For","Extensions, wigs and natural hair"],["Use","On dry hair or lightly damp wavy hair"]]'::jsonb,
   array['Shade']::text[], 'active', 11),
  ('acc-3', 'Heat Protectant Serum',
   'A lightweight, alcohol-free serum that coats human hair before blow-drying, curling or straightening. It helps hold in moisture and tames frizz, so extensions and wigs, which get no natural oils from the scalp, stay soft for longer. Use it every time you style, and keep your tools below 350°F.',
   'accessories', null, 'Clear', null, 4.2, 276, false, false,
   '["Alcohol-free, so it does not dry out hair","Safe for Remy extensions, wigs and natural hair","Light enough for fine hair, no greasy residue","Adds shine and tames frizz"]'::jsonb,
   '[["Volume","100 ml (3.4 fl oz)"],["Key Ingredients","Argan oil, hydrolyzed silk protein"],["Free From","Alcohol, parabens"],["Heat Styling","Keep tools below 350°F"],["Use","Apply to damp or dry hair, mid-lengths to ends; keep off tape bonds"]]'::jsonb,
   array['Shade']::text[], 'active', 12);

insert into public.product_variants (id, product_id, position, sku, option_values, price_cents, compare_at_cents, stock_on_hand) values
  ('clip-1', 'clip-1', 1, 'LS-CLIP-1', array['22 inch', 'Honey Blonde']::text[], 29900, 39900, null),
  ('clip-2', 'clip-2', 1, 'LS-CLIP-2', array['18 inch', 'Chocolate Brown']::text[], 24900, null, null),
  ('clip-3', 'clip-3', 1, 'LS-CLIP-3', array['20 inch', 'Jet Black']::text[], 18900, null, null),
  ('tape-1', 'tape-1', 1, 'LS-TAPE-1', array['20 inch', 'Ash Blonde']::text[], 32900, null, null),
  ('tape-2', 'tape-2', 1, 'LS-TAPE-2', array['24 inch', 'Dark Brown']::text[], 37900, null, null),
  ('tape-3', 'tape-3', 1, 'LS-TAPE-3', array['22 inch', 'Copper Red']::text[], 34900, null, null),
  ('wig-1', 'wig-1', 1, 'LS-WIG-1', array['12 inch', 'Natural Black']::text[], 44900, null, null),
  ('wig-2', 'wig-2', 1, 'LS-WIG-2', array['26 inch', 'Caramel Brown']::text[], 59900, null, 0),
  ('wig-3', 'wig-3', 1, 'LS-WIG-3', array['24 inch', 'Platinum Blonde']::text[], 69900, 89900, null),
  ('acc-1', 'acc-1', 1, 'LS-ACC-1', array['Champagne']::text[], 4900, 6900, null),
  ('acc-2', 'acc-2', 1, 'LS-ACC-2', array['Black']::text[], 2400, null, null),
  ('acc-3', 'acc-3', 1, 'LS-ACC-3', array['Clear']::text[], 3200, null, null);

insert into public.product_images (id, product_id, position, alt, width, height, widths, source) values
  ('product-clip-1-1', 'clip-1', 1, 'Honey blonde straight clip-in hair extensions', 960, 1200, array[320, 640, 960]::integer[], 'shipped'),
  ('product-clip-1-2', 'clip-1', 2, 'Honey blonde clip-in weft laid in a soft curve', 960, 1200, array[320, 640, 960]::integer[], 'shipped'),
  ('product-clip-1-3', 'clip-1', 3, 'Close-up of honey blonde straight hair', 960, 1200, array[320, 640, 960]::integer[], 'shipped'),
  ('product-clip-2-1', 'clip-2', 1, 'Chocolate brown body wave clip-in hair extensions', 960, 1200, array[320, 640, 960]::integer[], 'shipped'),
  ('product-clip-2-2', 'clip-2', 2, 'Chocolate brown body wave clip-in weft laid in a curve', 960, 1200, array[320, 640, 960]::integer[], 'shipped'),
  ('product-clip-3-1', 'clip-3', 1, 'Jet black straight halo hair extension', 960, 1200, array[320, 640, 960]::integer[], 'shipped'),
  ('product-clip-3-2', 'clip-3', 2, 'Jet black halo extension laid in a curve', 960, 1200, array[320, 640, 960]::integer[], 'shipped'),
  ('product-tape-1-1', 'tape-1', 1, 'Ash blonde straight tape-in hair extensions', 960, 1200, array[320, 640, 960]::integer[], 'shipped'),
  ('product-tape-1-2', 'tape-1', 2, 'Ash blonde tape-in wefts laid side by side', 960, 1200, array[320, 640, 960]::integer[], 'shipped'),
  ('product-tape-2-1', 'tape-2', 1, 'Dark brown silky straight tape-in hair extensions', 960, 1200, array[320, 640, 960]::integer[], 'shipped'),
  ('product-tape-3-1', 'tape-3', 1, 'Copper red balayage loose wave tape-in hair extensions', 960, 1200, array[320, 640, 960]::integer[], 'shipped'),
  ('product-wig-1-1', 'wig-1', 1, 'Natural black bob wig on a mannequin', 960, 1200, array[320, 640, 960]::integer[], 'shipped'),
  ('product-wig-1-2', 'wig-1', 2, 'Close-up of a natural black bob wig', 960, 1200, array[320, 640, 960]::integer[], 'shipped'),
  ('product-wig-1-3', 'wig-1', 3, 'Back view of a natural black bob wig', 960, 1200, array[320, 640, 960]::integer[], 'shipped'),
  ('product-wig-2-1', 'wig-2', 1, 'Caramel brown long wavy wig on a mannequin', 960, 1200, array[320, 640, 960]::integer[], 'shipped'),
  ('product-wig-2-2', 'wig-2', 2, 'Close-up of caramel brown waves', 960, 1200, array[320, 640, 960]::integer[], 'shipped'),
  ('product-wig-3-1', 'wig-3', 1, 'Platinum blonde long straight wig on a mannequin', 960, 1200, array[320, 640, 960]::integer[], 'shipped'),
  ('product-wig-3-2', 'wig-3', 2, 'Close-up of a platinum blonde long wig', 960, 1200, array[320, 640, 960]::integer[], 'shipped'),
  ('product-acc-1-1', 'acc-1', 1, 'Champagne silk pillowcase on a pillow', 960, 1200, array[320, 640, 960]::integer[], 'shipped'),
  ('product-acc-1-2', 'acc-1', 2, 'Close-up of champagne silk with a lock of honey blonde hair', 960, 1200, array[320, 640, 960]::integer[], 'shipped'),
  ('product-acc-2-1', 'acc-2', 1, 'Black boar bristle paddle brush', 960, 1200, array[320, 640, 960]::integer[], 'shipped'),
  ('product-acc-3-1', 'acc-3', 1, 'Clear bottle of heat protectant serum with a dropper', 960, 1200, array[320, 640, 960]::integer[], 'shipped');

-- ---------------------------------------------------------------------------------------------------
-- Carts and wishlists name variants and products of the catalogue (their ids are unchanged: see the top).

alter table public.cart_items drop constraint cart_items_product_id_fkey;
alter table public.cart_items
  add constraint cart_items_variant_fkey foreign key (product_id) references public.product_variants (id) on delete cascade;
comment on column public.cart_items.product_id is 'The variant in the cart (a one-variant product''s variant has the product''s id).';
alter table public.wishlist_items drop constraint wishlist_items_product_id_fkey;
alter table public.wishlist_items
  add constraint wishlist_items_product_fkey foreign key (product_id) references public.products (id) on delete cascade;

-- A variant a shopper may put in a cart: its product is active. Security definer: RLS would hide a draft anyway,
-- but a staff member's own cart must follow the shop's rule, not their wider view.
create function public.variant_on_sale(p_variant_id text)
returns table (in_stock boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select v.stock_on_hand is null or v.stock_on_hand > 0
  from public.product_variants as v
  join public.products as p on p.id = v.product_id
  where v.id = p_variant_id and p.status = 'active'
$$;

revoke execute on function public.variant_on_sale(text) from public, anon;
-- add_to_cart and merge_cart run as the member (security invoker) and ask it.
grant execute on function public.variant_on_sale(text) to authenticated;

create or replace function public.add_to_cart(p_product_id text, p_quantity integer)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_user_id uuid := auth.uid();
  v_previous integer;
  v_quantity integer;
  v_in_stock boolean;
begin
  if v_user_id is null then
    raise exception 'Sign in to keep a stored cart.' using errcode = '42501';
  end if;
  if p_quantity is null or p_quantity < 1 then
    raise exception 'Quantity must be a whole number from 1 to 99.' using errcode = 'LB003';
  end if;
  select in_stock into v_in_stock from public.variant_on_sale(p_product_id);
  if not found then
    raise exception 'Product not found.' using errcode = 'LB001';
  end if;
  if not v_in_stock then
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
    where line.quantity >= 1 and exists (select 1 from public.variant_on_sale(line.product_id))
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

create or replace function public.toggle_wishlist_item(p_product_id text)
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
  if not exists (select 1 from public.products where id = p_product_id and status = 'active') then
    raise exception 'Product not found.' using errcode = 'LB001';
  end if;
  insert into public.wishlist_items (user_id, product_id)
  values (v_user_id, p_product_id)
  on conflict (user_id, product_id) do nothing;
  return true;
end;
$$;

create or replace function public.merge_wishlist(p_product_ids jsonb)
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
  select distinct v_user_id, p.id
  from jsonb_array_elements_text(p_product_ids) as wished (product_id)
  join public.products as p on p.id = wished.product_id and p.status = 'active'
  on conflict (user_id, product_id) do nothing;

  return (
    select coalesce(jsonb_agg(product_id order by created_at desc, product_id), '[]'::jsonb)
    from public.wishlist_items
    where user_id = v_user_id
  );
end;
$$;

-- ---------------------------------------------------------------------------------------------------
-- An order keeps what was bought: the product's name, the variant's label and SKU, the price and the cover image as
-- they were when it was placed. product_id is the product; variant_id the variant (older lines: the same id).

alter table public.order_items
  add column variant_id text,
  add column product_name text,
  add column variant_label text,
  add column sku text,
  add column image jsonb;

update public.order_items as i
set variant_id = i.product_id,
    product_name = coalesce(p.name, i.product_id),
    sku = v.sku,
    image = (
      select jsonb_build_object('id', img.id, 'width', img.width, 'height', img.height, 'widths', to_jsonb(img.widths),
        'alt', img.alt, 'source', img.source)
      from public.product_images as img where img.product_id = i.product_id order by img.position limit 1
    )
from public.order_items as o
left join public.products as p on p.id = o.product_id
left join public.product_variants as v on v.id = o.product_id
where o.id = i.id;

alter table public.order_items
  alter column variant_id set not null,
  alter column product_name set not null,
  add constraint order_items_product_name_length check (char_length(product_name) between 1 and 200);

-- The cover image of a variant as an order line keeps it: the variant's own first image, else the product's.
create function public.variant_cover_json(p_variant_id text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object('id', img.id, 'width', img.width, 'height', img.height, 'widths', to_jsonb(img.widths),
    'alt', img.alt, 'source', img.source)
  from public.product_variants as v
  join public.product_images as img on img.product_id = v.product_id
  where v.id = p_variant_id
  order by (array_position(v.image_ids, img.id) is null), array_position(v.image_ids, img.id), img.position
  limit 1
$$;

revoke execute on function public.variant_cover_json(text) from public, anon, authenticated;

-- An order line as JSON: every column but the order's id, so a new column reaches every reader by itself.
create function public.order_line_json(p_item public.order_items)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select to_jsonb(p_item) - 'order_id' - 'line_number'
$$;

create or replace function public.order_json(p_order_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'id', o.id,
    'user_id', o.user_id,
    'status', o.status,
    'total_amount', o.total_amount,
    'shipping_method', o.shipping_method,
    'shipping_amount', o.shipping_amount,
    'currency', o.currency,
    'email', o.email,
    'shipping_address', o.shipping_address,
    'carrier', o.carrier,
    'tracking_number', o.tracking_number,
    'created_at', o.created_at,
    'order_items', coalesce((
      select jsonb_agg(public.order_line_json(i) order by i.line_number)
      from public.order_items as i
      where i.order_id = o.id
    ), '[]'::jsonb),
    'order_events', coalesce((
      select jsonb_agg(
        jsonb_build_object('created_at', e.created_at, 'from_status', e.from_status, 'to_status', e.to_status)
        order by e.created_at, e.id
      )
      from public.order_events as e
      where e.order_id = o.id and e.to_status is not null
    ), '[]'::jsonb)
  )
  from public.orders as o
  where o.id = p_order_id
$$;

-- ---------------------------------------------------------------------------------------------------
-- Stock.

-- After a count changes: the low-stock e-mail to the shop, once, when a tracked variant falls to its threshold;
-- rising above it again re-arms the alert. Called with the variant's row locked.
create function public.note_stock_level(p_variant_id text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v public.product_variants%rowtype;
  v_product public.products%rowtype;
begin
  select * into v from public.product_variants where id = p_variant_id;
  if v.stock_on_hand is null or v.low_stock_threshold is null then
    if v.low_stock_alerted then
      update public.product_variants set low_stock_alerted = false where id = p_variant_id;
    end if;
    return;
  end if;
  if v.stock_on_hand > v.low_stock_threshold then
    if v.low_stock_alerted then
      update public.product_variants set low_stock_alerted = false where id = p_variant_id;
    end if;
    return;
  end if;
  if v.low_stock_alerted then
    return;
  end if;
  select * into v_product from public.products where id = v.product_id;
  update public.product_variants set low_stock_alerted = true where id = p_variant_id;
  insert into public.outbox (kind, recipient, payload)
  select 'low_stock', r.email, jsonb_build_object(
    'product_id', v.product_id,
    'variant_id', v.id,
    'product_name', v_product.name,
    'variant_label', array_to_string(v.option_values, ' / '),
    'sku', v.sku,
    'stock_on_hand', v.stock_on_hand,
    'low_stock_threshold', v.low_stock_threshold
  )
  from public.order_notification_recipients as r;
end;
$$;

revoke execute on function public.note_stock_level(text) from public, anon, authenticated;

-- A cancelled order gives back what it took, once per line (staff's cancel, an expired card payment, a refund's
-- cancel: every path ends in this status change).
create function public.orders_return_stock()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_line record;
  v_from integer;
begin
  for v_line in
    select taken.variant_id, sum(taken.from_count - taken.to_count)::integer as units
    from public.stock_movements as taken
    where taken.order_id = new.id and taken.reason = 'order'
      and not exists (
        select 1 from public.stock_movements as back
        where back.order_id = new.id and back.variant_id = taken.variant_id and back.reason = 'cancellation'
      )
    group by taken.variant_id
    order by taken.variant_id
  loop
    select stock_on_hand into v_from from public.product_variants where id = v_line.variant_id for update;
    -- A variant no longer tracked (or deleted) has nothing to give back to.
    continue when not found or v_from is null;
    update public.product_variants set stock_on_hand = least(v_from + v_line.units, 1000000) where id = v_line.variant_id;
    insert into public.stock_movements (variant_id, from_count, to_count, reason, order_id, actor_id, actor_label)
    values (v_line.variant_id, v_from, least(v_from + v_line.units, 1000000), 'cancellation', new.id, auth.uid(),
      coalesce((select email from auth.users where id = auth.uid()), 'the shop'));
    perform public.note_stock_level(v_line.variant_id);
  end loop;
  return null;
end;
$$;

revoke execute on function public.orders_return_stock() from public, anon, authenticated;

create trigger orders_return_stock after update of status on public.orders
  for each row when (new.status = 'cancelled' and old.status is distinct from 'cancelled')
  execute function public.orders_return_stock();

-- ---------------------------------------------------------------------------------------------------
-- Placing an order: as before (decision 0028), but priced from the variants, refused for a draft or archived
-- product, and taking tracked stock in the order's transaction. A shortfall is LB002 with a message written for
-- the shopper (which item, how many are left); the cart is left as it was.

create or replace function public.place_order(p_items jsonb, p_shipping jsonb, p_email text, p_idempotency_key text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := auth.uid();
  v_order_id uuid;
  v_owner_id uuid;
  v_problem text;
  v_field text;
  v_new boolean := false;
  v_result jsonb;
  v_region text;
  v_method text;
  v_rate public.shipping_rates%rowtype;
  v_subtotal bigint;
  v_shipping integer;
  v_left integer;
  v_name text;
  v_take record;
begin
  if p_idempotency_key is null or char_length(p_idempotency_key) not between 16 and 200 then
    raise exception 'The order key must have 16 to 200 characters.' using errcode = 'LB004';
  end if;

  -- A member's cart turns into one order at a time: concurrent checkouts of one member take turns here, and a
  -- repeated key waiting its turn then finds the order the first one placed.
  if v_user_id is not null then
    perform pg_advisory_xact_lock(7310, hashtext(v_user_id::text));
  end if;

  -- A repeated key (double click, back and resubmit, a retried request) returns the first order.
  select id, user_id into v_order_id, v_owner_id from public.orders where idempotency_key = p_idempotency_key;

  if v_order_id is null then
    if jsonb_typeof(p_items) is distinct from 'array' or jsonb_array_length(p_items) not between 1 and 50 then
      raise exception 'An order needs 1 to 50 lines.' using errcode = 'LB004';
    end if;
    if exists (
      select 1 from jsonb_array_elements(p_items) as item
      where jsonb_typeof(item) is distinct from 'object'
         or jsonb_typeof(item -> 'product_id') is distinct from 'string'
         or jsonb_typeof(item -> 'quantity') is distinct from 'number'
    ) then
      raise exception 'Every order line needs a product_id and a quantity.' using errcode = 'LB004';
    end if;
    if exists (
      select 1 from jsonb_array_elements(p_items) as item
      where (item ->> 'quantity')::numeric not between 1 and 99 or (item ->> 'quantity')::numeric % 1 <> 0
    ) then
      raise exception 'Quantities must be whole numbers from 1 to 99.' using errcode = 'LB003';
    end if;
    if exists (
      select 1 from jsonb_array_elements(p_items) as item
      group by item ->> 'product_id' having count(*) > 1
    ) then
      raise exception 'Each product may appear only once in an order.' using errcode = 'LB004';
    end if;

    -- A member orders what their cart holds, exactly: an emptied cart (another session has just ordered it) or
    -- a changed one is refused, and the shopper is shown the cart as it is now. Its rows stay locked until the
    -- order commits, so an add to a line waits and lands in the next cart.
    if v_user_id is not null then
      perform 1 from public.cart_items where user_id = v_user_id for update;
      if exists (
        (
          select product_id, quantity from public.cart_items where user_id = v_user_id
          except
          select item ->> 'product_id', (item ->> 'quantity')::numeric::integer from jsonb_array_elements(p_items) as item
        )
        union all
        (
          select item ->> 'product_id', (item ->> 'quantity')::numeric::integer from jsonb_array_elements(p_items) as item
          except
          select product_id, quantity from public.cart_items where user_id = v_user_id
        )
      ) then
        raise exception 'Your cart has changed since this order was made up.' using errcode = 'LB007';
      end if;
    end if;

    -- The variants ordered, locked in one order (by id) until the order commits: two shoppers after the last unit
    -- take turns here, and the second finds it gone. A line's product_id names the variant (see the top).
    perform 1 from public.product_variants
    where id in (select item ->> 'product_id' from jsonb_array_elements(p_items) as item)
    order by id
    for update;

    select line.item ->> 'product_id' into v_problem
    from jsonb_array_elements(p_items) with ordinality as line (item, n)
    left join public.product_variants as v on v.id = line.item ->> 'product_id'
    left join public.products as p on p.id = v.product_id
    where p.id is null or p.status <> 'active'
    order by line.n
    limit 1;
    if v_problem is not null then
      raise exception 'Product not found: %', v_problem using errcode = 'LB001';
    end if;

    select line.item ->> 'product_id', v.stock_on_hand, p.name || coalesce(' (' || nullif(array_to_string(v.option_values, ' / '), '') || ')', '')
      into v_problem, v_left, v_name
    from jsonb_array_elements(p_items) with ordinality as line (item, n)
    join public.product_variants as v on v.id = line.item ->> 'product_id'
    join public.products as p on p.id = v.product_id
    where v.stock_on_hand is not null and v.stock_on_hand < (line.item ->> 'quantity')::numeric
    order by line.n
    limit 1;
    if v_problem is not null then
      if v_left = 0 then
        raise exception 'Sorry, % has just sold out. Please remove it from your cart to go on.', v_name
          using errcode = 'LB002', detail = v_problem;
      end if;
      raise exception 'Sorry, only % of % % left. Please lower the quantity in your cart to go on.',
        v_left, v_name, case when v_left = 1 then 'is' else 'are' end
        using errcode = 'LB002', detail = v_problem;
    end if;

    if jsonb_typeof(p_shipping) is distinct from 'object' then
      raise exception 'A shipping address is required.' using errcode = 'LB004';
    end if;
    foreach v_field in array array['firstName', 'lastName', 'phone', 'address', 'city', 'state', 'zipCode', 'country'] loop
      if jsonb_typeof(p_shipping -> v_field) is distinct from 'string'
         or char_length(btrim(p_shipping ->> v_field)) not between 1 and 200 then
        raise exception 'Shipping address field % is missing or too long.', v_field using errcode = 'LB004';
      end if;
    end loop;

    if p_email is null or char_length(btrim(p_email)) > 320 or btrim(p_email) !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
      raise exception 'A valid e-mail address is required.' using errcode = 'LB004';
    end if;

    -- Shipping: the method the shopper chose, priced here for the address's region.
    v_region := public.shipping_region(p_shipping ->> 'country');
    if (p_shipping ? 'method') and jsonb_typeof(p_shipping -> 'method') is distinct from 'string' then
      raise exception 'Please choose a shipping method.' using errcode = 'LB004';
    end if;
    v_method := coalesce(
      nullif(btrim(p_shipping ->> 'method'), ''),
      case v_region when 'us' then 'standard' else 'international' end
    );
    select * into v_rate from public.shipping_rates where method = v_method;
    if not found then
      raise exception 'Please choose a shipping method.' using errcode = 'LB004';
    end if;
    if v_rate.region <> v_region then
      if v_region = 'us' then
        raise exception 'International shipping is for addresses outside the United States.' using errcode = 'LB004';
      end if;
      raise exception 'This shipping method is for US addresses: please choose International shipping.' using errcode = 'LB004';
    end if;

    select sum(v.price_cents::bigint * (item ->> 'quantity')::numeric::integer) into v_subtotal
    from jsonb_array_elements(p_items) as item
    join public.product_variants as v on v.id = item ->> 'product_id';
    v_shipping := case
      when v_rate.free_from_cents is not null and v_subtotal >= v_rate.free_from_cents then 0
      else v_rate.amount_cents
    end;

    insert into public.orders (
      user_id, total_amount, shipping_method, shipping_amount, shipping_address, email, idempotency_key
    )
    values (
      v_user_id,
      v_subtotal + v_shipping,
      v_method,
      v_shipping,
      jsonb_build_object(
        'firstName', btrim(p_shipping ->> 'firstName'),
        'lastName', btrim(p_shipping ->> 'lastName'),
        'phone', btrim(p_shipping ->> 'phone'),
        'address', btrim(p_shipping ->> 'address'),
        'city', btrim(p_shipping ->> 'city'),
        'state', btrim(p_shipping ->> 'state'),
        'zipCode', btrim(p_shipping ->> 'zipCode'),
        'country', btrim(p_shipping ->> 'country')
      ),
      btrim(p_email),
      p_idempotency_key
    )
    on conflict (idempotency_key) do nothing
    returning id into v_order_id;

    if v_order_id is null then
      -- A concurrent submission of the same key committed first: answer with its order.
      select id, user_id into v_order_id, v_owner_id from public.orders where idempotency_key = p_idempotency_key;
    else
      v_owner_id := v_user_id;
      v_new := true;
      insert into public.order_items (
        order_id, line_number, product_id, variant_id, quantity, price_per_item, product_name, variant_label, sku, image
      )
      select v_order_id, line.n, v.product_id, v.id, (line.item ->> 'quantity')::numeric::integer, v.price_cents,
        p.name,
        -- Named only where the shopper chose: a one-variant product's line reads as it always has.
        case when (select count(*) from public.product_variants as other where other.product_id = v.product_id) > 1
          then array_to_string(v.option_values, ' / ') end,
        v.sku,
        public.variant_cover_json(v.id)
      from jsonb_array_elements(p_items) with ordinality as line (item, n)
      join public.product_variants as v on v.id = line.item ->> 'product_id'
      join public.products as p on p.id = v.product_id;
      -- The stock the order takes, in its transaction (the rows are locked above).
      for v_take in
        select v.id, v.stock_on_hand, (line.item ->> 'quantity')::numeric::integer as quantity
        from jsonb_array_elements(p_items) as line (item)
        join public.product_variants as v on v.id = line.item ->> 'product_id'
        where v.stock_on_hand is not null
        order by v.id
      loop
        update public.product_variants set stock_on_hand = v_take.stock_on_hand - v_take.quantity where id = v_take.id;
        insert into public.stock_movements (variant_id, from_count, to_count, reason, order_id, actor_id, actor_label)
        values (v_take.id, v_take.stock_on_hand, v_take.stock_on_hand - v_take.quantity, 'order', v_order_id, v_user_id,
          btrim(p_email));
        perform public.note_stock_level(v_take.id);
      end loop;
      -- The cart became this order: empty it with the order, in one commit.
      if v_user_id is not null then
        delete from public.cart_items where user_id = v_user_id;
      end if;
    end if;
  end if;

  if v_owner_id is distinct from v_user_id then
    raise exception 'This order key belongs to another order.' using errcode = 'LB005';
  end if;

  v_result := (
    select jsonb_build_object(
      'id', o.id,
      'user_id', o.user_id,
      'status', o.status,
      'total_amount', o.total_amount,
      'shipping_method', o.shipping_method,
      'shipping_amount', o.shipping_amount,
      'currency', o.currency,
      'email', o.email,
      'shipping_address', o.shipping_address,
      'created_at', o.created_at,
      'order_items', coalesce((
        select jsonb_agg(public.order_line_json(i) order by i.line_number)
        from public.order_items as i
        where i.order_id = o.id
      ), '[]'::jsonb)
    )
    from public.orders as o
    where o.id = v_order_id
  );

  -- The confirmation e-mail, in this transaction: the order and its message commit together or not at all.
  -- Written once, by the call that created the order (a repeated key sends nothing more).
  if v_new then
    insert into public.outbox (kind, recipient, payload)
    values ('order_confirmation', v_result ->> 'email', v_result);
  end if;

  return v_result;
end;
$$;

-- ---------------------------------------------------------------------------------------------------
-- The back office's writes. Each checks is_staff(); the label on the stock history is the staff member's address.

create function public.staff_label()
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_email text;
begin
  if not public.is_staff() then
    raise exception 'Staff only.' using errcode = '42501';
  end if;
  select email into v_email from auth.users where id = auth.uid();
  return coalesce(v_email, 'staff');
end;
$$;

revoke execute on function public.staff_label() from public, anon, authenticated;

-- Creates (p_expected_version null) or updates a product with its options, variants and images, in one transaction.
-- p_product: the products columns (snake_case), plus
--   images:   [{ id, alt }] in the order shown: images already stored for this product (uploads add them first);
--             the product's other images are removed;
--   variants: [{ id, sku, option_values, price_cents, compare_at_cents, track_stock, stock_on_hand,
--               low_stock_threshold, image_ids }] in the order shown; the product's other variants are removed.
--             stock_on_hand is read for a new variant, or when tracking starts; a tracked variant's count changes
--             only through staff_change_stock (with a reason), an order or a cancellation.
-- An edit from an older copy is refused (LB030); an id or SKU another product uses, LB031. Returns { id, version }.
create function public.staff_save_product(p_product jsonb, p_expected_version integer)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor text := public.staff_label();
  v_id text := p_product ->> 'id';
  v_current public.products%rowtype;
  v_version integer;
  v_option_count integer;
  v_variant jsonb;
  v_existing public.product_variants%rowtype;
  v_position integer := 0;
  v_stock integer;
  v_track boolean;
begin
  if jsonb_typeof(p_product) is distinct from 'object' or jsonb_typeof(p_product -> 'variants') is distinct from 'array'
     or jsonb_typeof(p_product -> 'images') is distinct from 'array' or jsonb_typeof(p_product -> 'option_names') is distinct from 'array' then
    raise exception 'A product needs its fields, options, variants and images.' using errcode = 'LB004';
  end if;
  if jsonb_array_length(p_product -> 'variants') not between 1 and 100 then
    raise exception 'A product needs 1 to 100 variants.' using errcode = 'LB004';
  end if;
  v_option_count := jsonb_array_length(p_product -> 'option_names');

  select * into v_current from public.products where id = v_id for update;
  if p_expected_version is null then
    if found then
      raise exception 'A product with the id "%" exists already: choose another.', v_id using errcode = 'LB031';
    end if;
  elsif not found then
    raise exception 'Product not found.' using errcode = 'LB001';
  elsif v_current.version <> p_expected_version then
    raise exception 'Someone else saved this product meanwhile. Reload it to see their changes, then make yours again.'
      using errcode = 'LB030';
  end if;

  if p_expected_version is null then
    insert into public.products (
      id, name, description, category, length, color, texture, rating, review_count, is_new, is_sale, features,
      specifications, option_names, status, featured_position
    ) values (
      v_id, btrim(p_product ->> 'name'), btrim(p_product ->> 'description'), p_product ->> 'category',
      nullif(btrim(p_product ->> 'length'), ''), btrim(p_product ->> 'color'), nullif(btrim(p_product ->> 'texture'), ''),
      coalesce((p_product ->> 'rating')::numeric, 0), coalesce((p_product ->> 'review_count')::integer, 0),
      coalesce((p_product ->> 'is_new')::boolean, false), coalesce((p_product ->> 'is_sale')::boolean, false),
      coalesce(p_product -> 'features', '[]'), coalesce(p_product -> 'specifications', '[]'),
      array(select jsonb_array_elements_text(p_product -> 'option_names')),
      coalesce(p_product ->> 'status', 'draft'),
      coalesce((p_product ->> 'featured_position')::integer,
        (select coalesce(max(featured_position), 0) + 1 from public.products))
    );
    v_version := 1;
  else
    update public.products set
      name = btrim(p_product ->> 'name'),
      description = btrim(p_product ->> 'description'),
      category = p_product ->> 'category',
      length = nullif(btrim(p_product ->> 'length'), ''),
      color = btrim(p_product ->> 'color'),
      texture = nullif(btrim(p_product ->> 'texture'), ''),
      rating = coalesce((p_product ->> 'rating')::numeric, rating),
      review_count = coalesce((p_product ->> 'review_count')::integer, review_count),
      is_new = coalesce((p_product ->> 'is_new')::boolean, false),
      is_sale = coalesce((p_product ->> 'is_sale')::boolean, false),
      features = coalesce(p_product -> 'features', '[]'),
      specifications = coalesce(p_product -> 'specifications', '[]'),
      option_names = array(select jsonb_array_elements_text(p_product -> 'option_names')),
      status = coalesce(p_product ->> 'status', status),
      featured_position = coalesce((p_product ->> 'featured_position')::integer, featured_position),
      version = version + 1
    where id = v_id
    returning version into v_version;
  end if;

  -- Images: the listed ones in their order, with their alt text; the rest go.
  if exists (
    select 1 from jsonb_array_elements(p_product -> 'images') as image
    where not exists (select 1 from public.product_images where id = image ->> 'id' and product_id = v_id)
  ) then
    raise exception 'An image of this product is missing: it may have been removed meanwhile. Reload the product.'
      using errcode = 'LB030';
  end if;
  delete from public.product_images
  where product_id = v_id and id not in (select image ->> 'id' from jsonb_array_elements(p_product -> 'images') as image);
  update public.product_images as img
  set position = listed.n, alt = btrim(listed.image ->> 'alt')
  from jsonb_array_elements(p_product -> 'images') with ordinality as listed (image, n)
  where img.id = listed.image ->> 'id' and img.product_id = v_id;

  -- Variants: the listed ones in their order; the rest go (a cart holding one loses that line).
  if exists (
    select 1 from jsonb_array_elements(p_product -> 'variants') as variant
    join public.product_variants as v on v.id = variant ->> 'id'
    where v.product_id <> v_id
  ) then
    raise exception 'A variant id is already used by another product: choose another.' using errcode = 'LB031';
  end if;
  delete from public.product_variants
  where product_id = v_id
    and id not in (select variant ->> 'id' from jsonb_array_elements(p_product -> 'variants') as variant);

  for v_variant in select value from jsonb_array_elements(p_product -> 'variants') loop
    v_position := v_position + 1;
    if jsonb_typeof(v_variant -> 'option_values') is distinct from 'array'
       or jsonb_array_length(v_variant -> 'option_values') <> v_option_count
       or exists (
         select 1 from jsonb_array_elements_text(v_variant -> 'option_values') as value
         where char_length(btrim(value)) not between 1 and 60
       ) then
      raise exception 'Variant %: give a value of 1 to 60 characters for every option.', v_position using errcode = 'LB004';
    end if;
    v_track := coalesce((v_variant ->> 'track_stock')::boolean, false);
    v_stock := (v_variant ->> 'stock_on_hand')::integer;
    if v_track and (v_stock is null or v_stock < 0) then
      v_stock := 0;
    end if;
    select * into v_existing from public.product_variants where id = v_variant ->> 'id' for update;
    if not found then
      insert into public.product_variants (
        id, product_id, position, sku, option_values, price_cents, compare_at_cents, stock_on_hand,
        low_stock_threshold, image_ids
      ) values (
        v_variant ->> 'id', v_id, v_position, btrim(v_variant ->> 'sku'),
        array(select btrim(value) from jsonb_array_elements_text(v_variant -> 'option_values') as value),
        (v_variant ->> 'price_cents')::integer, (v_variant ->> 'compare_at_cents')::integer,
        case when v_track then v_stock end, (v_variant ->> 'low_stock_threshold')::integer,
        array(select jsonb_array_elements_text(coalesce(v_variant -> 'image_ids', '[]')))
      );
      if v_track then
        insert into public.stock_movements (variant_id, from_count, to_count, reason, note, actor_id, actor_label)
        values (v_variant ->> 'id', null, v_stock, 'staff', 'New variant', auth.uid(), v_actor);
      end if;
    else
      update public.product_variants set
        position = v_position,
        sku = btrim(v_variant ->> 'sku'),
        option_values = array(select btrim(value) from jsonb_array_elements_text(v_variant -> 'option_values') as value),
        price_cents = (v_variant ->> 'price_cents')::integer,
        compare_at_cents = (v_variant ->> 'compare_at_cents')::integer,
        stock_on_hand = case
          when not v_track then null
          when v_existing.stock_on_hand is null then v_stock
          else v_existing.stock_on_hand
        end,
        low_stock_threshold = (v_variant ->> 'low_stock_threshold')::integer,
        image_ids = array(select jsonb_array_elements_text(coalesce(v_variant -> 'image_ids', '[]')))
      where id = v_existing.id;
      if v_track is distinct from (v_existing.stock_on_hand is not null) then
        insert into public.stock_movements (variant_id, from_count, to_count, reason, note, actor_id, actor_label)
        values (v_existing.id, v_existing.stock_on_hand, case when v_track then v_stock end, 'staff',
          case when v_track then 'Stock tracked from now on' else 'Stock no longer tracked' end, auth.uid(), v_actor);
      end if;
    end if;
    perform public.note_stock_level(v_variant ->> 'id');
  end loop;

  if exists (
    select 1 from public.product_variants where product_id = v_id group by option_values having count(*) > 1
  ) then
    raise exception 'Two variants have the same options: each choice must lead to one variant.' using errcode = 'LB004';
  end if;
  if exists (
    select 1 from public.product_variants as v, unnest(v.image_ids) as image_id
    where v.product_id = v_id and not exists (select 1 from public.product_images where id = image_id and product_id = v_id)
  ) then
    raise exception 'A variant shows an image this product does not have.' using errcode = 'LB004';
  end if;

  return jsonb_build_object('id', v_id, 'version', v_version);
end;
$$;

-- Sets (p_mode 'set') or adjusts (p_mode 'adjust', by a signed amount) a tracked variant's count, with a reason
-- kept in the stock history. p_expected_count is the count the staff member saw: when it has moved since (an order
-- took some), nothing changes and LB030 says so. Returns the new count.
create function public.staff_change_stock(
  p_variant_id text, p_mode text, p_amount integer, p_note text, p_expected_count integer
)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor text := public.staff_label();
  v_from integer;
  v_to integer;
begin
  if p_mode not in ('set', 'adjust') or p_amount is null then
    raise exception 'Say how many to set or add.' using errcode = 'LB004';
  end if;
  if p_note is null or char_length(btrim(p_note)) not between 1 and 500 then
    raise exception 'Give a reason for the change (up to 500 characters).' using errcode = 'LB004';
  end if;
  select stock_on_hand into v_from from public.product_variants where id = p_variant_id for update;
  if not found then
    raise exception 'Product not found.' using errcode = 'LB001';
  end if;
  if v_from is null then
    raise exception 'This variant''s stock is not tracked: turn tracking on in the product first.' using errcode = 'LB004';
  end if;
  if p_expected_count is not null and p_expected_count <> v_from then
    raise exception 'The count changed meanwhile (it is now %): check it and try again.', v_from using errcode = 'LB030';
  end if;
  v_to := case p_mode when 'set' then p_amount else v_from + p_amount end;
  if v_to not between 0 and 1000000 then
    raise exception 'Stock must stay between 0 and 1,000,000 (it is %).', v_from using errcode = 'LB004';
  end if;
  update public.product_variants set stock_on_hand = v_to where id = p_variant_id;
  insert into public.stock_movements (variant_id, from_count, to_count, reason, note, actor_id, actor_label)
  values (p_variant_id, v_from, v_to, 'staff', btrim(p_note), auth.uid(), v_actor);
  perform public.note_stock_level(p_variant_id);
  return v_to;
end;
$$;

revoke execute on function public.staff_save_product(jsonb, integer) from public, anon;
revoke execute on function public.staff_change_stock(text, text, integer, text, integer) from public, anon;
grant execute on function public.staff_save_product(jsonb, integer) to authenticated;
grant execute on function public.staff_change_stock(text, text, integer, text, integer) to authenticated;

-- ---------------------------------------------------------------------------------------------------
-- Reading the catalogue. Security invoker: row-level security decides, so the shop (anon) reads the active
-- catalogue and staff read every product.

-- One product as the app reads it: its fields, variants and images in their order.
create function public.catalogue_product_json(p public.products)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select to_jsonb(p) || jsonb_build_object(
    'variants', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', v.id, 'sku', v.sku, 'option_values', to_jsonb(v.option_values), 'price_cents', v.price_cents,
        'compare_at_cents', v.compare_at_cents, 'stock_on_hand', v.stock_on_hand,
        'low_stock_threshold', v.low_stock_threshold, 'image_ids', to_jsonb(v.image_ids)
      ) order by v.position, v.id)
      from public.product_variants as v where v.product_id = p.id
    ), '[]'::jsonb),
    'images', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', img.id, 'alt', img.alt, 'width', img.width, 'height', img.height, 'widths', to_jsonb(img.widths),
        'source', img.source
      ) order by img.position, img.id)
      from public.product_images as img where img.product_id = p.id
    ), '[]'::jsonb)
  )
$$;

-- The catalogue's version: it moves on with every change (see catalogue_state).
create function public.catalogue_version()
returns bigint
language sql
stable
security invoker
set search_path = ''
as $$
  select version from public.catalogue_state
$$;

-- One page of the catalogue in id order, after p_after (null: from the start), with the version it was read at;
-- an instance reads every page at start-up and again when the version moves.
create function public.catalogue_page(p_after text, p_limit integer)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'version', (select version from public.catalogue_state),
    'products', coalesce((
      select jsonb_agg(public.catalogue_product_json(p) order by p.id)
      from (
        select * from public.products as p
        where p_after is null or p.id > p_after
        order by p.id
        limit least(greatest(coalesce(p_limit, 500), 1), 1000)
      ) as p
    ), '[]'::jsonb)
  )
$$;

-- One product for the back office's editor (any status: row-level security shows staff every product), or null.
create function public.staff_product(p_id text)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'Staff only.' using errcode = '42501';
  end if;
  return (select public.catalogue_product_json(p) from public.products as p where p.id = p_id);
end;
$$;

-- A product's stock history, newest first.
create function public.staff_stock_history(p_product_id text, p_limit integer)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'Staff only.' using errcode = '42501';
  end if;
  return coalesce((
    select jsonb_agg(to_jsonb(m) order by m.id desc)
    from (
      select m.id, m.variant_id, v.sku, m.from_count, m.to_count, m.reason, m.note, m.order_id, m.actor_label,
        m.created_at
      from public.stock_movements as m
      join public.product_variants as v on v.id = m.variant_id
      where v.product_id = p_product_id
      order by m.id desc
      limit least(greatest(coalesce(p_limit, 50), 1), 500)
    ) as m
  ), '[]'::jsonb);
end;
$$;

revoke execute on function public.staff_product(text) from public, anon;
revoke execute on function public.staff_stock_history(text, integer) from public, anon;
grant execute on function public.staff_product(text) to authenticated;
grant execute on function public.staff_stock_history(text, integer) to authenticated;
grant execute on function public.catalogue_page(text, integer), public.catalogue_version(),
  public.catalogue_product_json(public.products) to anon, authenticated;

-- The old price list: every reader above now reads the variants.
drop table public.product_prices;
