//! Onlookers' advice, judged by the engine: for every ply that had advice, the
//! tally's top pick, each adviser's vote and the move played are compared with the
//! engine's best move by the seeds each would lose. The verdict goes to the game's
//! thread; each adviser's picks go to the advisers' leaderboard.

use std::collections::BTreeMap;

use super::report::seeds;
use crate::store::StoredReview;
use crate::{
    play::advice::AdviceTally,
    store::{AdviceVote, AdviserRow, Judgment},
};

/// Judged picks an adviser needs to appear on the leaderboard.
pub(crate) const MIN_PICKS: i64 = 10;

/// Judged picks in one game an adviser needs to be named its best adviser: one
/// lucky pick is not advice.
const BEST_IN_GAME_PICKS: i64 = 3;

/// A pick within this many hundredths of a seed of the best move counts as close.
const CLOSE: i32 = 100;

/// What judging a game's advice found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Verdict {
    /// Each adviser's picks, for the leaderboard.
    pub judgments: Vec<Judgment>,
    /// The verdict for the thread, if anyone advised on a reviewed move.
    pub text: Option<String>,
}

/// Judges `votes` against the review.
pub(crate) fn judge(
    lang: &crate::i18n::Language,
    stored: &StoredReview,
    votes: &[AdviceVote],
) -> Verdict {
    // The plies with advice, each with its votes in the order given.
    let mut by_ply: BTreeMap<usize, Vec<&AdviceVote>> = BTreeMap::new();
    for vote in votes {
        if let Ok(ply) = usize::try_from(vote.ply) {
            by_ply.entry(ply).or_default().push(vote);
        }
    }
    let mut advisers: BTreeMap<i64, (String, Judgment)> = BTreeMap::new();
    let (mut top_loss, mut played_loss, mut plies) = (0i64, 0i64, 0usize);
    for (&ply, votes) in &by_ply {
        let Some(played) = stored.plies.get(ply) else {
            continue; // advice on the position where the game ended
        };
        let tally = AdviceTally::from_votes(ply, votes.iter().map(|v| (ply, v.onlooker_id, v.pit)));
        let Some(&(top, _)) = tally.counts().first() else {
            continue;
        };
        let Some(top) = stored.loss_of(ply, top.letter()) else {
            continue;
        };
        plies += 1;
        top_loss += i64::from(top);
        played_loss += i64::from(played.loss);
        // Each adviser's latest vote on this ply.
        let mut latest: BTreeMap<i64, &AdviceVote> = BTreeMap::new();
        for v in votes {
            latest.insert(v.onlooker_id.get(), v);
        }
        for (id, v) in latest {
            let Some(loss) = stored.loss_of(ply, v.pit.letter()) else {
                continue;
            };
            let entry = advisers.entry(id).or_insert_with(|| {
                (
                    v.name.clone(),
                    Judgment {
                        onlooker_id: crate::store::PlayerId::new(id),
                        picks: 0,
                        close: 0,
                        loss: 0,
                    },
                )
            });
            entry.1.picks += 1;
            entry.1.close += i64::from(loss < CLOSE);
            entry.1.loss += i64::from(loss);
        }
    }
    let text = (plies > 0).then(|| {
        let centi = |n: i64| seeds(lang, i32::try_from(n).unwrap_or(i32::MAX));
        let (top, played) = (centi(top_loss), centi(played_loss));
        // The measure `/oware leaderboard advisers` ranks by: the fewest seeds lost a pick on
        // average, then the most picks, then the name.
        let best = advisers
            .values()
            .filter(|(_, j)| j.picks >= BEST_IN_GAME_PICKS)
            .min_by(|(an, a), (bn, b)| {
                a.loss
                    .saturating_mul(b.picks)
                    .cmp(&b.loss.saturating_mul(a.picks))
                    .then(b.picks.cmp(&a.picks))
                    .then(an.cmp(bn))
            });
        match best {
            Some((name, j)) => crate::tr!(
                lang,
                "judge-verdict-best",
                plies = plies,
                top = top,
                played = played,
                name = name,
                average = crate::i18n::decimal(lang, average_seeds(j), 2),
                picks = j.picks
            ),
            None => crate::tr!(
                lang,
                "judge-verdict",
                plies = plies,
                top = top,
                played = played
            ),
        }
    });
    Verdict {
        judgments: advisers.into_values().map(|(_, j)| j).collect(),
        text,
    }
}

/// The seeds an adviser's picks lost on average against the engine's best move.
#[allow(clippy::cast_precision_loss)] // hundredths of seeds: far below 2^52
fn average_seeds(j: &Judgment) -> f64 {
    j.loss as f64 / j.picks.max(1) as f64 / 100.0
}

