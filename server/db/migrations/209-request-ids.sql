-- The request that caused a webhook event or a mail (its x-request-id), sent with the webhook delivery
-- and in the mail's headers, so a receiver's or a mailbox's record can be matched with the shop's logs.
-- Null for rows written before this column existed and for work no request caused.
alter table webhook_events add column request_id text;

alter table mail_outbox add column request_id text;
