-- Order ids a device withdrew: the shopper cancelled an order queued on the device ("Order waiting!")
-- while the shop had not received it. A send of that order still on its way is refused when it
-- arrives (server/order/withdraw-order.ts), so a cancelled order never turns up later.
create table withdrawn_orders (
  order_id text primary key,
  withdrawn_at timestamptz not null default now()
);
