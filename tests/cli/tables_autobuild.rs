//! With no table file, the bot builds endgame tables by itself on a background thread,
//! smallest first, saves each whole, and the engine uses the largest once it is ready.

#![allow(clippy::unwrap_used)] // a test: a failed unwrap is a failed test

use oware_bot::cli::{autobuild_stages, build_tables_in_background};
use std::sync::Arc;

use oware_bot::engine::{table_file, tables, Engine};

#[test]
fn missing_tables_are_built_in_stages_saved_and_installed() {
    let dir = tempfile::tempdir().unwrap();
    let engine = Arc::new(Engine::new());
    let building =
        build_tables_in_background(dir.path().to_path_buf(), vec![5, 8], Arc::clone(&engine))
            .expect("a thread starts");
    building.join().expect("the build finishes");
    for seeds in [5, 8] {
        let path = dir.path().join(table_file::default_path(seeds));
        let saved = table_file::load(&path).expect("a whole, checked table file");
        assert_eq!(saved.max_seeds(), seeds);
        assert!(
            !path.with_extension("partial").exists(),
            "the temporary file was renamed"
        );
    }
    let installed = engine.tables().expect("installed for the engine");
    assert_eq!(
        installed.max_seeds(),
        8,
        "the larger tables replaced the smaller"
    );
    // Smaller tables never replace larger ones.
    assert!(!engine.install_tables(tables::build(3, |_| {})));
    assert_eq!(engine.tables().map(|t| t.max_seeds()), Some(8));
}

#[test]
fn the_bot_builds_the_15_then_the_20_seed_tables_it_lacks() {
    assert_eq!(autobuild_stages(0, usize::MAX), [15, 20]);
    assert_eq!(autobuild_stages(15, usize::MAX), [20]);
    assert_eq!(autobuild_stages(20, usize::MAX), [] as [usize; 0]);
    // OWARE_TABLES_AUTOBUILD=15 caps them; a cap below 15 builds just that.
    assert_eq!(autobuild_stages(0, 15), [15]);
    assert_eq!(autobuild_stages(0, 10), [10]);
    assert_eq!(autobuild_stages(12, 18), [15, 18]);
}
