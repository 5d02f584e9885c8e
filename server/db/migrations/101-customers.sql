-- Customer groups: 0 is the guest group (no account), 1 "General" is every new account.
-- Prices and categories may depend on the group (SPEC §6).
create table customer_groups (
  id integer primary key,
  code text not null unique
);

insert into customer_groups (id, code) values (0, 'NOT LOGGED IN'), (1, 'General');

-- Accounts. E-mail is stored lower-cased, so the unique index is the case-insensitive rule.
-- password_hash is "scrypt$N$r$p$salt$hash". tokens_valid_from: access tokens issued before it
-- (a password change or reset) are refused by the account endpoints; null until the first change.
-- It is written from the API's clock, the clock that stamps the tokens' iat.
create table customers (
  id bigint generated always as identity primary key,
  email text not null unique check (email = lower(email)),
  password_hash text not null,
  firstname text not null,
  lastname text not null,
  group_id integer not null default 1 references customer_groups (id),
  tokens_valid_from timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Addresses belong to one customer; every write checks customer_id (no IDOR).
create table customer_addresses (
  id bigint generated always as identity primary key,
  customer_id bigint not null references customers (id) on delete cascade,
  firstname text not null,
  lastname text not null,
  street jsonb not null,
  city text not null,
  postcode text not null,
  country_id text not null,
  region jsonb,
  telephone text,
  company text,
  vat_id text,
  default_shipping boolean not null default false,
  default_billing boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index customer_addresses_customer on customer_addresses (customer_id);
