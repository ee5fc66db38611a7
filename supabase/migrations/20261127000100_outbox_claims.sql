-- Outbox claims that a slow mail server cannot outlast (docs/decisions/0016-email-outbox.md, 0027): every claim
-- carries a token of its own, the sender renews its lease while the SMTP conversation runs, and only the holder of
-- the current claim may renew or finish the message. A sender that is alive therefore never loses a message to
-- another one, however long a send takes; one that died stops renewing, and its message is due again as soon as
-- the short lease it took runs out (the sender asks for 30 s).

alter table public.outbox add column claim_token uuid;

-- As before (SKIP LOCKED, oldest due first), and each claimed row gets a new token: the claim's name.
create or replace function public.claim_outbox(p_limit integer, p_lease_seconds integer)
returns setof public.outbox
language sql
security definer
set search_path = ''
as $$
  update public.outbox as o
  set claimed_until = now() + make_interval(secs => greatest(p_lease_seconds, 1)),
      attempts = o.attempts + 1,
      claim_token = gen_random_uuid()
  where o.id in (
    select d.id from public.outbox as d
    where d.sent_at is null and d.failed_at is null and d.next_attempt_at <= now()
      and (d.claimed_until is null or d.claimed_until <= now())
    order by d.next_attempt_at, d.created_at
    limit least(greatest(p_limit, 1), 100)
    for update skip locked
  )
  returning o.*;
$$;

-- Extends a claim that is still the message's current one. False when it is not (the lease ran out and another
-- sender claimed the message, or it was finished): the caller then holds nothing.
create function public.renew_outbox_claim(p_id uuid, p_claim_token uuid, p_lease_seconds integer)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.outbox
  set claimed_until = now() + make_interval(secs => greatest(p_lease_seconds, 1))
  where id = p_id and claim_token = p_claim_token and sent_at is null and failed_at is null;
  return found;
end;
$$;

-- finish_outbox for the holder of a claim: sent, retry at p_retry_at, or failed. False (and nothing changes) when
-- p_claim_token is no longer the message's claim: another sender holds it now and will finish it itself.
create function public.finish_outbox_claim(p_id uuid, p_claim_token uuid, p_outcome text, p_error text, p_retry_at timestamptz)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_outcome = 'sent' then
    update public.outbox set sent_at = now(), secret = null, claimed_until = null, claim_token = null, last_error = null
    where id = p_id and claim_token = p_claim_token and sent_at is null and failed_at is null;
  elsif p_outcome = 'retry' then
    update public.outbox set next_attempt_at = p_retry_at, claimed_until = null, claim_token = null, last_error = left(p_error, 2000)
    where id = p_id and claim_token = p_claim_token and sent_at is null and failed_at is null;
  elsif p_outcome = 'failed' then
    update public.outbox set failed_at = now(), secret = null, claimed_until = null, claim_token = null, last_error = left(p_error, 2000)
    where id = p_id and claim_token = p_claim_token and sent_at is null and failed_at is null;
  else
    raise exception 'Unknown outcome %', p_outcome using errcode = 'LB004';
  end if;
  return found;
end;
$$;

revoke execute on function public.renew_outbox_claim(uuid, uuid, integer) from public, anon, authenticated;
revoke execute on function public.finish_outbox_claim(uuid, uuid, text, text, timestamptz) from public, anon, authenticated;

do $$
begin
  if exists (select 1 from pg_catalog.pg_roles where rolname = 'service_role') then
    grant execute on function public.renew_outbox_claim(uuid, uuid, integer) to service_role;
    grant execute on function public.finish_outbox_claim(uuid, uuid, text, text, timestamptz) to service_role;
  end if;
end;
$$;