/// The advisers' leaderboard as text.
pub(crate) fn leaderboard(
    lang: &crate::i18n::Language,
    rows: &[AdviserRow],
    global: bool,
) -> String {
    let scope = if global {
        crate::tr!(lang, "judge-scope-everywhere")
    } else {
        crate::tr!(lang, "judge-scope-here")
    };
    if rows.is_empty() {
        return crate::tr!(lang, "judge-none", min = MIN_PICKS, scope = scope);
    }
    let mut text = crate::tr!(lang, "judge-leaderboard", min = MIN_PICKS, scope = scope);
    for (i, row) in rows.iter().enumerate() {
        text.push('\n');
        text.push_str(&crate::tr!(
            lang,
            "judge-leaderboard-line",
            rank = i + 1,
            name = row.name,
            average = crate::i18n::decimal(lang, row.average, 2),
            close = row.close,
            picks = row.picks
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Pit;
    use crate::store::StoredPly;

    fn ply(played: char, scores: &[(char, i32)]) -> StoredPly {
        let best = scores.iter().max_by_key(|s| s.1).expect("a move").0;
        let top = scores.iter().map(|s| s.1).max().unwrap_or(0);
        let value = scores.iter().find(|s| s.0 == played).expect("played").1;
        StoredPly {
            played,
            best,
            loss: top - value,
            class: crate::engine::analysis::Class::Good,
            line: String::new(),
            scores: scores.to_vec(),
        }
    }

    fn vote(ply: i64, id: i64, name: &str, pit: &str) -> AdviceVote {
        AdviceVote {
            ply,
            onlooker_id: crate::store::PlayerId::new(id),
            name: name.into(),
            pit: Pit::try_from(pit.to_owned()).expect("a pit letter"),
        }
    }

    #[test]
    fn top_picks_advisers_and_players_are_scored_against_the_best_move() {
        let lang = &crate::i18n::Language::english();
        let stored = StoredReview {
            plies: vec![
                // Move 1: D is best; the player chose A (−4).
                ply('A', &[('A', 0), ('D', 400), ('E', 300)]),
                // Move 2: b is best and was played.
                ply('b', &[('b', 100), ('c', -500)]),
            ],
            graph: vec![0, 0, 0],
            accuracy: [0.0, 100.0],
            turning_point: None,
        };
        let votes = [
            vote(0, 1, "carol", "D"),
            vote(0, 2, "dave", "E"),
            vote(0, 2, "dave", "A"), // dave changed his mind: A counts
            vote(0, 3, "erin", "D"),
            vote(1, 2, "dave", "c"),
            vote(1, 1, "carol", "b"),
            vote(2, 1, "carol", "a"), // the game ended: nothing to judge
        ];
        let verdict = judge(lang, &stored, &votes);
        let text = verdict.text.expect("a verdict");
        // Top picks: D (0) and a tie b/c broken by letter: b (0). Players: 4 + 0.
        assert!(
            text.contains("top picks would have lost 0 seeds in all, the players 4"),
            "{text}"
        );
        // Nobody made three judged picks: no best adviser is named.
        assert!(!text.contains("best adviser"), "{text}");
        let dave = verdict
            .judgments
            .iter()
            .find(|j| j.onlooker_id == crate::store::PlayerId::new(2))
            .expect("dave");
        assert_eq!((dave.picks, dave.close, dave.loss), (2, 0, 400 + 600));
    }

    /// ann is within a seed twice but loses 9 seeds once (3 a pick); ben is never
    /// within a seed but loses 1.5 a pick. The share within a seed would name ann;
    /// the leaderboard's measure, and so the thread's, names ben.
    #[test]
    fn the_best_adviser_is_the_one_the_leaderboard_ranks_first() {
        let lang = &crate::i18n::Language::english();
        let level = &[('A', 0), ('B', -150), ('C', -900)];
        let stored = StoredReview {
            plies: vec![ply('A', level), ply('A', level), ply('A', level)],
            graph: vec![0; 4],
            accuracy: [100.0, 100.0],
            turning_point: None,
        };
        let votes = [
            vote(0, 1, "ann", "A"),
            vote(1, 1, "ann", "A"),
            vote(2, 1, "ann", "C"),
            vote(0, 2, "ben", "B"),
            vote(1, 2, "ben", "B"),
            vote(2, 2, "ben", "B"),
        ];
        let text = judge(lang, &stored, &votes).text.expect("a verdict");
        assert!(
            text.contains(
                "best adviser: ben, whose picks lost 1.50 seeds each on average \
                 over 3 picks (the measure `/oware leaderboard advisers` ranks by)"
            ),
            "{text}"
        );
    }

    /// cid's one perfect pick is luck, not advice: ann, who advised all game, is
    /// named.
    #[test]
    fn one_lucky_pick_does_not_make_the_best_adviser() {
        let lang = &crate::i18n::Language::english();
        let level = &[('A', 0), ('B', -150), ('C', -900)];
        let stored = StoredReview {
            plies: vec![ply('A', level), ply('A', level), ply('A', level)],
            graph: vec![0; 4],
            accuracy: [100.0, 100.0],
            turning_point: None,
        };
        let votes = [
            vote(0, 1, "ann", "A"),
            vote(1, 1, "ann", "B"),
            vote(2, 1, "ann", "A"),
            vote(1, 3, "cid", "A"),
        ];
        let text = judge(lang, &stored, &votes).text.expect("a verdict");
        assert!(text.contains("best adviser: ann,"), "{text}");
    }

    #[test]
    fn no_advice_no_verdict() {
        let lang = &crate::i18n::Language::english();
        let stored = StoredReview {
            plies: vec![ply('A', &[('A', 0)])],
            graph: vec![0, 0],
            accuracy: [100.0, 100.0],
            turning_point: None,
        };
        let verdict = judge(lang, &stored, &[]);
        assert_eq!(verdict.text, None);
        assert!(verdict.judgments.is_empty());
    }
}
