//! For operators: `/healthz` (the database, the chat networks connected once their
//! adapter said so), `/metrics` on its own listener (never the public one), and
//! where the server listens.

use oware_bot::{
    config::WebAddr,
    service::{ChatService, Platform, Receipt},
};

use crate::http::get;
use crate::support::start_game;
use crate::Site;

#[tokio::test]
async fn health_and_metrics_answer() {
    let site = Site::new().await;
    start_game(&site.service).await;
    let health = get(&format!("{}/healthz", site.base)).await;
    assert_eq!(health.status, 200, "{}", health.text());
    let body: serde_json::Value = serde_json::from_str(&health.text()).unwrap();
    assert_eq!(body["database"], true);
    assert_eq!(body["status"], "ok");
    // Not on the public listener: on the operators' own.
    assert_eq!(get(&format!("{}/metrics", site.base)).await.status, 404);
    assert_eq!(get(&format!("{}/healthz", site.metrics)).await.status, 404);
    let metrics = get(&format!("{}/metrics", site.metrics)).await;
    assert_eq!(metrics.status, 200);
    let text = metrics.text();
    for name in [
        "oware_commands_total",
        "oware_command_seconds_bucket",
        "oware_active_games",
        "oware_job_lag_seconds",
        "oware_outbox_backlog",
        "oware_engine_busy",
        "oware_engine_queue",
    ] {
        assert!(text.contains(name), "{name} missing:\n{text}");
    }
}

#[tokio::test]
async fn a_taken_default_address_is_skipped_but_an_explicit_one_is_an_error() {
    let held = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = held.local_addr().unwrap();
    assert!(oware_bot::web::bind(WebAddr::Default(addr))
        .await
        .unwrap()
        .is_none());
    let err = oware_bot::web::bind(WebAddr::Explicit(addr))
        .await
        .unwrap_err();
    assert!(err.to_string().contains("WEB_ADDR"), "{err}");
    assert!(oware_bot::web::bind(WebAddr::Off).await.unwrap().is_none());
}

/// A network counts as connected once its adapter says it connected, not from the
/// start; the console needs no connection.
#[tokio::test]
async fn a_network_is_healthy_once_its_adapter_says_it_connected() {
    let site = Site::with_networks(vec![Platform::Console, Platform::Matrix]).await;
    let health = |site: &Site| {
        let url = format!("{}/healthz", site.base);
        async move {
            let got = get(&url).await;
            let body: serde_json::Value = serde_json::from_str(&got.text()).unwrap();
            (got.status, body)
        }
    };
    let (status, body) = health(&site).await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(body["status"], "unavailable");
    assert_eq!(body["networks"]["console"], true, "{body}");
    assert_eq!(body["networks"]["matrix"], false, "{body}");

    let told = |reachable| Receipt::Reachable {
        platform: Platform::Matrix,
        reachable,
    };
    site.service.receipt(told(true)).await;
    let (status, body) = health(&site).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["networks"]["matrix"], true, "{body}");
    let metrics = get(&format!("{}/metrics", site.metrics)).await.text();
    assert!(
        metrics.contains(r#"oware_network_connected{platform="matrix"} 1"#),
        "{metrics}"
    );

    site.service.receipt(told(false)).await;
    let (status, body) = health(&site).await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(body["networks"]["matrix"], false, "{body}");
    site.service.receipt(told(true)).await;
    assert_eq!(health(&site).await.0, 200);
}
