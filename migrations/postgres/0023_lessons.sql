-- The beginner's lessons each person has solved (`/oware learn`,
-- src/store/lessons.rs): one row per lesson, made when first solved.
CREATE TABLE lessons_done (
    platform  TEXT    NOT NULL,
    user_id   TEXT    NOT NULL,
    lesson    INTEGER NOT NULL,
    solved_at BIGINT  NOT NULL,
    PRIMARY KEY (platform, user_id, lesson)
);
