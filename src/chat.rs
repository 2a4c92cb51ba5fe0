//! Chat adapters: each translates its platform's events into
//! [`Command`](crate::service::Command)s and the service's
//! [`Reply`](crate::service::Reply)s into platform messages, and delivers the
//! service's unprompted messages (the outbox). No game logic lives here.

pub mod console;
pub mod matrix;
pub mod text;

pub mod discord;

/// What an adapter needs from the service (defined by the service, which owns its
/// ports).
pub use crate::service::{BoxFuture, ChatService, Receipt};

/// Completes on Ctrl-C (SIGINT) or, on Unix, SIGTERM: when the adapters should stop
/// gracefully.
pub async fn terminated() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
                return;
            }
            Err(e) => tracing::warn!(error = %e, "cannot listen for SIGTERM; Ctrl-C only"),
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}
