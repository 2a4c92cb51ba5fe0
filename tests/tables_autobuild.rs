//! With no table file, the bot builds endgame tables by itself on a background thread,
//! saves them whole, and the engine uses them once they are ready.

use oware_bot::cli::build_tables_in_background;
use oware_bot::engine::{installed_tables, table_file};

#[test]
fn missing_tables_are_built_in_the_background_saved_and_installed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(table_file::default_path(8));
    let building = build_tables_in_background(path.clone(), 8).expect("a thread starts");
    building.join().expect("the build finishes");
    let saved = table_file::load(&path).expect("a whole, checked table file");
    assert_eq!(saved.max_seeds(), 8);
    assert!(
        !path.with_extension("partial").exists(),
        "the temporary file was renamed"
    );
    let installed = installed_tables().expect("installed for the engine");
    assert_eq!(installed.max_seeds(), 8);
}
