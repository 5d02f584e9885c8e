-- Server carts. The id is a random 32-hex secret: a guest cart is used by whoever holds it,
-- a customer cart (customer_id set) only by that customer. An order marks its cart converted.
create table carts (
  id text primary key,
  customer_id text,
  coupon_code text,
  shipping jsonb,
  converted_order_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- One active cart per customer; parallel create calls meet here.
create unique index carts_active_customer on carts (customer_id) where customer_id is not null and converted_order_id is null;

-- Cart lines. A line is one sku with one set of chosen options (checksum), so a repeated add
-- of the same thing updates the line instead of making a second one.
create table cart_items (
  item_id bigserial primary key,
  cart_id text not null references carts (id) on delete cascade,
  sku text not null,
  parent_sku text,
  qty integer not null check (qty > 0),
  product_option jsonb,
  checksum text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create unique index cart_items_line on cart_items (cart_id, sku, checksum);
