//! The board drawn in the page's own HTML: two rows of six pits with their seeds,
//! both stores, the side to move and the last move's pit marked, seen from one
//! side's seat (its row at the bottom, `A`–`F` or `a`–`f` from left to right). A pit
//! is a plain count, a button of the move form (the mover's own legal pits), or a
//! link (the study board's legal pits). Also the positions of a game, as data for
//! the page's script to draw any move without asking the server.

use maud::{html, Markup, PreEscaped};
use serde::{Serialize, Serializer};

use crate::i18n::Language;
use crate::rules::{Game, Moves, Pit, Position, Side};

/// The most seeds a pit can hold: every seed of the game.
const MOST_SEEDS: u8 = 48;

/// A position as the board shows it: the seeds and stores, the side to move
/// (`None` once the game is over) and the pit of the move that led to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Shown {
    /// Seeds in the pits and the stores.
    pub(super) position: Position,
    /// The side to move, if any.
    pub(super) to_move: Option<Side>,
    /// The pit sown last, if any move led here.
    pub(super) last: Option<Pit>,
}

impl Shown {
    /// The position of `game` after `ply` moves (its latest when `ply` is past the
    /// end).
    pub(super) fn at(game: &Game, ply: usize) -> Shown {
        let plies = game.plies();
        match ply.checked_sub(1).and_then(|i| plies.get(i)) {
            None if ply > 0 => Shown::latest(game),
            None => Shown {
                position: game.start(),
                to_move: if plies.is_empty() {
                    game.to_move()
                } else {
                    Some(game.start().to_move())
                },
                last: None,
            },
            Some(played) if ply == plies.len() => Shown {
                last: Some(played.effect.pit),
                ..Shown::latest(game)
            },
            Some(played) => Shown {
                position: played.after,
                to_move: Some(played.after.to_move()),
                last: Some(played.effect.pit),
            },
        }
    }

    /// Where `game` stands now.
    pub(super) fn latest(game: &Game) -> Shown {
        Shown {
            position: game.position(),
            to_move: game.to_move(),
            last: game.plies().last().map(|p| p.effect.pit),
        }
    }
}

/// As the script reads it: `[[12 seeds in board order], [South's store, North's],
/// side to move ("S", "N" or null), last pit (a letter or null)]`.
impl Serialize for Shown {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (
            self.position.board(),
            self.position.scores(),
            self.to_move.map(Side::letter),
            self.last.map(Pit::letter),
        )
            .serialize(serializer)
    }
}

/// What the pits of a board do.
pub(super) enum Pits {
    /// Nothing: they show their seeds.
    Counts,
    /// Each pit of `side`'s row is a button of the move form, those not in `legal`
    /// disabled.
    Buttons {
        /// Whose row.
        side: Side,
        /// The pits that can be sown.
        legal: Moves,
    },
    /// Each pit in `legal` links to the study board with it sown: `prefix`
    /// followed by its letter.
    Links {
        /// The pits that can be sown.
        legal: Moves,
        /// The address before the letter.
        prefix: String,
    },
}

/// A board to draw.
pub(super) struct Board<'a> {
    /// The position.
    pub(super) shown: Shown,
    /// Whose seat it is seen from: that side's row at the bottom.
    pub(super) seat: Side,
    /// The players' names, `[South, North]`.
    pub(super) names: [&'a str; 2],
    /// What its pits do.
    pub(super) pits: Pits,
}

/// The rows from `seat`: the top one (the other side's, from its `f` down to `a`)
/// and the bottom one (`seat`'s, from `a` up to `f`).
pub(super) fn rows(seat: Side) -> [[Pit; 6]; 2] {
    let other = seat.opponent();
    [
        std::array::from_fn(|i| Pit::of(other, 5 - i)),
        std::array::from_fn(|i| Pit::of(seat, i)),
    ]
}

/// A pit's label when it only shows its seeds.
fn pit_label(lang: &Language, pit: Pit, seeds: u8) -> String {
    crate::tr!(lang, "web-pit", pit = pit.letter(), seeds = seeds)
}

/// A pit's label when pressing it sows it.
fn sow_label(lang: &Language, pit: Pit, seeds: u8) -> String {
    crate::tr!(lang, "web-pit-label", pit = pit.letter(), seeds = seeds)
}

