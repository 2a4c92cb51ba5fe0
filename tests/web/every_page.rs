//! One site with one of every kind of page, for the checks that go over them all
//! (accessibility, HTML validity): a game under way from several points of view, a
//! reviewed game, a place with its puzzle, a player.

use crate::pages::{game_with_link, reviewed};
use crate::places::{daily_puzzle, make_public};
use crate::support::{cmd, mv};
use crate::{link_in, Site};
use oware_bot::service::Action;

pub(crate) struct EveryPage {
    pub(crate) site: Site,
    /// A game under way between alice (South, to move) and bob, three moves in.
    pub(crate) link: String,
    /// The public place's page.
    pub(crate) place: String,
    /// Every page anyone may open, named: what a visitor who is not signed in sees.
    pub(crate) pages: Vec<(&'static str, String)>,
}

pub(crate) async fn every_page() -> EveryPage {
    let site = Site::new().await;
    make_public(&site).await;
    daily_puzzle(&site).await;
    let (_, link) = game_with_link(&site).await;
    for (author, pit) in [("alice", "C"), ("bob", "d"), ("alice", "A")] {
        let reply = site.service.handle(cmd(author, mv(pit))).await;
        assert!(!reply.private, "{}", reply.text);
    }
    // A second game, reviewed: its costly moves and its graph.
    site.service
        .handle(cmd("carol", crate::support::play("dave")))
        .await;
    let accepted = site
        .service
        .handle(cmd("dave", Action::Accept { challenge: None }))
        .await;
    let game = accepted.game.expect("a second game").get();
    let second = link_in(&accepted.text).expect("its link");
    for (author, pit) in [("carol", "C"), ("dave", "d")] {
        let reply = site.service.handle(cmd(author, mv(pit))).await;
        assert!(!reply.private, "{}", reply.text);
    }
    reviewed(&site, game, &second).await;
    let place = format!("{}/p/console/console", site.base);
    let pages = vec![
        ("the home page", format!("{}/", site.base)),
        ("a game in progress", link.clone()),
        ("a game at its first move", format!("{link}?ply=1")),
        ("a game from North's seat", format!("{link}?flip=1")),
        ("a study board", format!("{link}?ply=1&try=dB")),
        ("a study's refused move", format!("{link}?ply=0&try=CC")),
        ("the engine's view", format!("{link}/engine?ply=3")),
        ("a reviewed game", second),
        ("a place", place.clone()),
        ("a place's puzzle", format!("{place}/puzzle")),
        ("a player", site.player_page("alice").await),
    ];
    EveryPage {
        site,
        link,
        place,
        pages,
    }
}
