//! Every kind of page is valid HTML by the W3C's own checker, the Nu Html Checker
//! (`vnu.jar`, from the npm registry: `.ci/run` installs it and a Java runtime, and
//! sets `VNU_JAR`); without it the test says SKIPPED, except under CI. The pages are
//! read over HTTP as a browser gets them, signed in and not, refusals and errors
//! included.

use std::process::Command;

use crate::every_page::{every_page, EveryPage};
use crate::http::{get, send_form};
use crate::signin::{field, get_with, link_for, signed_in};
use crate::web_actions::press;

/// The checker's jar, or `None` (SKIPPED) outside CI without it.
fn checker() -> Option<String> {
    match std::env::var("VNU_JAR") {
        Ok(path) => Some(path),
        Err(_) if std::env::var_os("CI").is_some() => {
            panic!("VNU_JAR is not set under CI: .ci/run installs the Nu Html Checker")
        }
        Err(_) => {
            eprintln!(
                "SKIPPED: set VNU_JAR to the Nu Html Checker's vnu.jar (npm install vnu-jar)"
            );
            None
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_is_valid_html() {
    let Some(jar) = checker() else {
        return;
    };
    let EveryPage {
        site,
        link,
        place,
        pages,
    } = every_page().await;
    let mut read = Vec::new();
    for (what, url) in pages {
        let got = get(&url).await;
        assert_eq!(got.status, 200, "{what}: {}", got.text());
        read.push((what, got.text()));
    }
    let nowhere = get(&format!("{}/g/nowhere", site.base)).await;
    assert_eq!(nowhere.status, 404);
    read.push(("a page that is not there", nowhere.text()));
    read.push((
        "the sign-in page",
        get(&link_for(&site, "alice").await).await.text(),
    ));
    // Signed in: bob's own game (his pits are buttons), the place's forms, a
    // refused move, the question before resigning, and the page after signing out.
    let bob = signed_in(&site, "bob").await;
    let own = get_with(&link, &bob).await.text();
    read.push(("the player's own game", own.clone()));
    read.push(("a place, signed in", get_with(&place, &bob).await.text()));
    let refused = send_form(
        "POST",
        &format!("{link}/move"),
        &[("cookie", &bob), ("origin", &site.base)],
        &format!(
            "csrf={}&nonce=refused0&ply={}&pit=Z",
            field(&own, "csrf"),
            field(&own, "ply")
        ),
    )
    .await;
    assert_eq!(refused.status, 422, "{}", refused.text());
    read.push(("a refused move", refused.text()));
    let asked = press(&site, &link, &bob, "resign", "resign00").await;
    assert_eq!(asked.status, 200, "{}", asked.text());
    read.push(("the question before resigning", asked.text()));
    let home = get_with(&format!("{}/", site.base), &bob).await.text();
    let out = send_form(
        "POST",
        &format!("{}/signout", site.base),
        &[("cookie", &bob), ("origin", &site.base)],
        &format!("csrf={}", field(&home, "csrf")),
    )
    .await;
    read.push(("the page after signing out", out.text()));

    // And a control, with the fault the checker once found on the game page: a
    // checker that runs but reads nothing would pass every page.
    read.push((
        "the control",
        r#"<!DOCTYPE html><html lang="en"><head><title>control</title></head><body><img src="a.png" alt="" width="100%"></body></html>"#.to_owned(),
    ));

    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    for (i, (what, html)) in read.iter().enumerate() {
        assert!(html.starts_with("<!DOCTYPE html>"), "{what}: {html}");
        let file = dir.path().join(format!("{i:02}.html"));
        std::fs::write(&file, html).unwrap();
        files.push(file);
    }
    let checked = Command::new("java")
        .args([
            "-jar",
            &jar,
            "--errors-only",
            "--format",
            "gnu",
            "--asciiquotes",
        ])
        .args(&files)
        .output()
        .expect("java runs the checker (a Java runtime is installed)");
    // One line an error, `"file:…/NN.html":line.column-line.column: error: …`,
    // named back as the page in that file.
    let said = String::from_utf8_lossy(&checked.stderr).into_owned();
    let errors: Vec<String> = said
        .lines()
        .filter(|line| line.contains(": error:"))
        .map(|line| {
            let mut named = line.to_owned();
            for (file, (what, _)) in files.iter().zip(&read) {
                named = named.replace(&format!("\"file:{}\"", file.display()), what);
            }
            named
        })
        .collect();
    let (control, pages): (Vec<_>, Vec<_>) =
        errors.iter().partition(|e| e.starts_with("the control:"));
    assert!(
        control.iter().any(|e| e.contains("width")),
        "the checker did not find the control's fault: {said}"
    );
    assert!(pages.is_empty(), "{pages:#?}");
}
