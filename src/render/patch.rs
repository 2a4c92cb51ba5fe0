//! What a drawing changed, kept to be pasted again. Parts of a board that come in a
//! few fixed forms (a pit's seeds for each count, a store's score, a pit letter, the
//! rings around pits) are drawn once onto a copy of the static base, the changed
//! pixels kept as runs along rows, and those pixels copied onto each board (at the
//! same place, or moved whole pixels to where the same drawing over the same pixels
//! goes): the same pixels as drawing them there, without rasterizing a path.

use super::canvas::Canvas;

/// The pixels a drawing changed, in runs along rows.
pub(crate) struct Patch {
    /// `(row, column, length)` of each run, in pixels.
    runs: Vec<(usize, usize, usize)>,
    /// The runs' premultiplied RGBA pixels, one run after another.
    bytes: Vec<u8>,
}

impl Patch {
    /// What `draw` changes on a copy of `base` within `area` (`[x, y, width, height]`
    /// in layout units; what it changes outside is not kept).
    pub(crate) fn record(base: &Canvas, area: [f32; 4], draw: impl FnOnce(&mut Canvas)) -> Patch {
        let mut drawn = base.duplicate();
        draw(&mut drawn);
        let (before, after) = (base.pixmap(), drawn.pixmap());
        let (w, h) = (before.width() as usize, before.height() as usize);
        let s = base.scale() as f32;
        let px = |v: f32, max: usize| ((v * s).round().max(0.0) as usize).min(max);
        let [x, y, aw, ah] = area;
        let (left, right) = (px(x, w), px(x + aw, w));
        let (top, bottom) = (px(y, h), px(y + ah, h));
        let mut patch = Patch {
            runs: Vec::new(),
            bytes: Vec::new(),
        };
        for row in top..bottom {
            let line = 4 * w * row..4 * w * (row + 1);
            let (old, new) = (&before.data()[line.clone()], &after.data()[line]);
            let changed = |col: usize| old[4 * col..4 * col + 4] != new[4 * col..4 * col + 4];
            let mut col = left;
            while col < right {
                if !changed(col) {
                    col += 1;
                    continue;
                }
                let start = col;
                while col < right && changed(col) {
                    col += 1;
                }
                patch.runs.push((row, start, col - start));
                patch.bytes.extend_from_slice(&new[4 * start..4 * col]);
            }
        }
        patch
    }

    /// Copies the pixels onto `canvas`, a copy of the base recorded on.
    pub(crate) fn paste(&self, canvas: &mut Canvas) {
        self.paste_moved(canvas, (0, 0));
    }

    /// Copies the pixels onto `canvas` moved `(dx, dy)` pixels; runs that do not fit
    /// are left out.
    pub(crate) fn paste_moved(&self, canvas: &mut Canvas, (dx, dy): (isize, isize)) {
        let pixmap = canvas.pixmap_mut();
        let (w, h) = (pixmap.width() as usize, pixmap.height() as usize);
        let data = pixmap.data_mut();
        let mut offset = 0;
        for &(row, col, len) in &self.runs {
            let run = &self.bytes[offset..offset + 4 * len];
            offset += 4 * len;
            let (Some(row), Some(col)) = (row.checked_add_signed(dy), col.checked_add_signed(dx))
            else {
                continue;
            };
            if row < h && col + len <= w {
                let at = 4 * (row * w + col);
                data[at..at + 4 * len].copy_from_slice(run);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::canvas::{circle, rgb};

    #[test]
    fn a_patch_pastes_what_was_drawn_within_its_area() {
        let base = Canvas::new(1);
        let dot = |c: &mut Canvas, x: f32| {
            if let Some(p) = circle(x, 20.0, 5.0) {
                c.fill(&p, rgb(0xcc8844));
            }
        };
        let patch = Patch::record(&base, [0.0, 0.0, 40.0, 40.0], |c| {
            dot(c, 20.0);
            dot(c, 100.0);
        });
        let mut pasted = base.duplicate();
        patch.paste(&mut pasted);
        let mut drawn = base.duplicate();
        dot(&mut drawn, 20.0);
        assert!(pasted.pixmap() == drawn.pixmap());
        // Moved over the same (blank) pixels, it is the same drawing moved.
        let mut moved = base.duplicate();
        patch.paste_moved(&mut moved, (300, 100));
        let mut drawn = base.duplicate();
        if let Some(p) = circle(320.0, 120.0, 5.0) {
            drawn.fill(&p, rgb(0xcc8844));
        }
        assert!(moved.pixmap() == drawn.pixmap());
        // Nothing is pasted out of bounds.
        patch.paste_moved(&mut moved, (-30, 350));
    }
}
