-- A session ends at a fixed time after its login (SESSION_MAX_AGE), however often it is refreshed:
-- every token of a family carries that time, and a successor never expires after it. Families from
-- before this change end 30 days (the default) after their oldest token still kept.
alter table refresh_tokens add column family_expires_at timestamptz;

update refresh_tokens r set family_expires_at = f.started + interval '30 days'
from (select family_id, min(created_at) as started from refresh_tokens group by family_id) f
where f.family_id = r.family_id;

alter table refresh_tokens alter column family_expires_at set not null;
