//! Game pages as recently written: a page read by many at once (a link posted in a
//! busy channel) is read from the database and written once per change, not once
//! per reader. Each request still reads its game's row (one indexed read) and gets
//! the cached page only if it was written for the same [`PageStamp`]: the same
//! version of the game, the same settings of its place and, while clocks run, the
//! same second. An entry lives a second at most, so advice or a review that comes
//! without a new version shows within a second too.

use std::time::Duration;

use axum::body::Bytes;

use crate::service::PageStamp;

/// How long a page written may be served again.
const FRESH: Duration = Duration::from_secs(1);
/// Pages kept at most (each a few tens of KB).
const PAGES: u64 = 512;

/// Which page: the game's slug, the move asked for, the seat and the moves tried
/// as asked, and the origin its absolute links were written with.
#[derive(Clone, Debug, Hash, PartialEq, Eq)]
pub(super) struct PageKey {
    pub slug: String,
    pub ply: Option<i64>,
    pub flip: Option<u8>,
    pub trying: Option<String>,
    pub origin: String,
}

/// Pages written, with what each was written for.
#[derive(Clone)]
pub(super) struct PageCache(mini_moka::sync::Cache<PageKey, (PageStamp, Bytes)>);

impl PageCache {
    pub(super) fn new() -> PageCache {
        PageCache(
            mini_moka::sync::Cache::builder()
                .max_capacity(PAGES)
                .time_to_live(FRESH)
                .build(),
        )
    }

    /// The page for `key` if it was written for `stamp`.
    pub(super) fn get(&self, key: &PageKey, stamp: &PageStamp) -> Option<Bytes> {
        self.0
            .get(key)
            .and_then(|(written_for, html)| (written_for == *stamp).then_some(html))
    }

    /// Keeps `html`, written for `stamp`.
    pub(super) fn put(&self, key: PageKey, stamp: PageStamp, html: Bytes) {
        self.0.insert(key, (stamp, html));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Language;
    use crate::store::WebPages;

    fn stamp(version: i64) -> PageStamp {
        PageStamp {
            version,
            web: WebPages::Unlisted,
            language: Language::default(),
            second: None,
        }
    }

    #[test]
    fn a_page_is_served_again_only_for_the_stamp_it_was_written_for() {
        let cache = PageCache::new();
        let key = PageKey {
            slug: "abc".to_owned(),
            ply: None,
            flip: None,
            trying: None,
            origin: "http://x".to_owned(),
        };
        cache.put(key.clone(), stamp(3), Bytes::from_static(b"page at 3"));
        assert_eq!(
            cache.get(&key, &stamp(3)).as_deref(),
            Some(&b"page at 3"[..])
        );
        assert_eq!(
            cache.get(&key, &stamp(4)),
            None,
            "a newer version is read again"
        );
        let other = PageKey {
            ply: Some(1),
            ..key.clone()
        };
        assert_eq!(
            cache.get(&other, &stamp(3)),
            None,
            "another move is another page"
        );
    }

    #[test]
    fn a_page_is_not_served_after_a_second() {
        let cache = PageCache::new();
        let key = PageKey {
            slug: "abc".to_owned(),
            ply: None,
            flip: None,
            trying: None,
            origin: "http://x".to_owned(),
        };
        cache.put(key.clone(), stamp(1), Bytes::from_static(b"page"));
        std::thread::sleep(FRESH + Duration::from_millis(50));
        assert_eq!(cache.get(&key, &stamp(1)), None);
    }
}
