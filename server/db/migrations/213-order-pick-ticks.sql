-- Each pick tick a tablet sent with its own id (server/admin/order-picks.ts): a tick sent again is
-- answered with the picks as they are and counted once, however late it comes (the Idempotency-Key
-- reply is kept for 24 hours only; a tablet may be offline for longer with a reply it never got).
create table order_pick_ticks (
  tick_id text primary key,
  order_id text not null references orders (order_id) on delete cascade,
  sku text not null,
  quantity integer not null check (quantity > 0),
  created_at timestamptz not null default now()
);

create index order_pick_ticks_order on order_pick_ticks (order_id);
