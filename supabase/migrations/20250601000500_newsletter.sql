-- Newsletter addresses: written only through subscribe_to_newsletter, read by nobody through the API
-- (row-level security on, no policies, no privileges for anon or authenticated).

create table public.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  email text not null check (char_length(email) <= 320 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  created_at timestamptz not null default now()
);

create unique index newsletter_subscribers_email_key on public.newsletter_subscribers (lower(email));

alter table public.newsletter_subscribers enable row level security;
revoke all on table public.newsletter_subscribers from anon, authenticated;

-- Subscribing twice is not an error, and says nothing about whether the address was already there.
create function public.subscribe_to_newsletter(p_email text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_email is null or char_length(btrim(p_email)) > 320 or btrim(p_email) !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'Please enter a valid e-mail address.' using errcode = 'LB004';
  end if;
  insert into public.newsletter_subscribers (email)
  values (btrim(p_email))
  on conflict ((lower(email))) do nothing;
end;
$$;

revoke execute on function public.subscribe_to_newsletter(text) from public, anon, authenticated;
grant execute on function public.subscribe_to_newsletter(text) to anon, authenticated;
