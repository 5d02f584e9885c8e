-- Refresh tokens: opaque random secrets, only their sha256 is stored. Each login starts a family;
-- a refresh marks its token used and issues the next one in the same family. Presenting a used
-- token again means it leaked: the whole family is revoked.
create table refresh_tokens (
  token_hash text primary key,
  family_id text not null,
  customer_id bigint not null references customers (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  revoked_at timestamptz
);

create index refresh_tokens_family on refresh_tokens (family_id);

create index refresh_tokens_customer on refresh_tokens (customer_id) where revoked_at is null;

create index refresh_tokens_expiry on refresh_tokens (expires_at);

-- Password reset links: single use, expiring, stored as sha256.
create table password_reset_tokens (
  token_hash text primary key,
  customer_id bigint not null references customers (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

create index password_reset_tokens_customer on password_reset_tokens (customer_id) where used_at is null;

-- Attempt counters for rate limits (login per account and per client address, reset mails,
-- forms). One row per key and fixed window, shared by every API process on the database.
create table attempt_throttle (
  key text primary key,
  attempts integer not null,
  window_started_at timestamptz not null default now()
);

create index attempt_throttle_window on attempt_throttle (window_started_at);
