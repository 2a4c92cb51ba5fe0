//! The pseudo-locale over a whole session: a place set to `en-XA` (every message
//! English, accented and bracketed, its variables' values left as they are) plays
//! a game and asks for everything a player asks for. Any plain English word left in
//! a reply or a message the bot sends was written by code, not by the catalogue: a
//! text a translator could never translate.

use oware_bot::service::{
    Action, ChallengeOptions, Place, Reply, Role, Service, TournamentAction, VacationRequest,
};

use crate::support::pseudo::plain_words;
use crate::support::{self, cmd_at, first_legal_pit, mv_in, place, user, TempDb};

/// Every text of `reply` a person reads. A table's first column is the settings'
/// keys, which are typed as they are shown (`language:fr`): not checked.
fn texts(reply: &Reply) -> Vec<String> {
    let mut all = vec![reply.text.clone()];
    all.extend(reply.table.iter().map(|table| {
        table
            .lines()
            .map(|line| line.split_once(' ').map_or("", |(_, value)| value))
            .collect::<Vec<_>>()
            .join("\n")
    }));
    all.extend(reply.board_text.clone());
    all.extend(reply.buttons.iter().map(|b| b.label.clone()));
    all.extend(reply.files.iter().map(|f| f.description.clone()));
    all
}

fn check(what: &str, reply: &Reply, plain: &mut Vec<String>) {
    for text in texts(reply) {
        let words = plain_words(&text);
        if !words.is_empty() {
            plain.push(format!("{what}: {words:?} in {text:?}"));
        }
    }
}

#[tokio::test]
async fn every_text_of_a_session_comes_from_the_catalogue() {
    let db = TempDb::new();
    let service = db.service().await;
    let here: Place = place();
    let set = service
        .handle(
            cmd_at(
                &here,
                "mod",
                Action::Settings {
                    changes: vec![("language".into(), "en-XA".into())],
                },
            )
            .with_role(Role::Admin),
        )
        .await;
    assert!(
        set.text.contains("~]"),
        "the place speaks the pseudo-locale: {}",
        set.text
    );
    let mut plain = Vec::new();
    let mut ask = async |service: &Service, who: &str, what: &str, action: Action| {
        let reply = service.handle(cmd_at(&here, who, action)).await;
        check(what, &reply, &mut plain);
        reply
    };

    for (what, action) in [
        ("help", Action::Help),
        ("help play", Action::HelpPlay),
        ("help more", Action::HelpMore),
        ("rules", Action::Rules),
        ("privacy", Action::Privacy),
        ("status", Action::Status),
        ("settings", Action::Settings { changes: vec![] }),
        ("my settings", Action::MySettings { changes: vec![] }),
        ("games, none", Action::Games),
        ("live, none", Action::Live),
        ("vacation", Action::Vacation(VacationRequest::Status)),
        (
            "tournaments",
            Action::Tournament(TournamentAction::Overview),
        ),
        (
            "lesson",
            Action::Learn {
                lesson: None,
                answer: None,
            },
        ),
        ("puzzle", Action::Puzzle { daily: false }),
    ] {
        ask(&service, "alice", what, action).await;
    }

    // A game, its refusals and its end.
    let challenge = ask(
        &service,
        "alice",
        "challenge",
        Action::Play {
            opponent: user("bob"),
            options: ChallengeOptions::default(),
        },
    )
    .await;
    assert!(!challenge.private, "{}", challenge.text);
    let accepted = ask(
        &service,
        "bob",
        "accept",
        Action::Accept { challenge: None },
    )
    .await;
    let game = accepted.game.expect("the game");
    ask(&service, "bob", "out of turn", mv_in("a", game)).await;
    for (mover, n) in [("alice", 1), ("bob", 2), ("alice", 3)] {
        let row = db.game(game).await;
        ask(
            &service,
            mover,
            &format!("move {n}"),
            mv_in(&first_legal_pit(&row), game),
        )
        .await;
    }
    ask(&service, "bob", "board", support::board(Some(game))).await;
    ask(
        &service,
        "bob",
        "draw offer",
        Action::Draw {
            game: Some(game),
            decline: false,
        },
    )
    .await;
    ask(
        &service,
        "alice",
        "draw declined",
        Action::Draw {
            game: Some(game),
            decline: true,
        },
    )
    .await;
    ask(&service, "alice", "games", Action::Games).await;
    ask(&service, "alice", "live", Action::Live).await;
    ask(
        &service,
        "bob",
        "resign?",
        Action::Resign {
            game: Some(game),
            confirmed: false,
        },
    )
    .await;
    ask(
        &service,
        "bob",
        "resign",
        Action::Resign {
            game: Some(game),
            confirmed: true,
        },
    )
    .await;
    ask(&service, "alice", "replay", Action::Replay { game }).await;
    ask(
        &service,
        "alice",
        "leaderboard",
        Action::Leaderboard {
            global: false,
            page: 1,
            speed: None,
        },
    )
    .await;
    ask(
        &service,
        "alice",
        "stats",
        Action::Stats {
            user: None,
            speed: None,
        },
    )
    .await;
    ask(&service, "alice", "history", Action::History { user: None }).await;

    ask(
        &service,
        "alice",
        "report",
        Action::Report {
            game,
            reason: "spam".into(),
        },
    )
    .await;

    // The engine, at each level.
    for (who, level) in [
        ("carol", oware_bot::engine::Level::Easy),
        ("dave", oware_bot::engine::Level::Hard),
    ] {
        let bot = oware_bot::service::User {
            id: "oware-bot".to_owned(),
            name: "oware-bot".to_owned(),
            is_bot: true,
        };
        ask(
            &service,
            who,
            "engine game",
            Action::Play {
                opponent: bot,
                options: ChallengeOptions {
                    level: Some(level),
                    ..ChallengeOptions::default()
                },
            },
        )
        .await;
        ask(&service, who, "games with the engine", Action::Games).await;
    }

    let log = service
        .handle(
            cmd_at(
                &here,
                "mod",
                Action::admin(oware_bot::service::AdminAction::Log),
            )
            .with_role(Role::Admin),
        )
        .await;
    check("audit log", &log, &mut plain);

    // What the bot sends on its own.
    for message in support::due(&std::sync::Arc::new(service)).await {
        check("outbox", &message.reply, &mut plain);
    }
    assert!(
        plain.is_empty(),
        "plain English left:\n{}",
        plain.join("\n")
    );
}
