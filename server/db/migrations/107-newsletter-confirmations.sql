-- Double opt-in: a subscription waits here until its address confirms it through the single-use
-- link mailed to it. Only the SHA-256 of the link's secret is kept.
create table newsletter_confirmations (
  token_hash text primary key,
  email text not null check (email = lower(email)),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

create index newsletter_confirmations_email on newsletter_confirmations (email);
