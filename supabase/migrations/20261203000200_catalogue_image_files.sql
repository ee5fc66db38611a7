-- Photos uploaded in the back office (issue 38, decision 0038): the AVIF and WebP renditions the shop made of each
-- upload, stored in the database every instance reads (embedded, PostgreSQL and Supabase alike), and served by the shop
-- under /catalogue-images/<image id>-<width>.<format>. The image id ends in a hash of the renditions, so a URL
-- always names the same bytes and may be cached for good.
--
-- Writes go through the staff_* functions below (is_staff() checked, the product's version respected as
-- staff_save_product does: LB030 for an edit from an older copy); each bumps the product's version and, through
-- product_images' trigger, the catalogue's, so every instance reads the change within seconds.

create table public.catalogue_image_files (
  image_id text not null check (image_id ~ '^[a-z0-9][a-z0-9-]{0,99}$'),
  width integer not null check (width between 1 and 20000),
  format text not null check (format in ('avif', 'webp')),
  -- A rendition is at most a few hundred kilobytes (960 px wide at most); 5 MB is far more than any.
  bytes bytea not null check (octet_length(bytes) between 1 and 5242880),
  created_at timestamptz not null default now(),
  primary key (image_id, width, format)
);

-- No policy and no grant: only the functions below read or write it.
alter table public.catalogue_image_files enable row level security;
revoke all on table public.catalogue_image_files from public, anon, authenticated;

-- An order line keeps its cover image (order_items.image): an uploaded photo's files stay while a line shows them.
create index order_items_uploaded_image on public.order_items ((image ->> 'id')) where image ->> 'source' = 'upload';

-- A removed image's files go, unless an order line still shows it (however the row went: a staff function below,
-- staff_save_product leaving it out, or its product deleted).
create function public.forget_catalogue_image_files()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.source = 'upload' and not exists (
    select 1 from public.order_items where image ->> 'source' = 'upload' and image ->> 'id' = old.id
  ) then
    delete from public.catalogue_image_files where image_id = old.id;
  end if;
  return null;
end;
$$;

revoke execute on function public.forget_catalogue_image_files() from public, anon, authenticated;

create trigger product_images_forget_files after delete on public.product_images
  for each row execute function public.forget_catalogue_image_files();

