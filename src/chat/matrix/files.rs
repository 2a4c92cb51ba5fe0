//! What the Matrix adapter keeps on disk in `MATRIX_STORE_DIR`, as small JSON files:
//! the login session (so a restart does not log in again, and the homeserver still
//! recognizes the outbox's transaction ids) and the sync token (so a restart
//! neither replays old messages nor misses ones sent while it was down), and
//! `journal.sqlite3` the commands received and not yet handled (see `journal`). Beside
//! them, `sdk/` holds the SDK's SQLite stores: the device's encryption keys and the
//! room state, which belong to the logged-in device and go with its session. Game
//! threads live in the service's database, not here; a `threads.json` left by an
//! older version is no longer read.
//!
//! Files are written whole to a temporary name and renamed, so a crash never leaves
//! half a file; `session.json` holds an access token and is readable by its owner only.

use std::io;
use std::path::{Path, PathBuf};

use matrix_sdk::authentication::matrix::MatrixSession;
use matrix_sdk::ruma::OwnedDeviceId;
use serde::{de::DeserializeOwned, Serialize};

/// The adapter's files in one directory.
#[derive(Clone, Debug)]
pub struct Files {
    dir: PathBuf,
}

impl Files {
    /// Opens (and creates) the directory.
    ///
    /// # Errors
    /// When the directory cannot be created.
    pub fn open(dir: impl Into<PathBuf>) -> io::Result<Files> {
        let dir = dir.into();
        std::fs::create_dir_all(&dir)?;
        Ok(Files { dir })
    }

    /// The saved login, if any.
    ///
    /// # Errors
    /// When the file exists but cannot be read or parsed.
    pub fn session(&self) -> io::Result<Option<MatrixSession>> {
        self.read("session.json")
    }

    /// Saves the login, readable by the owner only.
    ///
    /// # Errors
    /// When the file cannot be written.
    pub fn save_session(&self, session: &MatrixSession) -> io::Result<()> {
        self.write("session.json", session, true)
    }

    /// Forgets the login (after the server rejected its token, or before a new
    /// one) and the device's keys and room state with it. The sync token goes too:
    /// a new device starts like a first start, with a full sync, so that the SDK
    /// learns every room (and which are encrypted) before the bot speaks; messages
    /// from while it was down were encrypted for the old device anyway.
    ///
    /// # Errors
    /// When a file exists and cannot be removed.
    pub fn forget_session(&self) -> io::Result<()> {
        for name in ["session.json", "device.json", "sync-token.json"] {
            match std::fs::remove_file(self.dir.join(name)) {
                Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
                _ => {}
            }
        }
        match std::fs::remove_dir_all(self.sdk_dir()) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    }

    /// The directory itself.
    #[must_use]
    pub fn dir(&self) -> PathBuf {
        self.dir.clone()
    }

    /// The directory of the SDK's SQLite stores (keys and room state).
    #[must_use]
    pub fn sdk_dir(&self) -> PathBuf {
        self.dir.join("sdk")
    }

    /// The device whose keys the SDK's stores hold, when logged in with an access
    /// token (a saved session names its device itself).
    ///
    /// # Errors
    /// When the file exists but cannot be read or parsed.
    pub fn device(&self) -> io::Result<Option<OwnedDeviceId>> {
        self.read("device.json")
    }

    /// Records the access token's device.
    ///
    /// # Errors
    /// When the file cannot be written.
    pub fn save_device(&self, device: &OwnedDeviceId) -> io::Result<()> {
        self.write("device.json", device, false)
    }

    /// The sync token after the last sync whose commands were recorded, if any.
    ///
    /// # Errors
    /// When the file exists but cannot be read or parsed.
    pub fn sync_token(&self) -> io::Result<Option<String>> {
        self.read("sync-token.json")
    }

    /// Saves the sync token once the commands of that sync are recorded in the
    /// journal.
    ///
    /// # Errors
    /// When the file cannot be written.
    pub fn save_sync_token(&self, token: &str) -> io::Result<()> {
        self.write("sync-token.json", &token, false)
    }

    fn read<T: DeserializeOwned>(&self, name: &str) -> io::Result<Option<T>> {
        match std::fs::read(self.dir.join(name)) {
            Ok(bytes) => serde_json::from_slice(&bytes)
                .map(Some)
                .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, format!("{name}: {e}"))),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    }

    fn write<T: Serialize>(&self, name: &str, value: &T, private: bool) -> io::Result<()> {
        let tmp = self.dir.join(format!(".{name}.tmp"));
        let bytes = serde_json::to_vec_pretty(value).map_err(io::Error::other)?;
        write_file(&tmp, &bytes, private)?;
        std::fs::rename(&tmp, self.dir.join(name))
    }
}

fn write_file(path: &Path, bytes: &[u8], private: bool) -> io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    if private {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    #[cfg(not(unix))]
    let _ = private;
    let mut file = options.open(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("oware-matrix-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn the_token_round_trips_and_starts_empty() {
        let dir = temp_dir("store");
        let store = Files::open(&dir).expect("creates the directory");
        assert_eq!(store.sync_token().expect("reads"), None);
        assert!(store.session().expect("reads").is_none());

        store.save_sync_token("s72594_4483_1934").expect("writes");

        let again = Files::open(&dir).expect("opens");
        assert_eq!(
            again.sync_token().expect("reads").as_deref(),
            Some("s72594_4483_1934")
        );
        std::fs::remove_dir_all(dir).expect("cleans up");
    }

    #[test]
    fn forgetting_the_session_forgets_the_device_its_keys_and_the_token() {
        let dir = temp_dir("forget");
        let store = Files::open(&dir).expect("creates the directory");
        store.save_sync_token("s1").expect("writes");
        store
            .save_device(&OwnedDeviceId::from("DEVICE"))
            .expect("writes");
        std::fs::create_dir_all(store.sdk_dir()).expect("sdk dir");
        std::fs::write(store.sdk_dir().join("matrix-sdk-crypto.sqlite3"), b"keys").expect("writes");

        store.forget_session().expect("forgets");
        store.forget_session().expect("forgetting twice is fine");

        assert_eq!(store.sync_token().expect("reads"), None);
        assert_eq!(store.device().expect("reads"), None);
        assert!(!store.sdk_dir().exists());
        std::fs::remove_dir_all(dir).expect("cleans up");
    }

    #[test]
    fn a_corrupt_file_is_an_error_not_a_silent_fresh_start() {
        let dir = temp_dir("corrupt");
        let store = Files::open(&dir).expect("creates the directory");
        std::fs::write(dir.join("sync-token.json"), b"{not json").expect("writes");
        assert!(store.sync_token().is_err());
        std::fs::remove_dir_all(dir).expect("cleans up");
    }
}
