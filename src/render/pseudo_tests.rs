//! Words on pictures in any language: a pseudo-locale made from English at run time
//! (every message accented, bracketed and 40% longer, as a long translation would
//! be) and French must leave no text outside its picture and no two lines of text
//! overlapping. The text extents are measured where the renderer outlines them
//! (`text::DRAWN`).

use tiny_skia::Rect;

use super::text::DRAWN;
use super::*;
use crate::i18n::{pseudo, Language};
use crate::rules::{Game, Pit, Variant};

/// Board `i` of four states that draw words: the start; under way with a capture,
/// a caption, clocks and a ringed pit; the same seen from North; and over.
fn board(lang: &Language, i: usize) -> Vec<u8> {
    let pits: Vec<Pit> = "FaDeCbAfEc".chars().filter_map(Pit::from_letter).collect();
    let mut game = Game::new(Variant::Abapa);
    if i == 0 {
        return board_png(lang, &BoardView::of_game(&game, ["Ama", "Kofi"]));
    }
    for pit in pits {
        if game.play(pit).is_err() {
            break;
        }
    }
    if i == 3 {
        while let Some(pit) = game.legal_moves().into_iter().next() {
            if game.play(pit).is_err() {
                break;
            }
        }
        let result = game
            .outcome()
            .map(|o| result_line(lang, &o, ["Ama", "Kofi"]));
        let mut view = BoardView::of_game(&game, ["Ama", "Kofi"]);
        view.caption = result.as_deref();
        return board_png(lang, &view);
    }
    let caption = crate::tr!(lang, "caption-after", moves = game.plies().len());
    let clocks = [
        crate::tr!(
            lang,
            "view-clock-left",
            span = crate::play::when::span(lang, 200_000_000)
        ),
        crate::tr!(
            lang,
            "view-clock-left",
            span = crate::play::when::span(lang, 59_000)
        ),
    ];
    let mut view = BoardView::of_game(&game, ["Yaa Asantewaa", "Kwame Nkrumah"]);
    view.caption = Some(&caption);
    view.clocks = Some([&clocks[0], &clocks[1]]);
    view.ring = Pit::from_letter('B');
    if i == 2 {
        view.seat = crate::rules::Side::North;
    }
    board_png(lang, &view)
}

/// The standings' table picture, with its headings from the catalogue.
fn table(lang: &Language) -> Vec<u8> {
    let header: Vec<String> = [
        "",
        "tournament-column-player",
        "tournament-column-points",
        "tournament-column-buchholz",
        "tournament-column-sonneborn-berger",
        "tournament-column-seeds",
    ]
    .iter()
    .map(|id| match *id {
        "tournament-column-player" => crate::tr!(lang, "tournament-column-player"),
        "tournament-column-points" => crate::tr!(lang, "tournament-column-points"),
        "tournament-column-buchholz" => crate::tr!(lang, "tournament-column-buchholz"),
        "tournament-column-sonneborn-berger" => {
            crate::tr!(lang, "tournament-column-sonneborn-berger")
        }
        "tournament-column-seeds" => crate::tr!(lang, "tournament-column-seeds"),
        _ => String::new(),
    })
    .collect();
    let rows = vec![
        vec![
            "1".into(),
            "Ama".into(),
            "2½".into(),
            "3".into(),
            "4½".into(),
            "40".into(),
        ],
        vec![
            "2".into(),
            "Kofi".into(),
            "½".into(),
            "3".into(),
            "1".into(),
            "12".into(),
        ],
    ];
    let title = crate::tr!(
        lang,
        "tournament-picture-title",
        name = "Coupe d'Abidjan",
        id = 2,
        stage = crate::tr!(lang, "tournament-stage-open")
    );
    table_png(
        lang,
        &TablePicture {
            title: &title,
            header: &header,
            rows: &rows,
        },
    )
}

/// The lines of text drawn by `draw`, each with its bounds, and the pictures.
fn measured(draw: impl FnOnce() -> Vec<Vec<u8>>) -> (Vec<(String, Rect)>, Vec<Vec<u8>>) {
    // What the process draws once, for every picture (the palette's sample board, in
    // English), is drawn before: its words are no picture's.
    crate::render::encode::warm_up();
    DRAWN.with(|d| d.borrow_mut().clear());
    let pictures = draw();
    (
        DRAWN.with(|d| std::mem::take(&mut *d.borrow_mut())),
        pictures,
    )
}

/// No line of `drawn` leaves `width` × `height`.
fn assert_inside(drawn: &[(String, Rect)], width: f32, height: f32) {
    for (text, r) in drawn {
        assert!(
            r.left() >= 0.0 && r.top() >= 0.0 && r.right() <= width && r.bottom() <= height,
            "`{text}` leaves its {width}×{height} picture: {r:?}"
        );
    }
}

