-- Where the moderators' channel was proven to belong: the place (Discord server id,
-- or Matrix or console room id) of the settings it was set in with `moderators:here`.
-- A report is posted there only when this is the reporting place's own; NULL (a
-- channel set before the check) posts nowhere until an admin sets it again.
ALTER TABLE settings ADD COLUMN moderators_space TEXT;
