//! Pictures drawn for the web, kept a while.

/// Pictures drawn for the web, kept a while: the same board (game, move, version,
/// language and clocks shown), review graph or puzzle asked again is sent as drawn.
/// Bounded: at most [`WebPictures::BYTES`] of PNGs, the least used leaving first.
#[derive(Clone)]
pub(in crate::service) struct WebPictures(mini_moka::sync::Cache<String, std::sync::Arc<Vec<u8>>>);

impl std::fmt::Debug for WebPictures {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WebPictures").finish_non_exhaustive()
    }
}

impl WebPictures {
    /// PNG bytes kept at most (a board is about 32 KB).
    pub(in crate::service) const BYTES: u64 = 32 * 1024 * 1024;
    /// How long a picture is kept (a review may be redone without a new version).
    pub(in crate::service) const TTL: std::time::Duration = std::time::Duration::from_secs(600);

    pub(in crate::service) fn new() -> WebPictures {
        WebPictures(
            mini_moka::sync::Cache::builder()
                .max_capacity(Self::BYTES)
                .weigher(|key: &String, png: &std::sync::Arc<Vec<u8>>| {
                    u32::try_from(key.len() + png.len()).unwrap_or(u32::MAX)
                })
                .time_to_live(Self::TTL)
                .build(),
        )
    }

    pub(in crate::service) fn get(&self, key: &str) -> Option<Vec<u8>> {
        self.0.get(&key.to_owned()).map(|png| png.as_ref().clone())
    }

    pub(in crate::service) fn put(&self, key: String, png: &[u8]) {
        self.0.insert(key, std::sync::Arc::new(png.to_vec()));
    }
}
