//! Who reads what, in which language: what everyone at a place reads (a
//! challenge, its acceptance, a move, a board) is written in the place's language,
//! whoever typed the command; what only its author reads (a refusal, help, the
//! question before a resignation, a board from North's own seat) in the author's
//! own. Through the real service, in a French room with an English-speaking player.

use oware_bot::service::{Action, ChallengeOptions, Place, Reply, Role, Service};

use crate::support::{cmd_at, first_legal_pit, mv_in, place, user, TempDb};

/// Room `room` made French by its admin.
async fn make_french(service: &Service, room: &Place) {
    let set = service
        .handle(
            cmd_at(
                room,
                "mod",
                Action::Settings {
                    changes: vec![("language".into(), "fr".into())],
                },
            )
            .with_role(Role::Admin),
        )
        .await;
    assert!(
        set.text.contains("parle désormais français"),
        "{}",
        set.text
    );
}

/// A console room whose admin made it French, and `dave`, who chose English for
/// himself.
async fn french_room(service: &Service) -> Place {
    let room = Place {
        channel: "salon".into(),
        ..place()
    };
    make_french(service, &room).await;
    let own = service
        .handle(cmd_at(
            &room,
            "dave",
            Action::MySettings {
                changes: vec![("language".into(), "en".into())],
            },
        ))
        .await;
    assert!(own.text.contains("Your settings changed"), "{}", own.text);
    room
}

fn assert_french(reply: &Reply, what: &str) {
    assert_eq!(reply.language.tag(), "fr", "{what}: {}", reply.text);
    assert!(!reply.private, "{what} is for the room: {}", reply.text);
}

fn assert_english(reply: &Reply, what: &str) {
    assert_eq!(reply.language.tag(), "en", "{what}: {}", reply.text);
    assert!(reply.private, "{what} is dave's alone: {}", reply.text);
}

#[tokio::test]
async fn the_room_reads_its_language_and_a_person_their_own() {
    let db = TempDb::new();
    let service = db.service().await;
    let room = french_room(&service).await;

    // Dave's challenge and alice's acceptance: the room's French.
    let challenge = service
        .handle(cmd_at(
            &room,
            "dave",
            Action::Play {
                opponent: user("alice"),
                options: ChallengeOptions::default(),
            },
        ))
        .await;
    assert_french(&challenge, "dave's challenge");
    assert!(challenge.text.contains("défi"), "{}", challenge.text);
    let accepted = service
        .handle(cmd_at(&room, "alice", Action::Accept { challenge: None }))
        .await;
    assert_french(&accepted, "the acceptance");
    let game = accepted.game.expect("the game");

    // Dave (South) moves: the board after his move is the room's, in French.
    let row = db.game(game).await;
    let moved = service
        .handle(cmd_at(&room, "dave", mv_in(&first_legal_pit(&row), game)))
        .await;
    assert_french(&moved, "dave's move");
    assert!(!moved.text.contains(" played "), "{}", moved.text);

    // Out of turn: the refusal is dave's alone, in his English.
    let refused = service
        .handle(cmd_at(&room, "dave", mv_in("a", game)))
        .await;
    assert_english(&refused, "the refusal");
    assert!(refused.text.contains("alice"), "{}", refused.text);

    // The question before resigning is his alone too.
    let question = service
        .handle(cmd_at(
            &room,
            "dave",
            Action::Resign {
                game: Some(game),
                confirmed: false,
            },
        ))
        .await;
    assert_english(&question, "the question before resigning");
    assert!(question.text.contains("alice"), "{}", question.text);

    // Help is read by its asker: English for dave, French for alice.
    let help = service.handle(cmd_at(&room, "dave", Action::Help)).await;
    assert_english(&help, "dave's help");
    let help = service.handle(cmd_at(&room, "alice", Action::Help)).await;
    assert_eq!(help.language.tag(), "fr", "{}", help.text);

    // Alice's resignation ends it for everyone: in French, though it names dave.
    let resigned = service
        .handle(cmd_at(
            &room,
            "alice",
            Action::Resign {
                game: Some(game),
                confirmed: true,
            },
        ))
        .await;
    assert_french(&resigned, "the result");
}

