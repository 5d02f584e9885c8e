-- What an admin token may do (server/admin/admin-scopes.ts). Null: everything, as every token could
-- before scopes existed; a packing station's token can be limited to reading and moving orders.
alter table admin_tokens add column scopes text[];
