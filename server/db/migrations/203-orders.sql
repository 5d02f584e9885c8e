-- Placed orders. order_id is the client-made idempotency key: a retry finds its row and gets the
-- stored reply. request_hash tells a retry from a different order reusing the key.
create sequence order_increment_seq start 1000;

create table orders (
  order_id text primary key,
  increment_id text not null unique,
  customer_id text,
  email text not null,
  status text not null,
  request_hash text not null,
  reply jsonb not null,
  doc jsonb not null,
  created_at timestamptz not null default now()
);

create index orders_customer on orders (customer_id, created_at desc) where customer_id is not null;

create index orders_email on orders (lower(email));

-- Coupon limits per e-mail count earlier orders with the coupon.
create index orders_coupon_email on orders ((doc->>'coupon_code'), lower(email)) where doc->>'coupon_code' is not null;

create table order_status_history (
  id bigserial primary key,
  order_id text not null references orders (order_id) on delete cascade,
  status text not null,
  comment text,
  created_at timestamptz not null default now()
);

create index order_status_history_order on order_status_history (order_id, created_at);
