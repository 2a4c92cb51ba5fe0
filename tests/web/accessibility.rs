//! Every kind of page, checked by axe-core in Chromium at a desktop and a phone
//! width: no serious or critical accessibility violation. axe-core comes from the
//! npm registry (`.ci/run` installs it and sets `AXE_CORE_JS` to its
//! `axe.min.js`); without it the test says SKIPPED, except under CI.

use serde_json::json;

use crate::browser::Browser;
use crate::every_page::every_page;
use crate::signin::link_for;

/// Runs axe on the page open (injecting it first), and returns its serious and
/// critical violations, each as `rule: help (nodes)`.
const AXE: &str = "var done = arguments[arguments.length - 1];
if (!window.axe) { (0, eval)(arguments[0]); }
axe.run(document, {resultTypes: ['violations']}).then(function (r) {
  done(r.violations.filter(function (v) { return v.impact === 'serious' || v.impact === 'critical'; })
    .map(function (v) { return v.id + ': ' + v.help + ' (' + v.nodes.map(function (n) { return n.target.join(' '); }).join(', ') + ')'; }));
}).catch(function (e) { done(['axe failed: ' + e]); });";

/// axe-core's source, or `None` (SKIPPED) outside CI without it.
fn axe_source() -> Option<String> {
    match std::env::var("AXE_CORE_JS") {
        Ok(path) => Some(std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))),
        Err(_) if std::env::var_os("CI").is_some() => {
            panic!("AXE_CORE_JS is not set under CI: .ci/run installs axe-core")
        }
        Err(_) => {
            eprintln!("SKIPPED: set AXE_CORE_JS to axe-core's axe.min.js (npm install axe-core)");
            None
        }
    }
}

/// The serious and critical violations on `url`, at 1280 and 360 px.
async fn violations(browser: &Browser, axe: &str, what: &str, url: &str) -> Vec<String> {
    let mut found = Vec::new();
    for width in [1280, 360] {
        browser.resize(width).await;
        browser.open(url).await;
        let got = browser.script_async(AXE, json!([axe])).await;
        let list = got
            .as_array()
            .unwrap_or_else(|| panic!("axe on {what}: {got}"))
            .iter()
            .map(|v| format!("{what} at {width} px: {}", v.as_str().unwrap_or_default()));
        found.extend(list);
    }
    found
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_page_has_a_serious_accessibility_violation() {
    let Some(axe) = axe_source() else {
        return;
    };
    let Some(browser) = Browser::start().await else {
        return;
    };
    let every = every_page().await;
    let mut found = Vec::new();
    for (what, url) in &every.pages {
        found.extend(violations(&browser, &axe, what, url).await);
    }
    // Signed in, the player to move: the pits are buttons, with the game's other
    // buttons and the sign-out form; and the place's forms to start a game.
    let signin = link_for(&every.site, "bob").await;
    // Opening the link's page does not spend it: only its button does.
    found.extend(violations(&browser, &axe, "the sign-in page", &signin).await);
    browser.sign_in(&signin, "bob").await;
    found.extend(violations(&browser, &axe, "the player's own game", &every.link).await);
    found.extend(violations(&browser, &axe, "a place, signed in", &every.place).await);
    assert!(found.is_empty(), "{found:#?}");
}
