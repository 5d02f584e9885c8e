-- Order operations: the shop owner's API tokens, the order feed's checkpoint, and the webhook outbox.

-- Admin API tokens (`npm run admin:token`): only a SHA-256 digest of each token is kept.
create table admin_tokens (
  id bigint generated always as identity primary key,
  name text not null,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);

-- Every change of an order takes the next number, at the end of its transaction under the order-feed
-- lock (server/order/order-changes.ts), so numbers become visible in order: an ERP pulling the feed
-- with "after N" never skips a change.
create sequence order_change_seq;

alter table orders add column change_seq bigint;

alter table orders add column updated_at timestamptz;

update orders o set change_seq = r.n, updated_at = o.created_at from (select order_id, row_number() over (order by created_at, order_id) as n from orders) r where o.order_id = r.order_id;

select setval('order_change_seq', (select coalesce(max(change_seq), 0) + 1 from orders), false);

create unique index orders_change_seq on orders (change_seq);

create index orders_status_created on orders (status, created_at desc);

-- Status history entries carry the shipment of a "shipped" change and who made it.
alter table order_status_history add column carrier text;

alter table order_status_history add column tracking_number text;

-- Webhook endpoints (URL, signing secret, which event types; all when null).
create table webhook_endpoints (
  id bigint generated always as identity primary key,
  url text not null,
  secret text not null,
  event_types text[],
  description text,
  created_at timestamptz not null default now(),
  disabled_at timestamptz
);

-- The transactional outbox: an event is written in the transaction that makes it true; its id is
-- what receivers de-duplicate on.
create table webhook_events (
  id text primary key,
  type text not null,
  data jsonb not null,
  created_at timestamptz not null default now()
);

-- One delivery per event and endpoint, claimed by one process at a time (for update skip locked).
create table webhook_deliveries (
  id bigint generated always as identity primary key,
  event_id text not null references webhook_events (id) on delete cascade,
  endpoint_id bigint not null references webhook_endpoints (id) on delete cascade,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  delivered_at timestamptz,
  failed_at timestamptz,
  last_status integer,
  last_error text,
  unique (event_id, endpoint_id)
);

create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where delivered_at is null and failed_at is null;
