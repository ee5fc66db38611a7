-- Shipping rates edited in the back office (issue 38; docs/decisions/0039-shipping-rates-in-the-back-office.md).
-- public.shipping_rates is the only price list of shipping: place_order charges from it, and every instance reads
-- it with the catalogue (its trigger shipping_rates_changed moves catalogue_state.version), so the shipping page,
-- the FAQ and the checkout show what place_order charges. The methods stay the spec's four; staff change their
-- amounts and Standard's free-shipping threshold, through staff_save_shipping_rates only.

-- Every save moves the rates' version on (all four rows together): a save made from an older copy is refused
-- (LB030), as a product's is. Who saved last, for the back office's "last saved by".
alter table public.shipping_rates
  add column version integer not null default 1,
  add column updated_by uuid references auth.users (id) on delete set null,
  add column updated_by_label text;

-- Sane amounts (app/modules/admin/shipping-rates.ts says the same): a method costs $0.00 to $1,000.00; the
-- threshold is $1.00 to $100,000.00, and only Standard has one.
alter table public.shipping_rates
  add constraint shipping_rates_amount_bounded check (amount_cents <= 100000),
  add constraint shipping_rates_free_from_bounded check (free_from_cents between 100 and 10000000),
  add constraint shipping_rates_free_from_standard_only check (free_from_cents is null or method = 'standard');

-- Who saved is for staff: the shop (anon) and members read every column but those two.
revoke select on table public.shipping_rates from anon, authenticated;
grant select (method, region, amount_cents, free_from_cents, updated_at, version)
  on table public.shipping_rates to anon, authenticated;

-- The rates as the shop reads them with its catalogue: { version, rates: [{ method, region, amount_cents,
-- free_from_cents }] } in the shipping page's order. Security invoker: everyone may read them.
create function public.shipping_rates_json()
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'version', coalesce(max(r.version), 0),
    'rates', coalesce(jsonb_agg(jsonb_build_object(
      'method', r.method, 'region', r.region, 'amount_cents', r.amount_cents, 'free_from_cents', r.free_from_cents
    ) order by array_position(array['standard', 'express', 'overnight', 'international'], r.method)), '[]'::jsonb)
  )
  from public.shipping_rates as r
$$;

-- The same for the back office's form, with when and by whom they were last saved (null: never since the seed).
create function public.staff_shipping_rates()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_last public.shipping_rates%rowtype;
begin
  if not public.is_staff() then
    raise exception 'Staff only.' using errcode = '42501';
  end if;
  select * into v_last from public.shipping_rates order by updated_at desc, method limit 1;
  return public.shipping_rates_json() || jsonb_build_object(
    'updated_at', v_last.updated_at,
    'updated_by', v_last.updated_by_label
  );
end;
$$;

-- Saves every method's amount (p_amounts: { standard, express, overnight, international } in cents) and Standard's
-- free-shipping threshold, in one statement each, staff only. p_expected_version is the version the form was drawn
-- from: when someone saved since, nothing changes and LB030 says so. Returns the rates as staff_shipping_rates.
create function public.staff_save_shipping_rates(p_amounts jsonb, p_free_from_cents integer, p_expected_version integer)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor text := public.staff_label();
  v_version integer;
  v_method text;
  v_amount jsonb;
begin
  if jsonb_typeof(p_amounts) is distinct from 'object' then
    raise exception 'Give an amount for every shipping method.' using errcode = 'LB004';
  end if;
  for v_method in select method from public.shipping_rates loop
    v_amount := p_amounts -> v_method;
    if jsonb_typeof(v_amount) is distinct from 'number' or v_amount::numeric <> trunc(v_amount::numeric)
       or v_amount::numeric not between 0 and 100000 then
      raise exception 'Give % an amount from $0.00 to $1,000.00, in cents.', v_method using errcode = 'LB004';
    end if;
  end loop;
  if exists (select 1 from jsonb_object_keys(p_amounts) as k where k not in (select method from public.shipping_rates)) then
    raise exception 'Only the shop''s shipping methods have rates.' using errcode = 'LB004';
  end if;
  if p_free_from_cents is null or p_free_from_cents not between 100 and 10000000 then
    raise exception 'Give the free-shipping threshold from $1.00 to $100,000.00.' using errcode = 'LB004';
  end if;

  -- Every row locked, so two saves at once are one after the other and the second sees the first's version.
  perform 1 from public.shipping_rates order by method for update;
  select max(version) into v_version from public.shipping_rates;
  if p_expected_version is null or v_version <> p_expected_version then
    raise exception 'Someone else saved the shipping rates meanwhile. Their rates are shown beside yours: check them, then save again.'
      using errcode = 'LB030';
  end if;

  update public.shipping_rates
  set amount_cents = (p_amounts ->> method)::integer,
      free_from_cents = case when method = 'standard' then p_free_from_cents end,
      version = v_version + 1,
      updated_by = auth.uid(),
      updated_by_label = v_actor;
  return public.staff_shipping_rates();
end;
$$;

revoke execute on function public.staff_save_shipping_rates(jsonb, integer, integer) from public, anon;
revoke execute on function public.staff_shipping_rates() from public, anon;
grant execute on function public.staff_save_shipping_rates(jsonb, integer, integer) to authenticated;
grant execute on function public.staff_shipping_rates() to authenticated;
grant execute on function public.shipping_rates_json() to anon, authenticated;