/// A board from North's own seat (`board:my-side`) is theirs alone: in their
/// language; the room's board stays in the room's.
#[tokio::test]
async fn a_board_from_norths_own_seat_is_in_their_language() {
    let db = TempDb::new();
    let service = db.service().await;
    let room = french_room(&service).await;
    let side = service
        .handle(cmd_at(
            &room,
            "dave",
            Action::MySettings {
                changes: vec![("board".into(), "my-side".into())],
            },
        ))
        .await;
    assert!(side.text.contains("Your settings changed"), "{}", side.text);
    let game =
        crate::support::start_game_at(&service, &room, "alice", "dave", Default::default()).await;
    let own = service
        .handle(cmd_at(&room, "dave", crate::support::board(Some(game))))
        .await;
    assert_english(&own, "dave's board from his seat");
    let shared = service
        .handle(cmd_at(&room, "alice", crate::support::board(Some(game))))
        .await;
    assert_french(&shared, "alice's board");
}

/// No English word is left in a French room's game start: the engine's level is
/// « facile », and a time control typed the French way (`3j`) is understood and
/// written « 3 j par coup ».
#[tokio::test]
async fn a_french_room_reads_the_engines_level_and_the_clock_in_french() {
    let db = TempDb::new();
    let service = db.service().await;
    let room = french_room(&service).await;
    let bot = oware_bot::service::User {
        id: "oware-bot".to_owned(),
        name: "oware-bot".to_owned(),
        is_bot: true,
    };
    let start = service
        .handle(cmd_at(
            &room,
            "alice",
            Action::Play {
                opponent: bot,
                options: ChallengeOptions {
                    level: Some(oware_bot::engine::Level::Easy),
                    ..ChallengeOptions::default()
                },
            },
        ))
        .await;
    assert_french(&start, "the engine game's start");
    assert!(start.text.contains("niveau facile"), "{}", start.text);
    assert!(!start.text.contains("easy"), "{}", start.text);

    let challenge = service
        .handle(cmd_at(
            &room,
            "carol",
            Action::Play {
                opponent: user("erin"),
                options: ChallengeOptions {
                    time: Some("3j".parse().expect("a French time control")),
                    ..ChallengeOptions::default()
                },
            },
        ))
        .await;
    assert_french(&challenge, "carol's challenge");
    assert!(
        challenge.text.contains("3 j par coup"),
        "{}",
        challenge.text
    );
}

/// The audit log of a French room names what was done in French
/// (« signalement »), not by its stored code (`report`).
#[tokio::test]
async fn a_french_audit_log_says_what_was_done_in_french() {
    let db = TempDb::new();
    let service = db.service().await;
    let room = french_room(&service).await;
    let game =
        crate::support::start_game_at(&service, &room, "alice", "bob", Default::default()).await;
    let reported = service
        .handle(cmd_at(
            &room,
            "alice",
            Action::Report {
                game,
                reason: "insultes".into(),
            },
        ))
        .await;
    assert_eq!(reported.language.tag(), "fr", "{}", reported.text);
    let log = service
        .handle(
            cmd_at(
                &room,
                "mod",
                Action::admin(oware_bot::service::AdminAction::Log),
            )
            .with_role(Role::Admin),
        )
        .await;
    let table = format!("{}\n{}", log.text, log.table.clone().unwrap_or_default());
    assert!(table.contains("signalement"), "{table}");
    assert!(!table.contains("report"), "{table}");
}

