-- Per-recipient caps on the e-mails that anyone can make the shop send to any address (decision 0027): a guest
-- order's confirmation, an address confirmation or "someone tried to sign up with your address", a password reset,
-- a newsletter confirmation. Counted here, in the database, where every instance writes its messages, at the moment a
-- message is written. A message past its cap is not refused (the order, sign-up or subscription it belongs to stands):
-- it is kept, marked `capped`, and given up at once with the reason, so nothing sends it and support can see it.

alter table public.outbox add column capped boolean not null default false;

create index outbox_recipient_recent_idx on public.outbox (lower(recipient), created_at);

-- The cap group of a message, or null when it is not capped: a member's order confirmation, the newsletter's
-- welcome (sent because its recipient followed the link) and anything a signed-in member did for themself.
create function public.outbox_cap_group(p_kind text, p_payload jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when p_kind = 'order_confirmation' and p_payload ->> 'user_id' is null then 'guest_order'
    when p_kind in ('confirm_signup', 'account_exists') then 'sign_up'
    when p_kind = 'password_reset' then 'password_reset'
    when p_kind = 'newsletter_confirmation' then 'newsletter'
  end
$$;

-- At most this many messages of a group to one address in any hour.
create function public.outbox_cap_per_hour(p_group text)
returns integer
language sql
immutable
set search_path = ''
as $$
  select case p_group when 'guest_order' then 5 else 3 end
$$;

create function public.outbox_cap_recipient()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_group text := public.outbox_cap_group(new.kind, new.payload);
  v_cap integer;
begin
  if v_group is null then
    return new;
  end if;
  v_cap := public.outbox_cap_per_hour(v_group);
  -- Two instances writing to one address at once must not both pass the count.
  perform pg_advisory_xact_lock(7311, hashtext(lower(new.recipient)));
  if (
    select count(*) from public.outbox as o
    where lower(o.recipient) = lower(new.recipient)
      and o.created_at > now() - interval '1 hour'
      and not o.capped
      and public.outbox_cap_group(o.kind, o.payload) = v_group
  ) >= v_cap then
    new.capped := true;
    new.failed_at := now();
    new.secret := null;
    new.last_error := pg_catalog.format(
      'Not sent: %s messages of this kind went to this address in the last hour (per-recipient cap).', v_cap
    );
  end if;
  return new;
end;
$$;

revoke execute on function public.outbox_cap_group(text, jsonb) from public, anon, authenticated;
revoke execute on function public.outbox_cap_per_hour(text) from public, anon, authenticated;
revoke execute on function public.outbox_cap_recipient() from public, anon, authenticated;

create trigger outbox_cap_recipient
  before insert on public.outbox
  for each row execute function public.outbox_cap_recipient();
