//! The game page in a real browser: Debian's headless Chromium driven through
//! chromedriver (WebDriver's JSON wire protocol, spoken over the tests' own HTTP
//! client). Without Chromium the tests say SKIPPED, except under CI (`CI` set),
//! where `.ci/run` installs it and a missing browser is a failure.

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{json, Value};

use crate::http::json as call;
use crate::support::{cmd, mv};
use crate::{link_in, Site};
use oware_bot::service::Action;

/// WebDriver's key code for the left arrow.
const ARROW_LEFT: &str = "\u{E012}";
/// And for Home.
const HOME: &str = "\u{E011}";

fn find(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |name| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// A chromedriver process and one browser session, ended on drop.
pub(crate) struct Browser {
    driver: Child,
    session: String,
    base: String,
    _profile: tempfile::TempDir,
}

impl Browser {
    /// Starts chromedriver and a headless Chromium, or `None` (SKIPPED) when they
    /// are not installed and this is not CI.
    pub(crate) async fn start() -> Option<Browser> {
        let (Some(chromium), Some(driver)) = (
            find(&["chromium", "chromium-browser"]),
            find(&["chromedriver"]),
        ) else {
            if std::env::var_os("CI").is_some() {
                panic!("Chromium and chromedriver are missing under CI: .ci/run installs them");
            }
            eprintln!("SKIPPED: the browser tests need chromium and chromium-driver");
            return None;
        };
        let port = {
            let free = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            free.local_addr().unwrap().port()
        };
        let mut driver = Command::new(driver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let base = format!("http://127.0.0.1:{port}");
        // Ready when it answers its status (it binds a moment after starting).
        let ready = tokio::time::timeout(Duration::from_secs(20), async {
            loop {
                if tokio::net::TcpStream::connect(("127.0.0.1", port))
                    .await
                    .is_ok()
                    && call("GET", &format!("{base}/status"), &Value::Null).await["value"]["ready"]
                        == true
                {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        })
        .await;
        if ready.is_err() {
            let _ = driver.kill();
            let _ = driver.wait();
            panic!("chromedriver is not ready within 20 s");
        }
        let profile = tempfile::tempdir().unwrap();
        let args = [
            "--headless".to_owned(),
            "--no-sandbox".to_owned(),
            "--disable-gpu".to_owned(),
            "--disable-quic".to_owned(),
            "--no-first-run".to_owned(),
            "--disable-background-networking".to_owned(),
            "--disable-component-update".to_owned(),
            "--disable-sync".to_owned(),
            "--window-size=1280,900".to_owned(),
            format!("--user-data-dir={}", profile.path().display()),
        ];
        let created = call(
            "POST",
            &format!("{base}/session"),
            &json!({"capabilities": {"alwaysMatch": {
                "browserName": "chrome",
                "goog:chromeOptions": {"binary": chromium, "args": args}
            }}}),
        )
        .await;
        let session = created["value"]["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("a browser session: {created}"))
            .to_owned();
        Some(Browser {
            driver,
            session: format!("{base}/session/{session}"),
            base,
            _profile: profile,
        })
    }

    pub(crate) async fn open(&self, url: &str) {
        let opened = call(
            "POST",
            &format!("{}/url", self.session),
            &json!({"url": url}),
        )
        .await;
        assert!(opened["value"].is_null(), "{opened}");
    }

    pub(crate) async fn script(&self, script: &str) -> Value {
        call(
            "POST",
            &format!("{}/execute/sync", self.session),
            &json!({"script": script, "args": []}),
        )
        .await["value"]
            .clone()
    }

    /// Runs `script` asynchronously (it calls `arguments[arguments.length - 1]`
    /// with its result), with `args`.
    pub(crate) async fn script_async(&self, script: &str, args: Value) -> Value {
        call(
            "POST",
            &format!("{}/execute/async", self.session),
            &json!({"script": script, "args": args}),
        )
        .await["value"]
            .clone()
    }

    /// Makes the window `width` px wide (800 high).
    pub(crate) async fn resize(&self, width: u32) {
        call(
            "POST",
            &format!("{}/window/rect", self.session),
            &json!({"width": width, "height": 800}),
        )
        .await;
    }

    pub(crate) async fn press(&self, key: &str) {
        let actions = json!({"actions": [{"type": "key", "id": "keyboard", "actions": [
            {"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}
        ]}]});
        call("POST", &format!("{}/actions", self.session), &actions).await;
    }

    /// Waits (up to `within`) until `script` returns `want`.
    pub(crate) async fn until(&self, script: &str, want: Value, within: Duration) -> Value {
        let waited = tokio::time::timeout(within, async {
            loop {
                let got = self.script(script).await;
                if got == want {
                    return got;
                }
                tokio::time::sleep(Duration::from_millis(25)).await;
            }
        })
        .await;
        match waited {
            Ok(got) => got,
            Err(_) => panic!(
                "`{script}` is {} after {within:?}, not {want}",
                self.script(script).await
            ),
        }
    }

    /// Opens sign-in link `link` (`/oware web`'s, given to `who`) and presses its
    /// button; returns once the page says `who` is signed in.
    pub(crate) async fn sign_in(&self, link: &str, who: &str) {
        self.open(link).await;
        self.script("document.querySelector('form button').click(); return null")
            .await;
        self.until(
            &format!("return document.body.innerText.includes('Signed in as {who}')"),
            Value::Bool(true),
            Duration::from_secs(5),
        )
        .await;
    }
}

impl Drop for Browser {
    /// Ends the session (which closes the browser: killing the driver alone would
    /// leave Chromium running), then the driver. Blocking, so that it also runs when
    /// the test panics.
    fn drop(&mut self) {
        use std::io::{Read, Write};
        let path = self.session.trim_start_matches(&self.base).to_owned();
        let host = self.base.trim_start_matches("http://").to_owned();
        if let Ok(mut stream) = std::net::TcpStream::connect(&host) {
            let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
            let request = format!(
                "DELETE {path} HTTP/1.1\r\nHost: {host}\r\nContent-Length: 0\r\n\
                 Connection: close\r\n\r\n"
            );
            if stream.write_all(request.as_bytes()).is_ok() {
                let _ = stream.read_to_end(&mut Vec::new());
            }
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_updates_live_and_steps_with_the_keyboard() {
    let Some(browser) = Browser::start().await else {
        return;
    };
    let site = Site::new().await;
    let service = &site.service;
    service
        .handle(cmd("alice", crate::support::play("bob")))
        .await;
    let accepted = service
        .handle(cmd("bob", Action::Accept { challenge: None }))
        .await;
    let game = accepted.game.unwrap();
    let link = link_in(&accepted.text).unwrap();
    browser.open(&link).await;
    // The board drawn in the page, each pit labelled.
    assert_eq!(
        browser
            .script(
                "return document.querySelector('#board [data-pit=C]').getAttribute('aria-label')"
            )
            .await,
        "Pit C: 4 seeds"
    );

    // Moves played through the service show without a reload.
    browser
        .script("window.notReloaded = true; return null")
        .await;
    for (author, pit) in [("alice", "c"), ("bob", "d"), ("alice", "a")] {
        let reply = service.handle(cmd(author, mv(pit))).await;
        assert!(!reply.private, "{}", reply.text);
    }
    browser
        .until(
            "return document.querySelectorAll('#moves a').length",
            json!(3),
            Duration::from_secs(2),
        )
        .await;
    assert_eq!(
        browser.script("return window.notReloaded === true").await,
        true
    );
    // The board follows: A was sown last, North to move.
    let drawn = "var b=document.getElementById('board'),a=b.querySelector('[data-pit=A]');\
                 return [a.querySelector('.n').textContent,a.getAttribute('aria-label'),\
                 b.querySelector('.last')&&b.querySelector('.last').dataset.pit,\
                 b.querySelector('p.turn').dataset.side]";
    browser
        .until(
            drawn,
            json!(["0", "Pit A: 0 seeds", "A", "N"]),
            Duration::from_secs(2),
        )
        .await;
    assert_eq!(
        browser
            .script("return document.querySelector('main').dataset.shown")
            .await,
        "3"
    );

    // Finished: the arrow keys step back through the moves.
    service
        .handle(cmd(
            "alice",
            Action::Resign {
                game: Some(game),
                confirmed: true,
            },
        ))
        .await;
    browser.open(&link).await;
    assert_eq!(
        browser
            .script("return document.querySelector('main').dataset.live")
            .await,
        "0"
    );
    browser.press(ARROW_LEFT).await;
    browser
        .until(
            "return document.querySelector('main').dataset.shown",
            json!("2"),
            Duration::from_secs(1),
        )
        .await;
    assert_eq!(
        browser
            .script("return document.querySelector('#moves a[aria-current]').dataset.ply")
            .await,
        "2"
    );
    // The board redrawn from the page's data: after C and d, pit A holds 5 (d
    // reached it), pit d was sown last, and South is to move.
    browser
        .until(
            drawn,
            json!(["5", "Pit A: 5 seeds", "d", "S"]),
            Duration::from_secs(1),
        )
        .await;
    browser.press(HOME).await;
    browser
        .until(
            drawn,
            json!(["4", "Pit A: 4 seeds", null, "S"]),
            Duration::from_secs(1),
        )
        .await;
    browser
        .until(
            "return document.querySelector('main').dataset.shown",
            json!("0"),
            Duration::from_secs(1),
        )
        .await;

    // Readable from 360 px to a desktop: the board and the move list both show,
    // within the width, without overlapping (side by side, or one under the other).
    for width in [1280, 360] {
        call(
            "POST",
            &format!("{}/window/rect", browser.session),
            &json!({"width": width, "height": 800}),
        )
        .await;
        let layout = browser
            .script(
                "var b=document.getElementById('board').getBoundingClientRect(),\
                 m=document.getElementById('moves').getBoundingClientRect();\
                 return [b.width>0&&m.width>0, b.bottom<=m.top||m.bottom<=b.top||b.right<=m.left||m.right<=b.left, b.right<=document.documentElement.clientWidth]",
            )
            .await;
        assert_eq!(layout, json!([true, true, true]), "at {width} px");
    }
}

/// Whether, in the page now shown, the move list reads as rounds: each of South's
/// moves on one row with North's reply, the rows one under the other, every move
/// within the list's width (none clipped at the right), the page no wider than the
/// window, and the last move reachable by scrolling the list down.
const MOVES_IN_ROWS: &str = "\
var list=document.getElementById('moves'),links=list.querySelectorAll('a[data-ply]'),\
box=list.getBoundingClientRect(),out=[];\
links.forEach(function(a){var r=a.getBoundingClientRect();\
if(r.width===0||r.left<box.left||r.right>box.right)out.push('move '+a.dataset.ply+' outside the list')});\
for(var i=0;i+1<links.length;i+=2){var s=links[i].getBoundingClientRect(),n=links[i+1].getBoundingClientRect();\
if(links[i].parentNode!==links[i+1].parentNode||Math.abs(s.top-n.top)>1)out.push('moves '+(i+1)+' and '+(i+2)+' not on one row');\
if(i+2<links.length&&links[i+2].getBoundingClientRect().top<s.bottom-1)out.push('round '+(i/2+2)+' not under round '+(i/2+1))}\
if(list.scrollWidth>list.clientWidth)out.push('the list scrolls sideways');\
if(document.documentElement.scrollWidth>document.documentElement.clientWidth)out.push('the page scrolls sideways');\
list.scrollTop=list.scrollHeight;var last=links[links.length-1].getBoundingClientRect();\
box=list.getBoundingClientRect();\
if(last.top<box.top-1||last.bottom>box.bottom+1)out.push('the last move cannot be scrolled to');\
return out;";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_games_moves_read_in_rounds_at_phone_and_desktop_widths() {
    let Some(browser) = Browser::start().await else {
        return;
    };
    let site = Site::new().await;
    let (game, link) = crate::pages::game_with_link(&site).await;
    let game = oware_bot::service::GameId::new(game);
    let players = ["alice", "bob"];
    crate::support::play_plies(&site.service, &crate::support::place(), game, players, 60).await;
    browser.open(&link).await;
    // Four more moves arrive live: the list the script rebuilds reads as rounds too.
    let row = site.db.game(game).await;
    assert!(row.is_active(), "the game goes on after 60 moves");
    let mut local = oware_bot::rules::Game::from_moves(row.variant, &row.pits.0).unwrap();
    for i in 0..4 {
        let pit = local
            .legal_moves()
            .into_iter()
            .next()
            .expect("a legal move");
        local.play(pit).unwrap();
        let author = players[i % 2];
        let action = Action::Move {
            pit: oware_bot::rules::Typed::of(pit),
            game: Some(game),
            ply: None,
        };
        let reply = site.service.handle(cmd(author, action)).await;
        assert!(!reply.private, "{}", reply.text);
    }
    browser
        .until(
            "return document.querySelectorAll('#moves a[data-ply]').length",
            json!(64),
            Duration::from_secs(2),
        )
        .await;
    for reloaded in [false, true] {
        if reloaded {
            browser.open(&link).await;
        }
        for width in [1280, 360] {
            call(
                "POST",
                &format!("{}/window/rect", browser.session),
                &json!({"width": width, "height": 800}),
            )
            .await;
            let inner = browser.script("return window.innerWidth").await;
            assert!(
                inner.as_i64().unwrap() <= width,
                "{inner} px wide, not {width}"
            );
            let faults = browser.script(MOVES_IN_ROWS).await;
            assert_eq!(
                faults,
                json!([]),
                "at {width} px ({}), reloaded: {reloaded}",
                browser
                    .script("return document.documentElement.clientWidth")
                    .await
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_review_graph_fills_its_column_at_phone_and_desktop_widths() {
    let Some(browser) = Browser::start().await else {
        return;
    };
    let site = Site::new().await;
    let (game, link) = crate::pages::game_with_link(&site).await;
    for (author, pit) in [("alice", "c"), ("bob", "d")] {
        let reply = site.service.handle(cmd(author, mv(pit))).await;
        assert!(!reply.private, "{}", reply.text);
    }
    let html = crate::pages::reviewed(&site, game, &link).await;
    assert!(html.contains("review.png"), "{html}");
    // Drawn once now, so that the browser's request is not refused while the
    // board takes the test site's one web picture slot.
    let graph = crate::http::get(&format!("{link}/review.png")).await;
    assert_eq!(graph.status, 200);
    browser.open(&link).await;
    // Loaded (it loads lazily: brought into view).
    browser
        .until(
            "var g=document.querySelector('.graph img');g.scrollIntoView();\
             return g.complete?g.naturalWidth:0",
            json!(640),
            Duration::from_secs(10),
        )
        .await;
    for width in [1280, 360] {
        call(
            "POST",
            &format!("{}/window/rect", browser.session),
            &json!({"width": width, "height": 800}),
        )
        .await;
        // Sized by the style, not its attributes (640 × 320): as wide as its
        // column, its shape kept, within the window.
        let fit = browser
            .script(
                "var g=document.querySelector('.graph img'),r=g.getBoundingClientRect(),\
                 c=g.closest('.graph').parentNode.getBoundingClientRect();\
                 return [Math.abs(r.width-c.width)<=1, Math.abs(r.height*2-r.width)<=2,\
                 r.right<=document.documentElement.clientWidth]",
            )
            .await;
        assert_eq!(fit, json!([true, true, true]), "at {width} px");
        // Pressing the graph where it draws a move shows the position after it: the
        // column of ply 1 (halfway along the plotting area), then of ply 0 (its
        // left edge).
        let (left, right) = oware_bot::render::chart::PLOT_X;
        for ply in [1, 0, 2] {
            let column = f64::from(left) + f64::from(right - left) * f64::from(ply) / 2.0;
            let pressed = browser
                .script(&format!(
                    "var g=document.querySelector('.graph img');g.scrollIntoView({{block:'center'}});\
                     var r=g.getBoundingClientRect(),\
                     a=document.elementFromPoint(r.left+r.width*{column}/640,r.top+r.height*0.4);\
                     a.click();return [a.dataset.ply,document.querySelector('main').dataset.shown,\
                     location.search,document.querySelectorAll('.jump a.at').length]"
                ))
                .await;
            let search = if ply == 2 {
                String::new()
            } else {
                format!("?ply={ply}")
            };
            assert_eq!(
                pressed,
                json!([ply.to_string(), ply.to_string(), search, 1]),
                "ply {ply} at {width} px"
            );
        }
    }
}
