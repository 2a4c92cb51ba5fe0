use super::*;

fn small() -> Book {
    build(
        BuildSettings {
            plies: 2,
            nodes: 3_000,
            expand: 50,
        },
        None,
        |_| {},
    )
}

#[test]
fn a_built_book_values_the_start_and_the_replies_to_its_best_moves() {
    let book = small();
    let start = Game::new(Variant::Abapa);
    let moves = book.moves(&start);
    assert_eq!(moves.len(), 6, "every opening move is valued");
    let best = moves.iter().map(|&(_, v)| v).max().unwrap();
    for &(pit, v) in &moves {
        let mut child = start.clone();
        child.play(pit).unwrap();
        let in_book = book.entry(child.position()).is_some();
        assert_eq!(in_book, v >= best - 50, "{pit}: value {v}, best {best}");
    }
    // Two plies deep: nothing after the second ply.
    assert_eq!(
        book.entries().len(),
        1 + moves.iter().filter(|m| m.1 >= best - 50).count()
    );
    // Node-limited: the same settings build the same book.
    assert_eq!(small(), book);
}

#[test]
fn the_book_reads_back_what_it_writes_and_refuses_damage() {
    let book = small();
    let bytes = book.to_bytes();
    assert_eq!(Book::from_bytes(&bytes), Ok(book));
    let mut damaged = bytes.clone();
    *damaged.last_mut().unwrap() ^= 1;
    assert_eq!(
        Book::from_bytes(&damaged),
        Err(BookError::Invalid("checksum mismatch"))
    );
    assert!(Book::from_bytes(&bytes[..bytes.len() - 1]).is_err());
    assert!(Book::from_bytes(b"OWARETB1").is_err());
}

#[test]
fn the_hard_level_chooses_among_the_moves_near_the_best_and_varies() {
    let key = Position::START.key();
    let book = Book::new(vec![Entry {
        key,
        depth: 20,
        values: [10, 40, 30, 50, -200, NO_MOVE],
    }]);
    let start = Game::new(Variant::Abapa);
    let mut chosen = std::collections::BTreeSet::new();
    for seed in 0..64 {
        let pit = book.choose(&start, MARGIN, seed).expect("in book");
        chosen.insert(pit.index());
    }
    // South's pits A..F are 0..5: within 0.25 seed of 50 are B (40), C (30) and D (50).
    assert_eq!(chosen.into_iter().collect::<Vec<_>>(), [1, 2, 3]);
    assert_eq!(book.choose(&start, 0, 7).map(Pit::index), Some(3));
    // Out of book, and in another variant: no move.
    let mut later = start.clone();
    later.play(Pit::from_letter('A').unwrap()).unwrap();
    assert_eq!(book.choose(&later, MARGIN, 1), None);
    assert_eq!(book.choose(&Game::new(Variant::Forbidden), MARGIN, 1), None);
}

#[test]
fn the_shipped_book_is_whole_and_covers_the_start() {
    let book = shipped();
    assert!(
        book.entries().len() >= 100,
        "the shipped book has {} positions",
        book.entries().len()
    );
    let start = Game::new(Variant::Abapa);
    assert_eq!(book.moves(&start).len(), 6);
    // Every stored value is a legal move's and every legal move is valued, checked on
    // the positions reached through the book itself (a key alone is not a game).
    let mut stack = vec![start];
    let mut reached = std::collections::HashSet::new();
    while let Some(game) = stack.pop() {
        let Some(entry) = book.entry(game.position()) else {
            continue;
        };
        if !reached.insert(entry.key) {
            continue;
        }
        let first = game.position().to_move().first_pit();
        let legal: Vec<usize> = game
            .legal_moves()
            .into_iter()
            .map(|p| p.index() - first)
            .collect();
        for (i, &v) in entry.values.iter().enumerate() {
            assert_eq!(v != NO_MOVE, legal.contains(&i), "pit {i} of an entry");
        }
        for (pit, _) in book.moves(&game) {
            let mut child = game.clone();
            child.play(pit).unwrap();
            stack.push(child);
        }
    }
    assert_eq!(
        reached.len(),
        book.entries().len(),
        "every entry is reachable through the book"
    );
}
