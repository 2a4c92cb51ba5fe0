//! The crosstable as fixed-width text: one line per player in standings order,
//! one column per round, then the score and tie-breaks. Callers wrap it in a code
//! block so chat clients keep the columns.

use std::fmt::Write as _;

use super::{
    standings::{format_half_points, format_quarter_points, standings},
    Entrant, Outcome, Round,
};

/// Names longer than this are cut (with "…") to keep lines short in chat.
const NAME_WIDTH: usize = 16;

/// The crosstable of `players` after `rounds`, naming each player with `name`.
///
/// A round's cell is the result, the opponent's number and the side played:
/// `+3s` won against 3 as South, `=5n` drew with 5 as North, `-2s` lost; `bye` is a
/// bye and `·` means not paired that round (e.g. after withdrawing).
/// The last columns are points, Buchholz (`Bh`), Sonneborn-Berger (`SB`) and seeds
/// captured (`Seeds`).
#[must_use]
pub fn crosstable(
    lang: &crate::i18n::Language,
    players: &[Entrant],
    rounds: &[Round],
    name: impl Fn(Entrant) -> String,
) -> String {
    let table = standings(players, rounds);
    let mut header = vec![
        "#".to_owned(),
        crate::tr!(lang, "crosstable-number"),
        crate::tr!(lang, "tournament-column-player"),
    ];
    header.extend((1..=rounds.len()).map(|r| crate::tr!(lang, "crosstable-round", round = r)));
    header.extend([
        crate::tr!(lang, "tournament-column-points"),
        crate::tr!(lang, "tournament-column-buchholz"),
        crate::tr!(lang, "tournament-column-sonneborn-berger"),
        crate::tr!(lang, "tournament-column-seeds"),
    ]);

    let mut rows = vec![header];
    for standing in &table {
        let who = standing.entrant;
        let mut row = vec![standing.rank.to_string(), who.to_string(), cut(&name(who))];
        row.extend(rounds.iter().map(|round| cell(lang, who, round)));
        row.extend([
            format_half_points(standing.half_points),
            format_half_points(standing.buchholz),
            format_quarter_points(standing.sonneborn_berger),
            standing.captured.to_string(),
        ]);
        rows.push(row);
    }

    let columns = rows[0].len();
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .map(|row| row[c].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut text = String::new();
    for row in &rows {
        let mut line = String::new();
        for (c, (value, width)) in row.iter().zip(&widths).enumerate() {
            if c > 0 {
                line.push_str("  ");
            }
            // The name is read left to right; numbers line up on the right.
            if c == 2 {
                let _ = write!(line, "{value:<width$}");
            } else {
                let _ = write!(line, "{value:>width$}");
            }
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text
}

/// `who`'s cell for one round.
fn cell(lang: &crate::i18n::Language, who: Entrant, round: &Round) -> String {
    if round.byes.contains(&who) {
        return crate::tr!(lang, "crosstable-bye");
    }
    for game in &round.games {
        let Some(opponent) = game.pairing.opponent(who) else {
            continue;
        };
        let south = game.pairing.south == who;
        let sign = match (game.outcome, south) {
            (Outcome::Draw, _) => '=',
            (Outcome::SouthWin, true) | (Outcome::NorthWin, false) => '+',
            _ => '-',
        };
        let side = if south { 's' } else { 'n' };
        return format!("{sign}{opponent}{side}");
    }
    "·".to_owned()
}

/// `name` cut to [`NAME_WIDTH`] characters.
fn cut(name: &str) -> String {
    if name.chars().count() <= NAME_WIDTH {
        name.to_owned()
    } else {
        let mut short: String = name.chars().take(NAME_WIDTH - 1).collect();
        short.push('…');
        short
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::tournament::{GameResult, Pairing};

    #[test]
    fn lines_up_results_and_scores() {
        let lang = &crate::i18n::Language::english();
        let rounds = [
            Round {
                games: vec![GameResult {
                    pairing: Pairing { south: 1, north: 2 },
                    outcome: Outcome::SouthWin,
                    south_captured: 26,
                    north_captured: 12,
                }],
                byes: vec![3],
            },
            Round {
                games: vec![GameResult {
                    pairing: Pairing { south: 3, north: 1 },
                    outcome: Outcome::Draw,
                    south_captured: 24,
                    north_captured: 24,
                }],
                byes: vec![2],
            },
        ];
        let names = ["", "alice", "bob", "a-very-long-name-indeed"];
        let text = crosstable(lang, &[1, 2, 3], &rounds, |who| {
            names[who as usize].to_owned()
        });
        // 1: win + draw = 1½; opponents 2 (1) and 3 (1½): Bh 2½;
        //    SB = 1 (beat 2) + ½ × 1½ (drew 3) = 1¾.
        // 3: bye + draw = 1½; opponent 1 (1½): Bh 1½; SB ¾.
        // 2: lost, then bye = 1; Bh 1½ (1); SB 0.
        let expected = "\
#  No  Player             R1   R2  Pts  Bh  SB  Seeds
1   1  alice             +2s  =3n   1½  2½  1¾     50
2   3  a-very-long-nam…  bye  =1s   1½  1½   ¾     24
3   2  bob               -1n  bye    1  1½   0     12
";
        assert_eq!(text, expected, "\n{text}");
    }
}