/// No line of `drawn` leaves `width` × `height`, and no two overlap.
fn assert_fits(drawn: &[(String, Rect)], width: f32, height: f32) {
    assert_inside(drawn, width, height);
    for (i, (a, ra)) in drawn.iter().enumerate() {
        for (b, rb) in &drawn[i + 1..] {
            let overlap = ra.left() < rb.right() - 0.5
                && rb.left() < ra.right() - 0.5
                && ra.top() < rb.bottom() - 0.5
                && rb.top() < ra.bottom() - 0.5;
            assert!(!overlap, "`{a}` {ra:?} overlaps `{b}` {rb:?}");
        }
    }
}

fn check_boards_and_table(lang: &Language) -> Vec<String> {
    let mut words = Vec::new();
    // The first boards draw the pieces every board shares (their static labels,
    // and patches drawn aside): inside the picture, but not all on it at once.
    let (drawn, _) = measured(|| (0..4).map(|i| board(lang, i)).collect());
    assert_inside(&drawn, canvas::WIDTH, canvas::HEIGHT);
    words.extend(drawn.into_iter().map(|(text, _)| text));
    // Then each board's own words, drawn on it.
    for board in 0..4 {
        let (drawn, _) = measured(|| vec![self::board(lang, board)]);
        assert_fits(&drawn, canvas::WIDTH, canvas::HEIGHT);
    }
    let (drawn, pictures) = measured(|| vec![table(lang)]);
    let picture = image::load_from_memory(&pictures[0]).expect("a PNG");
    #[allow(clippy::cast_precision_loss)] // small pictures
    let (w, h) = (picture.width() as f32, picture.height() as f32);
    assert_fits(&drawn, w, h);
    words.extend(drawn.into_iter().map(|(text, _)| text));
    words
}

/// The charts' words, each with its measured width and the room it was given.
fn check_charts(lang: &Language) -> Vec<String> {
    super::plot::FITTED.with(|f| f.borrow_mut().clear());
    let points: Vec<(u32, f64, f64)> = (1..30)
        .map(|g| (g, 1500.0 + f64::from(g) * 7.0, 80.0))
        .collect();
    let _ = chart::rating_chart_png(lang, "Kwame Nkrumah Asantewaa", &points);
    let _ = chart::rating_chart_png(lang, "Kwame Nkrumah Asantewaa", &[]);
    let values: Vec<f64> = (0..40).map(|i| f64::from(i % 7) - 3.0).collect();
    let graph = crate::tr!(
        lang,
        "report-graph-title",
        game = 12,
        south = "Ama",
        north = "Kofi"
    );
    let _ = eval_graph_png(
        lang,
        &graph,
        &values,
        &[(5, Mark::Mistake), (9, Mark::Blunder)],
    );
    let fitted = super::plot::FITTED.with(|f| std::mem::take(&mut *f.borrow_mut()));
    for (text, width, room) in &fitted {
        assert!(width <= room, "`{text}` is {width} px in {room}");
    }
    fitted.into_iter().map(|(text, ..)| text).collect()
}

#[test]
fn pseudo_locale_charts_keep_every_word_in_its_room() {
    let words = check_charts(&pseudo());
    assert!(words.iter().any(|w| w.contains('~')), "{words:?}");
    // Measured, never cut: a long translation is drawn smaller, whole.
    for lang in [pseudo(), Language::english()] {
        let words = check_charts(&lang);
        assert!(!words.iter().any(|w| w.contains('…')), "{words:?}");
    }
    let french = Language::from_tag("fr").expect("French");
    let words = check_charts(&french);
    assert!(words.iter().any(|w| w.contains("cote")), "{words:?}");
    assert!(!words.iter().any(|w| w.contains('…')), "{words:?}");
}

#[test]
fn pseudo_locale_pictures_keep_every_word_inside_and_apart() {
    let words = check_boards_and_table(&pseudo());
    // The pseudo-locale really was drawn.
    assert!(
        words.iter().any(|w| w.starts_with('[') && w.contains('~')),
        "{words:?}"
    );
    only_names_are_cut(&words);
}

#[test]
fn french_pictures_are_labelled_in_french() {
    let french = Language::from_tag("fr").expect("French");
    let words = check_boards_and_table(&french);
    let all = words.join(" | ");
    for label in [
        "au trait",
        "Joueur",
        "Graines",
        "Vue de Nord",
        "pas encore commencé",
    ] {
        assert!(all.contains(label), "no `{label}` in {all}");
    }
    assert!(!all.contains("to move") && !all.contains("Player"), "{all}");
    assert!(
        all.contains("| mieux |"),
        "the key's last word, whole: {all}"
    );
    only_names_are_cut(&words);
}

/// No word of the bot's own is cut on a picture: only a line that carries a name
/// (a player's, with the clock that rides in its pill; a tournament's, in the
/// standings' title) may end in `…` when it is too long for its room.
fn only_names_are_cut(words: &[String]) {
    for word in words.iter().filter(|w| w.contains('…')) {
        assert!(
            ["Am", "Ko", "Kw", "Ya", "Coupe"]
                .iter()
                .any(|name| word.trim_start_matches('[').starts_with(name)),
            "`{word}` is cut"
        );
    }
}
