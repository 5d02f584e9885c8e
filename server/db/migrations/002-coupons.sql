-- Coupon codes with their rule (percent or fixed, window, usage limits) as a document.
create table coupons (
  code text primary key,
  doc jsonb not null,
  created_at timestamptz not null default now()
);
