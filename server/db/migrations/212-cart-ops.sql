-- Cart sync with several writers (two devices on one account, POST /api/cart/apply): each shopper's
-- change (add n, set to n, remove) carries an id; one sent again is not applied twice, whichever
-- cart it names then (its line may have moved to the customer's next open cart meanwhile).
create table cart_ops (
  op_id text primary key,
  cart_id text not null,
  created_at timestamptz not null default now()
);

create index cart_ops_created_at on cart_ops (created_at);
