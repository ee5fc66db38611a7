-- A capped message (20261127000110: past the per-recipient cap, kept but never sent) carries no secret. Triggers
-- run in name order, so the guest-link trigger runs after the cap's: it must not give a capped message a token.
create or replace function public.outbox_issue_guest_link()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_token text;
  v_order_id uuid;
begin
  if new.capped or new.secret is not null or new.payload ->> 'user_id' is not null or new.payload ->> 'id' is null then
    return new;
  end if;
  v_order_id := (new.payload ->> 'id')::uuid;
  v_token := public.new_link_token();
  update public.orders set guest_token_hash = public.hash_link_token(v_token)
  where id = v_order_id and user_id is null and guest_token_hash is null;
  if found then
    new.secret := v_token;
  end if;
  return new;
end;
$$;
