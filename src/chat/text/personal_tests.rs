//! Unit tests of the text command parser's personal commands: a place's settings
//! and one's own, vacations, and one's data (`privacy`, `export`).

use super::tests::action;
use super::*;
use crate::service::VacationRequest;

#[test]
fn settings_take_key_value_pairs() {
    assert_eq!(
        action("/oware settings"),
        Action::Settings {
            changes: Vec::new()
        }
    );
    assert_eq!(
        action("!oware settings rated:no time=1d channels:<#200>,<#300>"),
        Action::Settings {
            changes: vec![
                ("rated".into(), "no".into()),
                ("time".into(), "1d".into()),
                ("channels".into(), "<#200>,<#300>".into()),
            ]
        }
    );
    let err = parse_command("/oware settings rated")
        .unwrap_err()
        .to_string();
    assert!(err.contains("rated"), "{err}");
}

#[test]
fn settings_me_are_the_authors_own_and_server_is_the_places() {
    assert_eq!(
        action("/oware settings me board:my-side"),
        Action::MySettings {
            changes: vec![("board".into(), "my-side".into())]
        }
    );
    assert_eq!(
        action("!oware settings me"),
        Action::MySettings {
            changes: Vec::new()
        }
    );
    assert_eq!(
        action("/oware settings server rated:no"),
        Action::Settings {
            changes: vec![("rated".into(), "no".into())]
        }
    );
    let err = parse_command("/oware settings me board")
        .unwrap_err()
        .to_string();
    assert!(err.contains("board"), "{err}");
}

#[test]
fn vacation_privacy_and_export_are_the_authors_own() {
    let away = |days| Action::Vacation(VacationRequest::Start { days });
    assert_eq!(
        action("/oware vacation"),
        Action::Vacation(VacationRequest::Status)
    );
    assert_eq!(action("/oware vacation 7d"), away(7));
    assert_eq!(action("!oware vacation 7"), away(7));
    assert_eq!(action("!oware holiday 10 days"), away(10));
    assert_eq!(action("/oware vacation 2w"), away(14));
    assert_eq!(action("/oware settings vacation days:5"), away(5));
    assert_eq!(action("/oware vacation 99999999999"), away(u32::MAX));
    assert_eq!(
        action("/oware vacation off"),
        Action::Vacation(VacationRequest::End)
    );
    assert_eq!(
        action("!oware vacation back"),
        Action::Vacation(VacationRequest::End)
    );
    for wrong in [
        "/oware vacation soon",
        "/oware vacation 7h",
        "/oware vacation off now",
    ] {
        assert!(
            matches!(parse_command(wrong), Err(ParseError::UnexpectedWord { .. })),
            "{wrong}"
        );
    }
    assert_eq!(action("/oware privacy"), Action::Privacy);
    assert_eq!(action("/oware web"), Action::Web { logout_all: false });
    assert_eq!(
        action("!oware connexion"),
        Action::Web { logout_all: false }
    );
    assert_eq!(
        action("/oware web logout-all"),
        Action::Web { logout_all: true }
    );
    assert!(matches!(
        parse_command("/oware web everything"),
        Err(ParseError::UnexpectedWord { .. })
    ));
    assert_eq!(action("!oware help privacy"), Action::Privacy);
    assert_eq!(action("/oware settings privacy"), Action::Privacy);
    assert_eq!(action("/oware export"), Action::Export);
    assert_eq!(action("!oware settings export"), Action::Export);
    assert!(matches!(
        parse_command("/oware export everything"),
        Err(ParseError::UnexpectedWord { .. })
    ));
}

#[test]
fn forget_me_asks_then_confirms_and_admins_name_someone() {
    let ask = Action::ForgetMe { confirmed: false };
    let confirm = Action::ForgetMe { confirmed: true };
    assert_eq!(action("/oware forget-me"), ask);
    assert_eq!(action("!oware settings forget-me"), ask);
    assert_eq!(action("/oware forget-me confirm"), confirm);
    assert_eq!(action("/oware settings forget-me confirm:true"), confirm);
    assert!(matches!(
        parse_command("/oware forget-me everyone"),
        Err(ParseError::UnexpectedWord { .. })
    ));
    assert_eq!(
        parse_command("/oware admin forget @zed asked by mail").unwrap(),
        Some(crate::chat::text::ParsedAction::Forget {
            user: "@zed".into(),
            reason: "asked by mail".into()
        })
    );
    assert!(matches!(
        parse_command("/oware admin forget"),
        Err(ParseError::Usage(_))
    ));
}
