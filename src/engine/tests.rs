//! Engine tests across modules: legality of chosen moves, the repetition ending in
//! the search, limits, levels.

use std::time::Duration;

use proptest::prelude::*;

use super::eval::Weights;
use super::rng::Rng;
use super::search::final_value;
use super::*;
use crate::rules::{EndReason, Game, Pit, Position, Side, Variant};

/// What the bot's engine (without tables) plays at `level` in `game`.
fn choose_move(game: &Game, level: Level, budget: Duration, seed: u64) -> Option<Pit> {
    Engine::new().choose_move(game, level, budget, seed)
}

/// A game reached by `plies` random moves from the start (fewer if it ended).
pub(crate) fn random_game(seed: u64, plies: usize, variant: Variant) -> Game {
    let mut rng = Rng::new(seed);
    let mut game = Game::new(variant);
    for _ in 0..plies {
        let legal: Vec<Pit> = game.legal_moves().into_iter().collect();
        if legal.is_empty() {
            break;
        }
        let pit = legal[(rng.next_u64() % legal.len() as u64) as usize];
        game.play(pit).unwrap();
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn chosen_moves_are_legal(seed in any::<u64>(), plies in 0usize..120, v in 0usize..3) {
        let game = random_game(seed, plies, Variant::ALL[v]);
        let legal = game.legal_moves();
        let mut searcher = Searcher::new(12, Weights::TUNED, None);
        let limits = Limits { depth: 30, nodes: 3_000, time: None };
        let hard = searcher.search(&game, limits, |_| {}).map(|r| r.best);
        let easy = choose_move(&game, Level::Easy, Duration::from_millis(50), seed);
        for chosen in [hard, easy] {
            match chosen {
                Some(pit) => prop_assert!(legal.contains(pit), "{pit} not in {legal}"),
                None => prop_assert!(game.is_over()),
            }
        }
    }
}

#[test]
fn takes_the_capture_that_wins() {
    // South's F sows onto a (1 seed) and takes 2, reaching 25.
    let board = [0, 0, 0, 2, 0, 1, 1, 0, 4, 0, 0, 0];
    let p = Position::new(board, [23, 17], Side::South).unwrap();
    let game = Game::from_position(Variant::Abapa, p);
    let mut searcher = Searcher::new(12, Weights::TUNED, None);
    let r = searcher.search(&game, Limits::depth(6), |_| {}).unwrap();
    assert_eq!(r.best.letter(), 'F');
    assert!(r.value > search::WIN, "{r:?}");
    assert_eq!(r.depth, 1, "a won game needs no deeper look");
}

#[test]
fn a_repeating_move_is_valued_as_the_sweep() {
    // Find, by random play from small positions, a game that ends by repetition.
    let mut rng = Rng::new(11);
    let (game, closing) = 'found: loop {
        let mut board = [0u8; 12];
        for _ in 0..3 {
            board[(rng.next_u64() % 12) as usize] += 1;
        }
        let start = Position::new(board, [22, 23], Side::South).unwrap();
        let mut game = Game::from_position(Variant::Abapa, start);
        while !game.is_over() && game.plies().len() < 60 {
            let legal: Vec<Pit> = game.legal_moves().into_iter().collect();
            let pit = legal[(rng.next_u64() % legal.len() as u64) as usize];
            let before = game.clone();
            game.play(pit).unwrap();
            if game.outcome().map(|o| o.reason) == Some(EndReason::Repetition) {
                break 'found (before, pit);
            }
        }
    };
    let mut finished = game.clone();
    finished.play(closing).unwrap();
    let mover_value = -final_value(finished.position());
    let mut searcher = Searcher::new(12, Weights::TUNED, None);
    let scored = searcher.score_moves(&game, 3);
    let (_, value) = scored.iter().find(|&&(p, _)| p == closing).unwrap();
    assert_eq!(*value, mover_value, "{game:?}");
}

#[test]
fn node_limits_make_searches_repeatable() {
    let game = random_game(5, 20, Variant::Abapa);
    let limits = Limits {
        depth: 40,
        nodes: 20_000,
        time: None,
    };
    let run = || {
        let mut s = Searcher::new(14, Weights::TUNED, None);
        s.search(&game, limits, |_| {}).unwrap()
    };
    let (a, b) = (run(), run());
    assert_eq!((a.best, a.depth, a.value), (b.best, b.depth, b.value));
    assert!(a.nodes <= 20_000 + 1_024, "{a:?}");
    assert!(a.depth >= 3, "{a:?}");
}