/// The board's markup: `#board`, its pits marked with `data-pit`, its stores with
/// `data-store`, its sides with `data-side` (what the script redraws).
pub(super) fn markup(lang: &Language, board: &Board<'_>) -> Markup {
    let [top, bottom] = rows(board.seat);
    let shown = board.shown;
    let side = |side: Side| {
        html! {
            p class=(if shown.to_move == Some(side) { "side turn" } else { "side" }) data-side=(side.letter()) {
                span class="name" { (board.names[side.index()]) }
                " "
                span class="sr" { "(" (crate::tr!(lang, "web-score")) ")" }
                " "
                b class="store" data-store=(side.letter()) { (shown.position.score(side)) }
            }
        }
    };
    let row = |pits: [Pit; 6], class: &str| {
        let owner = pits[0].owner();
        html! {
            div class=(if shown.to_move == Some(owner) { format!("row {class} turn") } else { format!("row {class}") })
                data-side=(owner.letter()) {
                @for pit in pits { (cell(lang, board, pit)) }
            }
        }
    };
    html! {
        div id="board" class="board" data-seat=(board.seat.letter()) {
            (side(board.seat.opponent()))
            (row(top, "top"))
            (row(bottom, "bottom"))
            (side(board.seat))
        }
    }
}

/// One pit: its seeds over its letter (the letter first in the text, as its name
/// says it), as a count, a button or a link.
fn cell(lang: &Language, board: &Board<'_>, pit: Pit) -> Markup {
    let seeds = board.shown.position.seeds(pit);
    let letter = pit.letter();
    let class = if board.shown.last == Some(pit) {
        "pit last"
    } else {
        "pit"
    };
    // The letter first, as its accessible name reads ("Sow pit a, 5 seeds": the
    // visible text is part of the name, without parentheses, which screen-reader
    // checks set aside); the style shows the seeds over it.
    let inside = html! { span class="l" { (letter) } " " span class="n" { (seeds) } };
    match &board.pits {
        Pits::Buttons { side, legal } if pit.owner() == *side => html! {
            button type="submit" name="pit" value=(letter) class=(class) data-pit=(letter)
                aria-label=(sow_label(lang, pit, seeds)) disabled[!legal.contains(pit)] { (inside) }
        },
        Pits::Links { legal, prefix } if legal.contains(pit) => html! {
            a href=(format!("{prefix}{letter}")) class=(class) data-pit=(letter)
                aria-label=(sow_label(lang, pit, seeds)) { (inside) }
        },
        _ => html! {
            span role="img" class=(class) data-pit=(letter)
                aria-label=(pit_label(lang, pit, seeds)) { (inside) }
        },
    }
}

