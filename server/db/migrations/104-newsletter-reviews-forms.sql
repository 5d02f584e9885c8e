-- Newsletter subscriptions by lower-cased e-mail. coupon_sent_at makes the welcome coupon a
-- once-per-address gift, however often someone unsubscribes and subscribes again.
create table newsletter_subscribers (
  email text primary key check (email = lower(email)),
  status text not null check (status in ('subscribed', 'unsubscribed')),
  subscribed_at timestamptz,
  unsubscribed_at timestamptz,
  coupon_sent_at timestamptz
);

-- Product reviews wait for moderation ('pending'); only 'approved' ones are listed.
-- Text is plain text, stored as written.
create table reviews (
  id bigint generated always as identity primary key,
  product_id text not null,
  customer_id bigint references customers (id) on delete set null,
  nickname text not null,
  title text not null,
  detail text not null,
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  created_at timestamptz not null default now()
);

create index reviews_product on reviews (product_id, status, created_at);

-- Contact, quote request, trade account and catalogue request forms, as submitted.
create table form_submissions (
  id bigint generated always as identity primary key,
  kind text not null,
  payload jsonb not null,
  created_at timestamptz not null default now()
);

create index form_submissions_kind on form_submissions (kind, created_at);