#[test]
fn levels_parse_and_easy_is_reproducible() {
    for level in Level::ALL {
        assert_eq!(level.as_str().parse::<Level>(), Ok(level));
    }
    assert!(" HARD ".parse::<Level>().is_ok());
    assert!("brutal"
        .parse::<Level>()
        .unwrap_err()
        .to_string()
        .contains("easy"));

    let game = random_game(2, 10, Variant::Abapa);
    let budget = Duration::from_millis(100);
    let first = choose_move(&game, Level::Easy, budget, 9);
    assert_eq!(choose_move(&game, Level::Easy, budget, 9), first);
    // Different seeds make different choices somewhere over a few positions.
    let varied = (0..8u64).any(|s| {
        let g = random_game(s, 6, Variant::Abapa);
        let picks: Vec<_> = (0..6)
            .map(|seed| choose_move(&g, Level::Easy, budget, seed))
            .collect();
        picks.iter().any(|p| *p != picks[0])
    });
    assert!(varied, "easy never varies its play");
}

#[test]
fn no_move_once_the_game_is_over() {
    let board = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    let p = Position::new(board, [24, 24], Side::South).unwrap();
    let game = Game::from_position(Variant::Abapa, p);
    assert!(game.is_over());
    for level in Level::ALL {
        assert_eq!(
            choose_move(&game, level, Duration::from_millis(10), 0),
            None
        );
    }
}

/// Self-play between two weight sets at a fixed depth from random 4-ply openings,
/// each opening played with both colours; A's score.
fn match_weights(a: Weights, b: Weights, depth: u32, openings: u64) -> f64 {
    let mut points = 0.0;
    for o in 0..openings {
        for a_south in [true, false] {
            let mut game = random_game(1000 + o, 4, Variant::Abapa);
            let mut sa = Searcher::new(16, a, None);
            let mut sb = Searcher::new(16, b, None);
            while !game.is_over() && game.plies().len() < 300 {
                let a_moves = (game.position().to_move() == Side::South) == a_south;
                let s = if a_moves { &mut sa } else { &mut sb };
                let r = s.search(&game, Limits::depth(depth), |_| {}).unwrap();
                game.play(r.best).unwrap();
            }
            if !game.is_over() {
                game.end_by_agreement().unwrap();
            }
            let a_side = if a_south { Side::South } else { Side::North };
            points += match game.outcome().unwrap().winner {
                Some(w) if w == a_side => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
        }
    }
    points / (2 * openings) as f64
}

/// The tuned evaluation must beat a material-only one in self-play (the fit itself
/// is `oware-bot tune`; its match against the earlier weights is in `docs/engine.md`).
#[test]
fn tuned_weights_beat_material_only() {
    let score = match_weights(Weights::TUNED, Weights::MATERIAL, 3, 3);
    assert!(
        score > 0.5,
        "TUNED scored {:.1}% against material only",
        100.0 * score
    );
}

#[test]
fn feeds_an_empty_row_when_it_must() {
    // North's row is empty: only E (2 seeds, reaching a) and F feed it; A–D do not.
    let board = [3, 1, 1, 1, 2, 1, 0, 0, 0, 0, 0, 0];
    let p = Position::new(board, [20, 19], Side::South).unwrap();
    let game = Game::from_position(Variant::Abapa, p);
    assert_eq!(game.legal_moves().letters(), "EF");
    for level in Level::ALL {
        for seed in 0..4 {
            let pit = choose_move(&game, level, Duration::from_millis(30), seed).unwrap();
            assert!("EF".contains(pit.letter()), "{level}: {pit}");
        }
    }
}

#[test]
fn the_hard_level_opens_from_the_book_and_its_games_vary() {
    let start = Game::new(Variant::Abapa);
    let moves = book::shipped().moves(&start);
    let best = moves
        .iter()
        .map(|&(_, v)| v)
        .max()
        .expect("the start is in book");
    let mut chosen = std::collections::BTreeSet::new();
    for seed in 0..32 {
        // A millisecond: far too little to search, so a good move must be the book's.
        let pit = choose_move(&start, Level::Hard, Duration::from_millis(1), seed).unwrap();
        let value = moves.iter().find(|&&(p, _)| p == pit).map(|&(_, v)| v);
        assert!(
            value.is_some_and(|v| v >= best - book::MARGIN),
            "{pit} is not among the book's best moves {moves:?}"
        );
        chosen.insert(pit);
    }
    let near = moves
        .iter()
        .filter(|&&(_, v)| v >= best - book::MARGIN)
        .count();
    assert_eq!(
        chosen.len(),
        near,
        "every near-best opening move is played for some seed"
    );
}
