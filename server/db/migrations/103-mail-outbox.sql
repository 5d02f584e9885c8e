-- Every mail the shop sends, written before delivery: with no SMTP relay configured it stays here
-- (developers and tests read it); with one, sent_at or error records the outcome.
create table mail_outbox (
  id bigint generated always as identity primary key,
  to_address text not null,
  reply_to text,
  subject text not null,
  text text not null,
  html text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  error text
);

create index mail_outbox_to on mail_outbox (to_address);
