-- At most one analysis job per game: each `/oware analyse #N` queued one more, and
-- every one of them ran the whole review. A request while one is queued joins it
-- (or is told it is under way); extra jobs queued before this are dropped.
DELETE FROM jobs
WHERE kind = 'analysis' AND game_id IS NOT NULL
  AND id NOT IN (SELECT MIN(id) FROM jobs
                 WHERE kind = 'analysis' AND game_id IS NOT NULL
                 GROUP BY game_id);
CREATE UNIQUE INDEX jobs_one_analysis ON jobs (game_id) WHERE kind = 'analysis';