-- The product a staff function changes, locked, at the version the staff member saw; raises as staff_save_product.
create function public.staff_lock_product(p_product_id text, p_expected_version integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_version integer;
begin
  if not public.is_staff() then
    raise exception 'Staff only.' using errcode = '42501';
  end if;
  select version into v_version from public.products where id = p_product_id for update;
  if not found then
    raise exception 'Product not found.' using errcode = 'LB001';
  end if;
  if p_expected_version is null or v_version <> p_expected_version then
    raise exception 'Someone else changed this product meanwhile. Here it is as it is now: make your change again.'
      using errcode = 'LB030';
  end if;
end;
$$;

revoke execute on function public.staff_lock_product(text, integer) from public, anon, authenticated;

-- The product's images numbered 1, 2, ... in their order, and its version moved on. Returns the new version.
create function public.staff_images_changed(p_product_id text)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_version integer;
begin
  update public.product_images as img
  set position = numbered.n
  from (
    select id, row_number() over (order by position, id) as n from public.product_images where product_id = p_product_id
  ) as numbered
  where img.id = numbered.id and img.position <> numbered.n;
  update public.products set version = version + 1, updated_at = now() where id = p_product_id
  returning version into v_version;
  return v_version;
end;
$$;

revoke execute on function public.staff_images_changed(text) from public, anon, authenticated;

-- Adds an uploaded photo at the end of the product's photos, with its renditions.
-- p_image: { id, alt, width, height, widths: [320, ...], files: [{ width, format, data (base64) }] }, one file per
-- width and format. Returns { id, version }.
create function public.staff_add_product_image(p_product_id text, p_expected_version integer, p_image jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id text := p_image ->> 'id';
  v_widths integer[];
  v_version integer;
begin
  perform public.staff_lock_product(p_product_id, p_expected_version);
  if jsonb_typeof(p_image) is distinct from 'object' or jsonb_typeof(p_image -> 'widths') is distinct from 'array'
     or jsonb_typeof(p_image -> 'files') is distinct from 'array' or v_id is null
     or left(v_id, char_length(p_product_id) + 1) <> p_product_id || '-' then
    raise exception 'A photo needs its id, sizes and files.' using errcode = 'LB004';
  end if;
  if char_length(btrim(coalesce(p_image ->> 'alt', ''))) not between 1 and 200 then
    raise exception 'Describe the photo in 1 to 200 characters.' using errcode = 'LB004';
  end if;
  v_widths := array(select value::integer from jsonb_array_elements_text(p_image -> 'widths') as value);
  if jsonb_array_length(p_image -> 'files') <> 2 * cardinality(v_widths) or exists (
    select 1 from jsonb_array_elements(p_image -> 'files') as file
    where not ((file ->> 'width')::integer = any (v_widths)) or file ->> 'format' not in ('avif', 'webp')
  ) then
    raise exception 'A photo needs an AVIF and a WebP file at each of its widths.' using errcode = 'LB004';
  end if;
  if (select count(*) from public.product_images where product_id = p_product_id) >= 20 then
    raise exception 'A product can have at most 20 photos: remove one first.' using errcode = 'LB004';
  end if;
  if exists (select 1 from public.product_images where id = v_id) then
    raise exception 'This photo is already one of the product''s photos.' using errcode = 'LB031';
  end if;

  -- Files an order line kept from an earlier upload of the same photo are the same bytes (the id is their hash).
  insert into public.catalogue_image_files (image_id, width, format, bytes)
  select v_id, (file ->> 'width')::integer, file ->> 'format', decode(file ->> 'data', 'base64')
  from jsonb_array_elements(p_image -> 'files') as file
  on conflict (image_id, width, format) do nothing;
  insert into public.product_images (id, product_id, position, alt, width, height, widths, source)
  values (
    v_id, p_product_id,
    (select coalesce(max(position), 0) + 1 from public.product_images where product_id = p_product_id),
    btrim(p_image ->> 'alt'), (p_image ->> 'width')::integer, (p_image ->> 'height')::integer, v_widths, 'upload'
  );
  v_version := public.staff_images_changed(p_product_id);
  return jsonb_build_object('id', v_id, 'version', v_version);
end;
$$;

-- Moves a photo one place earlier (p_offset -1) or later (+1). Returns the product's new version.
create function public.staff_move_product_image(
  p_product_id text, p_expected_version integer, p_image_id text, p_offset integer
)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_ids text[];
  v_at integer;
begin
  perform public.staff_lock_product(p_product_id, p_expected_version);
  if p_offset is null or p_offset not in (-1, 1) then
    raise exception 'A photo moves one place up or down.' using errcode = 'LB004';
  end if;
  v_ids := array(select id from public.product_images where product_id = p_product_id order by position, id);
  v_at := array_position(v_ids, p_image_id);
  if v_at is null then
    raise exception 'Product not found.' using errcode = 'LB001';
  end if;
  if v_at + p_offset between 1 and cardinality(v_ids) then
    update public.product_images
    set position = case id when p_image_id then v_at + p_offset else v_at end
    where id in (p_image_id, v_ids[v_at + p_offset]);
  end if;
  return public.staff_images_changed(p_product_id);
end;
$$;

-- Removes a photo from the product (and from any variant that showed it). Returns the product's new version.
create function public.staff_remove_product_image(p_product_id text, p_expected_version integer, p_image_id text)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.staff_lock_product(p_product_id, p_expected_version);
  delete from public.product_images where id = p_image_id and product_id = p_product_id;
  if not found then
    raise exception 'Product not found.' using errcode = 'LB001';
  end if;
  update public.product_variants set image_ids = array_remove(image_ids, p_image_id)
  where product_id = p_product_id and p_image_id = any (image_ids);
  return public.staff_images_changed(p_product_id);
end;
$$;

revoke execute on function public.staff_add_product_image(text, integer, jsonb) from public, anon;
revoke execute on function public.staff_move_product_image(text, integer, text, integer) from public, anon;
revoke execute on function public.staff_remove_product_image(text, integer, text) from public, anon;
grant execute on function public.staff_add_product_image(text, integer, jsonb) to authenticated;
grant execute on function public.staff_move_product_image(text, integer, text, integer) to authenticated;
grant execute on function public.staff_remove_product_image(text, integer, text) to authenticated;

-- One rendition, base64 (the same text through SQL and PostgREST), or null. Anyone may read it: the URL is the
-- photo's hash, as a public Storage bucket's would be, and the shop serves it to every visitor.
create function public.catalogue_image_file(p_image_id text, p_width integer, p_format text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select encode(bytes, 'base64') from public.catalogue_image_files
  where image_id = p_image_id and width = p_width and format = p_format
$$;

revoke execute on function public.catalogue_image_file(text, integer, text) from public;
grant execute on function public.catalogue_image_file(text, integer, text) to anon, authenticated;
