-- Idempotency-Key header (IETF draft-ietf-httpapi-idempotency-key-header) on state-changing
-- requests. One row per key and owner (the verified token's customer id, or 'guest'): the first
-- request claims it (pending), runs, and stores its reply (done); a retry with the same key and the
-- same request gets that reply again. request_hash (method, path, query and body) tells a retry from
-- another request reusing the key. claim_id lets only the claiming request finish or release it;
-- claimed_at lets a claim abandoned by a crashed process be taken over. Rows live 24 hours.
create table idempotency_keys (
  owner text not null,
  key text not null,
  method text not null,
  path text not null,
  request_hash text not null,
  state text not null check (state in ('pending', 'done')),
  claim_id text not null,
  reply_code integer,
  reply jsonb,
  created_at timestamptz not null default now(),
  claimed_at timestamptz not null default now(),
  primary key (owner, key)
);

create index idempotency_keys_created on idempotency_keys (created_at);
