-- The challenge an outbox message is about, when it is worded as it is sent (a
-- challenge made from a web page: its announcement is written with the challenge,
-- which assigns this id). No foreign key: a challenge forgotten or pruned before
-- its message is sent makes the message moot, which the sender reads as such.
ALTER TABLE outbox ADD COLUMN challenge_id BIGINT;
