-- Cart sync with several writers (two devices on one account). `version` counts the cart's changes,
-- so a device can tell its copy is stale; `open_cart_id` is the cart an order left its untaken lines
-- in, so a device holding the converted cart's id finds them.
alter table carts add column version bigint not null default 0;

alter table carts add column open_cart_id text;

-- Each shopper's change (add n, set to n, remove) carries an id; one sent again is not applied twice,
-- whichever cart it names then (its line may have moved to the order's open cart meanwhile).
create table cart_ops (
  op_id text primary key,
  cart_id text not null,
  created_at timestamptz not null default now()
);
