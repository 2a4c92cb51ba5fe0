//! Test-only fault points: a debug build (what integration tests run) aborts the
//! process at the point named by `OWARE_FAULT`, to prove what survives a crash
//! there. Release builds compile them to nothing.

/// After a command's effect is stored and answered, before it is struck out of the
/// journal: the restarted bot handles the event again.
pub const AFTER_EFFECT_BEFORE_STRUCK_OUT: &str = "after_effect_before_struck_out";

/// Aborts the process if `OWARE_FAULT` names this point (debug builds only).
#[cfg(debug_assertions)]
pub fn point(name: &str) {
    if std::env::var("OWARE_FAULT").is_ok_and(|fault| fault == name) {
        eprintln!("OWARE_FAULT: aborting at {name}");
        std::process::abort();
    }
}

/// Release builds have no fault points.
#[cfg(not(debug_assertions))]
#[inline(always)]
pub fn point(_name: &str) {}
