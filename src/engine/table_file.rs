//! Endgame tables on disk: the one place the engine does I/O.
//!
//! Format: the magic `OWARETB1`, one byte for the variant (0 = abapa), one byte for
//! the largest seed count, six zero bytes, the FNV-1a 64 checksum of the payload
//! (little-endian), then the payload: every value as one signed byte, seed counts
//! from 0 up, each in rank order.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use super::tables::{index, Tables};

const MAGIC: &[u8; 8] = b"OWARETB1";
const HEADER: usize = 24;

/// The environment variable naming the table file.
pub const ENV_VAR: &str = "OWARE_TABLES";

/// Why a table file could not be used.
#[derive(Debug, thiserror::Error)]
pub enum TableFileError {
    /// The file could not be read or written.
    #[error("table file {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: io::Error,
    },
    /// The file is not an endgame table file of ours, or is damaged.
    #[error(
        "table file {path} is not usable ({reason}): rebuild it with `oware-bot tables build`"
    )]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
}

/// The default file name for tables of `max_seeds` seeds.
#[must_use]
pub fn default_path(max_seeds: usize) -> PathBuf {
    PathBuf::from(format!("oware-tables-{max_seeds}.bin"))
}

/// The table file to use: `$OWARE_TABLES` if set, else the largest
/// `oware-tables-N.bin` in the working directory, else `None`.
#[must_use]
pub fn find() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os(ENV_VAR).filter(|p| !p.is_empty()) {
        return Some(PathBuf::from(path));
    }
    (1..=index::MAX_SEEDS)
        .rev()
        .map(default_path)
        .find(|p| p.is_file())
}

/// FNV-1a, 64 bits, over bytes (the table file's and the opening book's checksum).
pub(crate) fn fnv1a(bytes: impl IntoIterator<Item = u8>, mut hash: u64) -> u64 {
    for b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01B3);
    }
    hash
}

pub(crate) const FNV_OFFSET: u64 = 0xCBF2_9CE4_8422_2325;

fn checksum(tables: &Tables) -> u64 {
    (0..=tables.max_seeds()).fold(FNV_OFFSET, |h, n| {
        fnv1a(tables.values(n).iter().map(|&v| v as u8), h)
    })
}

/// Writes `tables` to `path`, whole or not at all: to a temporary name first, then
/// renamed, so a crash never leaves a half-written table file.
///
/// # Errors
/// [`TableFileError::Io`] when the file cannot be written.
pub fn save(tables: &Tables, path: &Path) -> Result<(), TableFileError> {
    let io_err = |source| TableFileError::Io {
        path: path.to_owned(),
        source,
    };
    let partial = path.with_extension("partial");
    write(tables, &partial).map_err(io_err)?;
    std::fs::rename(&partial, path).map_err(io_err)
}

fn write(tables: &Tables, path: &Path) -> std::io::Result<()> {
    let mut out = BufWriter::new(File::create(path)?);
    let mut header = [0u8; HEADER];
    header[..8].copy_from_slice(MAGIC);
    header[9] = tables.max_seeds() as u8;
    header[16..].copy_from_slice(&checksum(tables).to_le_bytes());
    out.write_all(&header)?;
    for n in 0..=tables.max_seeds() {
        for chunk in tables.values(n).chunks(1 << 16) {
            let bytes: Vec<u8> = chunk.iter().map(|&v| v as u8).collect();
            out.write_all(&bytes)?;
        }
    }
    out.flush()
}

/// Reads tables from `path`, checking the header and checksum.
///
/// # Errors
/// [`TableFileError::Io`] when the file cannot be read, [`TableFileError::Invalid`]
/// when it is not a complete, undamaged table file.
pub fn load(path: &Path) -> Result<Tables, TableFileError> {
    let io_err = |source| TableFileError::Io {
        path: path.to_owned(),
        source,
    };
    let invalid = |reason: String| TableFileError::Invalid {
        path: path.to_owned(),
        reason,
    };
    let mut input = BufReader::new(File::open(path).map_err(io_err)?);
    let mut header = [0u8; HEADER];
    input
        .read_exact(&mut header)
        .map_err(|_| invalid("too short for a header".into()))?;
    if &header[..8] != MAGIC {
        return Err(invalid("wrong magic bytes".into()));
    }
    if header[8] != 0 {
        return Err(invalid(format!("unknown variant code {}", header[8])));
    }
    let max_seeds = usize::from(header[9]);
    if max_seeds > index::MAX_SEEDS {
        return Err(invalid(format!(
            "{max_seeds} seeds is more than a board holds"
        )));
    }
    let want = u64::from_le_bytes(header[16..].try_into().expect("8 header bytes"));
    let mut values = Vec::with_capacity(max_seeds + 1);
    for n in 0..=max_seeds {
        let mut bytes = vec![0u8; index::count(n) as usize];
        input
            .read_exact(&mut bytes)
            .map_err(|_| invalid(format!("truncated in the {n}-seed table")))?;
        values.push(bytes.into_iter().map(|b| b as i8).collect::<Vec<i8>>());
    }
    if input.read(&mut [0u8; 1]).map_err(io_err)? != 0 {
        return Err(invalid("trailing bytes after the tables".into()));
    }
    let tables = Tables::from_values(values).map_err(invalid)?;
    if checksum(&tables) != want {
        return Err(invalid("checksum mismatch".into()));
    }
    Ok(tables)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::tables::build;

    #[test]
    fn tables_round_trip_and_damage_is_caught() {
        let dir = std::env::temp_dir().join(format!("oware-tb-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.bin");
        let tables = build(4, |_| {});
        save(&tables, &path).unwrap();
        assert_eq!(load(&path).unwrap(), tables);

        let mut bytes = std::fs::read(&path).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        let err = load(&path).unwrap_err().to_string();
        assert!(err.contains("checksum"), "{err}");

        std::fs::write(&path, b"nonsense").unwrap();
        assert!(matches!(load(&path), Err(TableFileError::Invalid { .. })));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