/// A rated game ended by a move that is posted, not answered (a web page's move,
/// which nobody in the chat saw), is kept in the outbox as what happened and
/// worded when it is sent: in the room's French, with what the game did to both
/// ratings, read back from the ratings' history.
#[tokio::test]
async fn a_rated_end_posted_by_its_move_names_the_ratings_in_the_rooms_language() {
    use oware_bot::play::rating::{self, GameResult, Rating};
    use oware_bot::rules::Side;
    use oware_bot::service::Platform;

    let db = TempDb::new();
    let service = db.service().await;
    let room = french_room(&service).await;
    let game =
        crate::support::start_game_at(&service, &room, "alice", "bob", Default::default()).await;
    let line = crate::support::winning_line();
    let (last, before) = line.split_last().expect("a line");
    let mover = |ply: usize| {
        if ply.is_multiple_of(2) {
            "alice"
        } else {
            "bob"
        }
    };
    for (ply, pit) in before.iter().enumerate() {
        let moved = service
            .handle(cmd_at(
                &room,
                mover(ply),
                mv_in(&pit.letter().to_string(), game),
            ))
            .await;
        assert!(!moved.private, "{}", moved.text);
    }
    for message in service.ops().unsent(Platform::Console, None).await {
        service.ops().mark_sent(message.id).await;
    }
    let mut posted = cmd_at(
        &room,
        mover(before.len()),
        mv_in(&last.letter().to_string(), game),
    );
    posted.announce = true;
    let answer = service.handle(posted).await;
    assert!(!answer.private, "{}", answer.text);
    assert_eq!(
        db.count(&format!(
            "SELECT COUNT(*) FROM outbox WHERE game_id = {game}
               AND body LIKE '%\"recipe\":\"moved\"%'"
        ))
        .await,
        1,
        "kept as what happened, not as words"
    );
    let sent = service.ops().unsent(Platform::Console, None).await;
    assert_eq!(sent.len(), 1, "{sent:?}");
    let told = &sent[0].reply;
    assert_eq!(told.language.tag(), "fr", "{}", told.text);
    assert!(
        told.files.iter().any(|f| f.mime == "image/png"),
        "the board after the move"
    );
    // The numbers, computed apart from the bot: two new players, one game.
    let row = db.game(game).await;
    let winner = row.state.ending().and_then(|e| e.winner);
    let (south, north) = rating::update(
        Rating::NEW,
        Rating::NEW,
        GameResult::for_side(winner, Side::South),
    );
    let change = |after: Rating| {
        let diff = after.rating.round() - 1500.0;
        format!(
            "1500? → {}? ({}{diff:.0})",
            after.rating.round(),
            if diff >= 0.0 { "+" } else { "" }
        )
    };
    for expected in [
        "Cotes par correspondance".to_owned(),
        format!("alice {}", change(south)),
        format!("bob {}", change(north)),
    ] {
        assert!(
            told.text.contains(&expected),
            "{expected:?} in {}",
            told.text
        );
    }
    assert!(!told.text.contains("ratings"), "{}", told.text);
}

/// A moderator's verdict is posted in the game's place as what happened, and
/// worded when it is sent: a room that turns French before the message goes out
/// reads it in French, with the verdict, the moderator's reason as typed, what the
/// game did to both ratings, and both players mentioned.
#[tokio::test]
async fn a_verdict_is_worded_when_it_is_sent_in_the_rooms_language_then() {
    use oware_bot::service::{AdminAction, Platform};

    let db = TempDb::new();
    let service = db.service().await;
    let room = Place {
        channel: "salon".into(),
        ..place()
    };
    let game =
        crate::support::start_game_at(&service, &room, "alice", "bob", Default::default()).await;
    crate::support::play_plies(&service, &room, game, ["alice", "bob"], 10).await;
    for message in service.ops().unsent(Platform::Console, None).await {
        service.ops().mark_sent(message.id).await;
    }
    let decided = service
        .handle(
            cmd_at(
                &room,
                "mod",
                Action::admin(AdminAction::Adjudicate {
                    game,
                    winner: Some(user("bob")),
                    reason: "alice a calé".into(),
                }),
            )
            .with_role(Role::Admin),
        )
        .await;
    assert!(decided.text.contains("**bob** wins"), "{}", decided.text);
    assert_eq!(
        db.count(&format!(
            "SELECT COUNT(*) FROM outbox WHERE game_id = {game}
               AND body LIKE '%\"recipe\":\"ended\"%' AND body LIKE '%\"how\":\"decided\"%'"
        ))
        .await,
        1,
        "kept as what happened, not as words"
    );
    // The room turns French before the verdict goes out.
    make_french(&service, &room).await;
    let sent = service.ops().unsent(Platform::Console, None).await;
    let told = &sent.last().expect("the verdict is posted").reply;
    assert_eq!(told.language.tag(), "fr", "{}", told.text);
    for expected in [
        "tranchée par un admin (**mod**)",
        "**bob** gagne",
        "alice a calé",
        "Cotes par correspondance",
        "alice 1500? → ",
        "bob 1500? → ",
    ] {
        assert!(
            told.text.contains(expected),
            "{expected:?} in {}",
            told.text
        );
    }
    let mentioned: Vec<&str> = told.mentions.iter().map(|u| u.name.as_str()).collect();
    assert_eq!(mentioned, ["alice", "bob"]);
    assert!(
        told.files.iter().any(|f| f.mime == "image/png"),
        "the final board"
    );
}
