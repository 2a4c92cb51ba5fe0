//! A signed-in player in a real browser: the sign-in link's button, then their
//! pit pressed from the keyboard on the game's page; the move is stored, and when
//! the opponent answers in chat the page reloads with their pits again.

use std::time::Duration;

use serde_json::json;

use crate::browser::Browser;
use crate::pages::game_with_link;
use crate::support::{cmd, mv};
use crate::{link_in, Site};
use oware_bot::service::Action;

/// WebDriver's key code for Enter.
const ENTER: &str = "\u{E007}";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_signed_in_player_presses_a_pit_with_the_keyboard() {
    let Some(browser) = Browser::start().await else {
        return;
    };
    let site = Site::new().await;
    let (_, link) = game_with_link(&site).await;
    let reply = site
        .service
        .handle(cmd("alice", Action::Web { logout_all: false }))
        .await;
    let signin = link_in(&reply.text).expect("a sign-in link");
    browser.open(&signin).await;
    browser
        .script("document.querySelector('form button').click(); return null")
        .await;

    browser
        .until(
            "return document.body.innerText.includes('Signed in as alice')",
            json!(true),
            Duration::from_secs(5),
        )
        .await;
    browser.open(&link).await;
    // Pit C, reached by the keyboard (focused) and pressed with Enter.
    assert_eq!(
        browser
            .script(
                "var b=document.querySelector('#play button[value=C]');\
                 b.focus();return document.activeElement===b&&b.getAttribute('aria-label')"
            )
            .await,
        json!("Sow pit C (4 seeds)")
    );
    browser.press(ENTER).await;
    let moves = || site.db.count("SELECT COUNT(*) FROM moves");
    tokio::time::timeout(Duration::from_secs(5), async {
        while moves().await != 1 {
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    })
    .await
    .expect("the move is stored");
    // Back on the page: Bob to move, no pits for Alice.
    browser
        .until(
            "return document.readyState==='complete'&&!!document.getElementById('moves')&&\
             document.querySelectorAll('#moves a').length",
            json!(1),
            Duration::from_secs(5),
        )
        .await;
    assert_eq!(
        browser
            .script("return document.getElementById('play')")
            .await,
        json!(null)
    );
    // Bob answers in chat: the page follows, and Alice's pits are back.
    let answer = site.service.handle(cmd("bob", mv("d"))).await;
    assert!(!answer.private, "{}", answer.text);
    browser
        .until(
            "var p=document.getElementById('play');return !!p&&p.querySelectorAll('button').length",
            json!(6),
            Duration::from_secs(5),
        )
        .await;
}

/// What overflows the page at the right: the page's own width beyond the
/// window's, as `[scrollWidth, innerWidth]` when it does, else `null`.
const OVERFLOW: &str = "var d=document.documentElement;\
    return d.scrollWidth>window.innerWidth?[d.scrollWidth,window.innerWidth]:null";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_resigns_by_the_buttons_on_a_phone_wide_page() {
    let Some(browser) = Browser::start().await else {
        return;
    };
    let site = Site::new().await;
    let (game, link) = game_with_link(&site).await;
    let reply = site
        .service
        .handle(cmd("alice", Action::Web { logout_all: false }))
        .await;
    let signin = link_in(&reply.text).expect("a sign-in link");
    browser.resize(360).await;
    browser.open(&signin).await;
    assert_eq!(
        browser.script(OVERFLOW).await,
        json!(null),
        "the sign-in page"
    );
    browser
        .script("document.querySelector('form button').click(); return null")
        .await;
    browser
        .until(
            "return document.body.innerText.includes('Signed in as alice')",
            json!(true),
            Duration::from_secs(5),
        )
        .await;
    browser.open(&link).await;
    assert!(
        browser
            .script("return window.innerWidth")
            .await
            .as_i64()
            .unwrap()
            <= 360,
        "a phone's width"
    );
    // The pits and the game's buttons, all within 360 px.
    assert_eq!(
        browser
            .script("return document.querySelectorAll('#play button, #actions button').length")
            .await,
        json!(9)
    );
    assert_eq!(browser.script(OVERFLOW).await, json!(null), "the game page");
    browser
        .script("document.querySelector('#actions button[value=resign]').click(); return null")
        .await;
    // Asked first: nothing ended yet.
    browser
        .until(
            "return !!document.querySelector('#confirm button[value=resign-confirm]')",
            json!(true),
            Duration::from_secs(5),
        )
        .await;
    assert_eq!(browser.script(OVERFLOW).await, json!(null), "the question");
    let row = || site.db.game(oware_bot::store::GameId::new(game));
    assert!(row().await.is_active());
    browser
        .script("document.querySelector('#confirm button').click(); return null")
        .await;
    // Over: back on the page, with the rematch button.
    browser
        .until(
            "return !!document.querySelector('#actions button[value=rematch]')",
            json!(true),
            Duration::from_secs(5),
        )
        .await;
    assert!(!row().await.is_active());
    assert_eq!(
        browser.script(OVERFLOW).await,
        json!(null),
        "the ended game"
    );
}
