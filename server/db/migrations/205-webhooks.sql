-- Webhook delivery: a claim stamp, so a process whose lease ran out (it was killed, or stalled past
-- the lease) cannot overwrite the outcome of the process that claimed the delivery after it; and
-- when the last attempt was made, for the admin list.
alter table webhook_deliveries add column claim_id text;

alter table webhook_deliveries add column last_attempt_at timestamptz;

-- The admin list filters by endpoint, newest first.
create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, id desc);
