-- PostgreSQL twin of migrations/sqlite/0005_game_notes.sql: the same tables, columns
-- and numbering (tests/schemas.rs checks); BIGINT for integers, BOOLEAN for flags,
-- DOUBLE PRECISION for reals, identity columns for row ids.
-- Notes the bot gives at most once per game (e.g. that a North player typed South's
-- capital letter and the bot played their own pit). Append-only, like 0001.
CREATE TABLE game_notes (
    game_id BIGINT NOT NULL REFERENCES games (id),
    note    TEXT    NOT NULL,
    PRIMARY KEY (game_id, note)
);
