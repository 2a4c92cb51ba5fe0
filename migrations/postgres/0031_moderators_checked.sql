-- A moderators' channel other than the one it was set from, that the adapter checked
-- when it was set: a channel of the same Discord server, or a Matrix room where the
-- admin setting it is an admin too. It holds that channel's id; a report is posted
-- to a room other than the reporting one only when this names it.
ALTER TABLE settings ADD COLUMN moderators_checked TEXT;
