-- Pick ticks (server/admin/order-picks.ts): the units of each order line taken from the shelf so far,
-- shared by every tablet. One row per order and sku, counted up by each tick.
create table order_picks (
  order_id text not null references orders (order_id) on delete cascade,
  sku text not null,
  picked integer not null check (picked >= 0),
  updated_at timestamptz not null default now(),
  primary key (order_id, sku)
);
