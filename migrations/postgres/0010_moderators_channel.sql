-- Where a server's reports go: a channel id its admins set with
-- `/oware settings moderators:…` (NULL: reports are only in the audit log).
ALTER TABLE settings ADD COLUMN moderators TEXT;
