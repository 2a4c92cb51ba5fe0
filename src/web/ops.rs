//! For operators: `/healthz` (the database answers, the chat networks are
//! connected: 200, else 503, with a short JSON body) and `/metrics` (Prometheus
//! text: commands and their latency, the outbox, job lag, the engine, networks).

use std::sync::OnceLock;

use axum::{
    extract::State,
    http::{header, StatusCode},
    response::{IntoResponse, Response},
};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use serde_json::json;

use super::WebState;

/// The process's metrics recorder, once installed.
static RECORDER: OnceLock<Option<PrometheusHandle>> = OnceLock::new();

/// Latency buckets of a command, in seconds.
const COMMAND_BUCKETS: &[f64] = &[0.001, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5];

/// Installs the Prometheus recorder for the whole process (once; later calls
/// return the same handle). `None` when another recorder was installed first.
pub fn install_metrics() -> Option<&'static PrometheusHandle> {
    RECORDER
        .get_or_init(|| {
            let recorder = PrometheusBuilder::new()
                .set_buckets_for_metric(
                    Matcher::Full("oware_command_seconds".to_owned()),
                    COMMAND_BUCKETS,
                )
                .ok()?
                .build_recorder();
            let handle = recorder.handle();
            metrics::set_global_recorder(recorder).ok()?;
            Some(handle)
        })
        .as_ref()
}

/// `/healthz`.
pub(super) async fn healthz(State(state): State<WebState>) -> Response {
    let database = state.service.database_reachable().await;
    let networks: serde_json::Map<String, serde_json::Value> = state
        .networks
        .iter()
        .map(|&p| {
            let connected = state.service.network_connected(p);
            (p.as_str().to_owned(), json!(connected))
        })
        .collect();
    let healthy = database && networks.values().all(|v| v == &json!(true));
    let status = if healthy {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    let body = json!({
        "status": if healthy { "ok" } else { "unavailable" },
        "database": database,
        "networks": networks,
    });
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
        .into_response()
}

/// `/metrics`: the gauges are read now; the counters were kept as commands ran.
pub(super) async fn metrics(State(state): State<WebState>) -> Response {
    let Some(handle) = install_metrics() else {
        return (StatusCode::NOT_FOUND, "metrics are not recorded here\n").into_response();
    };
    match state.service.gauges().await {
        Ok(gauges) => {
            metrics::gauge!("oware_active_games").set(gauges.counts.active_games as f64);
            metrics::gauge!("oware_pending_challenges")
                .set(gauges.counts.pending_challenges as f64);
            metrics::gauge!("oware_jobs").set(gauges.counts.jobs as f64);
            metrics::gauge!("oware_jobs_due").set(gauges.counts.jobs_due as f64);
            metrics::gauge!("oware_job_lag_seconds").set(gauges.job_lag_ms as f64 / 1000.0);
            metrics::gauge!("oware_engine_busy").set(gauges.engine_busy as f64);
            metrics::gauge!("oware_engine_slots").set(gauges.engine_slots as f64);
            metrics::gauge!("oware_engine_queue").set(gauges.engine_waiting as f64);
            for network in crate::platform::Platform::ALL {
                let unsent = gauges.counts.unsent.iter().find(|u| u.platform == network);
                let (waiting, dead) = unsent.map_or((0, 0), |u| (u.waiting, u.dead));
                metrics::gauge!("oware_outbox_backlog", "platform" => network.as_str())
                    .set(waiting as f64);
                metrics::gauge!("oware_outbox_dead", "platform" => network.as_str())
                    .set(dead as f64);
            }
        }
        Err(err) => tracing::warn!(error = %err, "cannot read the gauges for /metrics"),
    }
    for &network in &state.networks {
        let up = state.service.network_connected(network);
        metrics::gauge!("oware_network_connected", "platform" => network.as_str()).set(if up {
            1.0
        } else {
            0.0
        });
    }
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        handle.render(),
    )
        .into_response()
}
