//! A signed-in player in a real browser: the sign-in link's button, then their
//! pit pressed from the keyboard on the game's page; the move is stored, and when
//! the opponent answers in chat the page reloads with their pits again.

use std::time::Duration;

use serde_json::json;

use crate::browser::Browser;
use crate::pages::game_with_link;
use crate::signin::link_for;
use crate::support::{cmd, mv};
use crate::Site;
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
    sign_in(&site, &browser, "alice").await;
    browser.open(&link).await;
    // Pit C, reached by the keyboard (focused) and pressed with Enter.
    assert_eq!(
        browser
            .script(
                "var b=document.querySelector('#play button[value=C]');\
                 b.focus();return document.activeElement===b&&b.getAttribute('aria-label')"
            )
            .await,
        json!("Sow pit C, 4 seeds")
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
    let signin = link_for(&site, "alice").await;
    browser.resize(360).await;
    browser.open(&signin).await;
    assert_eq!(
        browser.script(OVERFLOW).await,
        json!(null),
        "the sign-in page"
    );
    browser.sign_in(&signin, "alice").await;
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

/// The shortest game of the oracle's (tests/fixtures/oracle-vectors.jsonl.gz, game
/// 361): 14 plies, South's pits upper case, North's lower; North reaches 25.
const ORACLE_361: &str = "DbCeCfEdBcAaFe";

/// Signs `who` in on `browser` through their link's button.
/// Waits until the browser is on a game's page with the game's buttons.
async fn on_a_game(browser: &Browser) {
    browser
        .until(
            "return location.pathname.startsWith('/g/')&&!!document.getElementById('actions')",
            json!(true),
            Duration::from_secs(5),
        )
        .await;
}

async fn sign_in(site: &Site, browser: &Browser, who: &str) {
    browser.sign_in(&link_for(site, who).await, who).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_signed_in_browsers_play_a_whole_game_by_pressing_pits() {
    let Some(south) = Browser::start().await else {
        return;
    };
    let Some(north) = Browser::start().await else {
        return;
    };
    let site = Site::new().await;
    let (game, link) = game_with_link(&site).await;
    sign_in(&site, &south, "alice").await;
    sign_in(&site, &north, "bob").await;
    south.open(&link).await;
    north.open(&link).await;
    let moves = || site.db.count("SELECT COUNT(*) FROM moves");
    for (ply, pit) in ORACLE_361.chars().enumerate() {
        let mover = if pit.is_ascii_uppercase() {
            &south
        } else {
            &north
        };
        // The mover's page follows the game until their pit is a button to press.
        mover
            .until(
                &format!(
                    "var b=document.querySelector('#play button[value={pit}]');\
                     if(b&&!b.disabled){{b.click();return true}}return false"
                ),
                json!(true),
                Duration::from_secs(10),
            )
            .await;
        tokio::time::timeout(Duration::from_secs(10), async {
            while moves().await != i64::try_from(ply + 1).unwrap() {
                tokio::time::sleep(Duration::from_millis(25)).await;
            }
        })
        .await
        .unwrap_or_else(|_| panic!("move {} ({pit}) is stored", ply + 1));
    }
    let row = site.db.game(oware_bot::store::GameId::new(game)).await;
    assert!(!row.is_active(), "the game is over");
    assert!(row.north.score >= 25, "North won: {row:?}");
    // Both pages end without pits, with the rematch button.
    for browser in [&south, &north] {
        browser
            .until(
                "return !document.getElementById('play')&&\
                 !!document.querySelector('#actions button[value=rematch]')",
                json!(true),
                Duration::from_secs(10),
            )
            .await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_accepts_a_challenge_and_plays_the_engine_from_a_place_page() {
    let Some(browser) = Browser::start().await else {
        return;
    };
    let site = Site::new().await;
    crate::places::make_public(&site).await;
    let options = oware_bot::service::ChallengeOptions::default();
    let open = site
        .service
        .handle(cmd("bob", Action::Open { options }))
        .await;
    assert!(!open.private, "{}", open.text);
    browser.resize(360).await;
    sign_in(&site, &browser, "alice").await;
    let place = format!("{}/p/console/console", site.base);
    browser.open(&place).await;
    assert_eq!(
        browser.script(OVERFLOW).await,
        json!(null),
        "the place page"
    );
    browser
        .script("document.querySelector('#accept button[name=challenge]').click(); return null")
        .await;
    // On the game's page, with the game's buttons.
    on_a_game(&browser).await;
    assert_eq!(site.db.count("SELECT COUNT(*) FROM games").await, 1);
    // Back to the place: the engine at the easy level.
    browser.open(&place).await;
    browser
        .script(
            "document.getElementById('level').value='easy';\
             document.querySelector('#engine button').click(); return null",
        )
        .await;
    on_a_game(&browser).await;
    assert_eq!(
        site.db
            .count("SELECT COUNT(*) FROM challenges WHERE level = 'easy'")
            .await,
        1
    );
    assert_eq!(
        browser.script(OVERFLOW).await,
        json!(null),
        "the engine's game"
    );
}
