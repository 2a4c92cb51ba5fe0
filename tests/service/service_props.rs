//! Property: arbitrary text commands from arbitrary users, through the real text
//! pipeline (console line → parser → service), never change a stored game unless they
//! are the legal move of the player to move (or that game's players resigning or
//! ending it by agreement), and a move that changes it adds exactly that move.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use crate::support::{start_game, TempDb};
use oware_bot::{
    chat::console::{read_line, Line},
    rules::{Game, Pit, Side, Variant},
    service::Action,
    store::Store,
};
use proptest::prelude::*;

/// What the database says about game 1.
#[derive(Debug, PartialEq, Eq)]
struct Snapshot {
    version: i64,
    state: oware_bot::store::GameState,
    moves: Vec<Pit>,
}

async fn snapshot(
    store: &Store,
    game: oware_bot::service::GameId,
) -> (Snapshot, Game, [String; 2]) {
    let row = store.games().game(game).await.unwrap().unwrap();
    let pits: Vec<Pit> = store
        .games()
        .moves(game)
        .await
        .unwrap()
        .into_iter()
        .map(|m| m.pit)
        .collect();
    let replay = Game::from_moves(Variant::Abapa, &pits).unwrap();
    let players = [row.south.user.clone(), row.north.user.clone()];
    (
        Snapshot {
            version: row.version,
            state: row.state,
            moves: pits.clone(),
        },
        replay,
        players,
    )
}

fn text_command() -> impl Strategy<Value = String> {
    let structured = (
        prop::sample::select(vec!["/oware ", "!oware ", "/", "!", "", "/OWARE "]),
        prop::sample::select(vec![
            "move", "m", "MOVE", "board", "resign", "end", "draw", "games", "accept", "decline",
            "cancel", "play", "advise", "rules", "help", "frob", "",
        ]),
        prop::collection::vec(
            "[a-hA-H]|#[0-9]|@(alice|bob|carol)|[0-9]|é|[a-f]{2}| ",
            0..3,
        ),
    )
        .prop_map(|(prefix, cmd, args)| format!("{prefix}{cmd} {}", args.join(" ")));
    let moves = "(/move|move|!move|/oware move|/m) [a-gA-G]( #1)?";
    prop_oneof![3 => moves, 3 => structured, 1 => any::<String>(), 1 => "[ -~]{0,30}"]
}

fn author() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "alice",
        "bob",
        "alice",
        "bob",
        "Alice",
        "BOB",
        "carol",
        "oware-bot",
    ])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn only_the_player_to_move_changes_a_game(
        commands in prop::collection::vec((author(), text_command()), 1..40)
    ) {
        let lang = &oware_bot::i18n::Language::english();
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async {
            let db = TempDb::new();
            let service = db.service().await;
            let game = start_game(&service).await;
            for (author, text) in commands {
                let (before, replay, players) = snapshot(&db.store(), game).await;
                let Line::Command(cmd) = read_line(lang, &format!("{author}: {text}")) else {
                    continue;
                };
                let side = players.iter().position(|p| *p == cmd.author.id).map(|i| Side::BOTH[i]);
                let here = |g: &Option<oware_bot::service::GameId>| g.is_none() || *g == Some(game);
                // What the command may legitimately do to game 1.
                let legal_move = match (&cmd.action, side, replay.to_move()) {
                    (Action::Move { pit, game: g, .. }, Some(side), Some(to_move))
                        if side == to_move && here(g) =>
                    {
                        Some(pit.pit_for(side)).filter(|&p| replay.check(p).is_ok())
                    }
                    _ => None,
                };
                let may_end = side.is_some()
                    && matches!(&cmd.action, Action::Resign { game: g, confirmed: true } | Action::End { game: g } | Action::Draw { game: g, .. } if here(g));
                let reply = service.handle((*cmd).clone()).await;
                prop_assert_ne!(&reply.text, &oware_bot::service::generic_failure(lang));
                let (after, _, _) = snapshot(&db.store(), game).await;
                if after == before {
                    continue;
                }
                prop_assert!(!reply.private, "a private reply changed the game: {}", reply.text);
                if let Some(pit) = legal_move {
                    prop_assert_eq!(after.moves.len(), before.moves.len() + 1);
                    prop_assert_eq!(after.moves.last().unwrap(), &pit);
                } else {
                    prop_assert!(may_end, "{cmd:?} changed {before:?} into {after:?}");
                    prop_assert_eq!(&after.moves, &before.moves);
                }
            }
            Ok(())
        })?;
    }
}
