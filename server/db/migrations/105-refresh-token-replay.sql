-- A refresh whose reply was lost is sent again: the used token with the same request id. The
-- consumed row keeps the sha256 of that id (request_hash) and of the token issued in its place
-- (successor_hash), so the replay can be told from a stolen token and can replace the successor
-- while nobody has used it.
alter table refresh_tokens add column request_hash text;

alter table refresh_tokens add column successor_hash text;
