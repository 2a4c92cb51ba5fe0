//! `/oware learn`: five lessons, each a position solved with one move; answers are
//! judged by the rules (a refused move explained), progress is kept per person, and
//! `/oware learn 3` repeats a lesson.

use crate::support::{cmd, TempDb};
use oware_bot::service::{Action, ButtonAction};

fn learn(lesson: Option<u8>, answer: Option<&str>) -> Action {
    Action::Learn {
        lesson,
        answer: answer.map(|a| a.parse().expect("a pit letter")),
    }
}

/// The answers, found by the rules in the lessons' own tests: D, F, F, F, E.
const ANSWERS: [&str; 5] = ["d", "f", "f", "f", "e"];

#[tokio::test]
async fn the_lessons_teach_in_order_and_remember_progress() {
    let db = TempDb::new();
    let service = db.service().await;

    let first = service.handle(cmd("alice", learn(None, None))).await;
    assert!(first.private, "{}", first.text);
    assert!(
        first.text.contains("**Lesson 1 of 5.** **Sowing.**")
            && first.text.contains("lands in North's pit `c`"),
        "{}",
        first.text
    );
    let pits: Vec<ButtonAction> = first.buttons.iter().map(|b| b.action.clone()).collect();
    assert_eq!(
        pits,
        ['A', 'B', 'C', 'D', 'E', 'F'].map(|pit| ButtonAction::Lesson { lesson: 1, pit })
    );
    assert_eq!(first.files.len(), 1);
    assert_eq!(first.files[0].mime, "image/png");

    let wrong = service
        .handle(cmd("alice", learn(Some(1), Some("a"))))
        .await;
    assert!(
        wrong
            .text
            .starts_with("Not quite: A's last seed lands in `B`.")
            && wrong.text.ends_with("Try again: `/oware learn 1`."),
        "{}",
        wrong.text
    );
    // Not solved: still lesson 1.
    let still = service.handle(cmd("alice", learn(None, None))).await;
    assert!(still.text.contains("**Lesson 1 of 5.**"), "{}", still.text);

    for (i, answer) in ANSWERS.iter().enumerate() {
        let number = u8::try_from(i + 1).unwrap();
        let right = service
            .handle(cmd("alice", learn(Some(number), Some(answer))))
            .await;
        assert!(
            right.text.starts_with("Right:"),
            "lesson {number}: {}",
            right.text
        );
        if number < 5 {
            assert!(
                right
                    .text
                    .ends_with(&format!("Next: `/oware learn {}`.", number + 1)),
                "{}",
                right.text
            );
            let next = service.handle(cmd("alice", learn(None, None))).await;
            assert!(
                next.text
                    .contains(&format!("**Lesson {} of 5.**", number + 1)),
                "{}",
                next.text
            );
        } else {
            assert!(
                right.text.contains("That was your last lesson"),
                "{}",
                right.text
            );
        }
    }
    let all = service.handle(cmd("alice", learn(None, None))).await;
    assert!(
        all.text.contains("You have done all 5 lessons"),
        "{}",
        all.text
    );
    let repeat = service.handle(cmd("alice", learn(Some(3), None))).await;
    assert!(
        repeat.text.contains("**Lesson 3 of 5.**"),
        "{}",
        repeat.text
    );
    // Progress is each person's own.
    let bob = service.handle(cmd("bob", learn(None, None))).await;
    assert!(bob.text.contains("**Lesson 1 of 5.**"), "{}", bob.text);
}

#[tokio::test]
async fn a_move_the_rules_refuse_is_explained_and_a_bad_lesson_named() {
    let db = TempDb::new();
    let service = db.service().await;
    // Lesson 4: North is empty, and A cannot reach it.
    let refused = service
        .handle(cmd("alice", learn(Some(4), Some("A"))))
        .await;
    assert!(
        refused.private
            && refused.text.contains("F")
            && refused.text.ends_with("`/oware learn 4`."),
        "{}",
        refused.text
    );
    // Lesson 5: F would take North's whole row.
    let slam = service
        .handle(cmd("alice", learn(Some(5), Some("F"))))
        .await;
    assert!(slam.text.contains("grand slam"), "{}", slam.text);
    let nowhere = service.handle(cmd("alice", learn(Some(9), None))).await;
    assert!(
        nowhere.private && nowhere.text.contains("There is no lesson 9"),
        "{}",
        nowhere.text
    );
}