/// What the script needs to draw every move of `game`: each position from the
/// start (`positions[n]` after `n` moves) and a pit's label for each number of
/// seeds (`{pit}` standing for its letter), as a JSON script element.
pub(super) fn positions(lang: &Language, game: &Game) -> Markup {
    #[derive(Serialize)]
    struct Data {
        positions: Vec<Shown>,
        labels: Vec<String>,
    }
    let data = Data {
        positions: (0..=game.plies().len())
            .map(|ply| Shown::at(game, ply))
            .collect(),
        labels: (0..=MOST_SEEDS)
            .map(|seeds| crate::tr!(lang, "web-pit", pit = "{pit}", seeds = seeds))
            .collect(),
    };
    // Numbers, letters and the catalogue's labels: `<` is escaped so no label can
    // close the element.
    let json = serde_json::to_string(&data)
        .unwrap_or_default()
        .replace('<', "\\u003c");
    html! {
        script type="application/json" id="positions" { (PreEscaped(json)) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letters(row: [Pit; 6]) -> String {
        row.iter().map(|p| p.letter()).collect()
    }

    #[test]
    fn each_seat_sees_its_own_row_at_the_bottom_from_left_to_right() {
        let [top, bottom] = rows(Side::South);
        assert_eq!(
            (letters(top), letters(bottom)),
            ("fedcba".into(), "ABCDEF".into())
        );
        let [top, bottom] = rows(Side::North);
        assert_eq!(
            (letters(top), letters(bottom)),
            ("FEDCBA".into(), "abcdef".into())
        );
    }

    fn game(moves: &str) -> Game {
        let pits: Vec<Pit> = moves.chars().filter_map(Pit::from_letter).collect();
        Game::from_moves(crate::rules::Variant::default(), &pits).expect("legal moves")
    }

    /// The pits' letters in the order they appear in `html`.
    fn order(html: &str) -> String {
        html.split("data-pit=\"")
            .skip(1)
            .filter_map(|s| s.chars().next())
            .collect()
    }

    #[test]
    fn the_board_draws_the_rows_stores_and_marks_from_either_seat() {
        let lang = Language::english();
        let game = game("C");
        let board = |seat| Board {
            shown: Shown::latest(&game),
            seat,
            names: ["alice", "bob"],
            pits: Pits::Counts,
        };
        let south = markup(&lang, &board(Side::South)).into_string();
        assert_eq!(order(&south), "fedcbaABCDEF");
        assert!(
            south.find("bob") < south.find("alice"),
            "North on top: {south}"
        );
        let north = markup(&lang, &board(Side::North)).into_string();
        assert_eq!(order(&north), "FEDCBAabcdef");
        assert!(
            north.find("alice") < north.find("bob"),
            "South on top: {north}"
        );
        // C was sown: empty, marked as the last move; North to move.
        assert!(
            south.contains(
                r#"<span role="img" class="pit last" data-pit="C" aria-label="Pit C: 0 seeds">"#
            ),
            "{south}"
        );
        assert!(south.contains(r#"aria-label="Pit D: 5 seeds""#), "{south}");
        assert!(
            south.contains(r#"<p class="side turn" data-side="N">"#),
            "{south}"
        );
        assert!(
            south.contains(r#"class="row top turn" data-side="N""#),
            "{south}"
        );
        assert!(
            !south.contains("<button") && !south.contains("<a "),
            "{south}"
        );
    }

    #[test]
    fn the_movers_pits_are_buttons_and_the_illegal_ones_are_disabled() {
        let lang = Language::english();
        let game = game("C");
        let html = markup(
            &lang,
            &Board {
                shown: Shown::latest(&game),
                seat: Side::North,
                names: ["alice", "bob"],
                pits: Pits::Buttons {
                    side: Side::North,
                    legal: Moves::from_bits(
                        game.legal_moves().bits() & !(1 << Pit::of(Side::North, 1).index()),
                    ),
                },
            },
        )
        .into_string();
        assert_eq!(html.matches("<button").count(), 6, "{html}");
        assert!(
            html.contains(r#"<button type="submit" name="pit" value="a" class="pit" data-pit="a" aria-label="Sow pit a, 5 seeds">"#),
            "{html}"
        );
        assert!(
            html.contains(r#"data-pit="b" aria-label="Sow pit b, 4 seeds" disabled>"#),
            "{html}"
        );
        // South's row only shows its seeds.
        assert!(html.contains(r#"aria-label="Pit A: 4 seeds""#), "{html}");
    }

    #[test]
    fn the_study_boards_legal_pits_link_one_move_further() {
        let lang = Language::english();
        let game = game("");
        let html = markup(
            &lang,
            &Board {
                shown: Shown::latest(&game),
                seat: Side::South,
                names: ["alice", "bob"],
                pits: Pits::Links {
                    legal: game.legal_moves(),
                    prefix: "/g/x?ply=0&try=".into(),
                },
            },
        )
        .into_string();
        assert_eq!(html.matches("<a ").count(), 6, "{html}");
        assert!(html.contains(r#"href="/g/x?ply=0&amp;try=C""#), "{html}");
        assert!(html.contains(r#"aria-label="Pit c: 4 seeds""#), "{html}");
    }

    #[test]
    fn every_position_of_a_game_is_there_for_the_script() {
        let lang = Language::english();
        let game = game("Cd");
        let html = positions(&lang, &game).into_string();
        let json = html
            .trim_start_matches(r#"<script type="application/json" id="positions">"#)
            .trim_end_matches("</script>");
        let data: serde_json::Value = serde_json::from_str(json).expect("JSON");
        assert_eq!(data["positions"].as_array().map(Vec::len), Some(3));
        assert_eq!(
            data["positions"][0],
            serde_json::json!([[4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4], [0, 0], "S", null])
        );
        assert_eq!(data["positions"][1][3], "C");
        assert_eq!(data["positions"][2][2], "S");
        assert_eq!(data["labels"][1], "Pit {pit}: 1 seed");
        assert_eq!(data["labels"][48], "Pit {pit}: 48 seeds");
    }
}
