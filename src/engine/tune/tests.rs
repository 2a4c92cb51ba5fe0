use super::*;

fn settings() -> PlaySettings {
    PlaySettings {
        depth: 2,
        random_plies: 4,
        seed: 9,
        max_plies: 300,
        weights: Weights::TUNED,
    }
}

#[test]
fn self_play_gives_quiet_labelled_positions_reproducibly() {
    let samples = play_game(3, &settings(), None);
    assert!(samples.len() > 10, "{} samples", samples.len());
    assert_eq!(
        play_game(3, &settings(), None),
        samples,
        "same index, same game"
    );
    assert_ne!(
        play_game(4, &settings(), None),
        samples,
        "another index, another opening"
    );
    // Both sides' positions carry the one result, seen from each: in a decided game
    // a win for one mover is a loss for the other.
    let results: std::collections::BTreeSet<u8> = samples.iter().map(|s| s.result).collect();
    assert!(
        results == [0, 2].into() || results == [1].into(),
        "{results:?}"
    );
}

#[test]
fn positions_the_tables_cover_are_left_out() {
    let tables = crate::engine::tables::build(8, |_| {});
    let with: Vec<Sample> = (0..4)
        .flat_map(|i| play_game(i, &settings(), Some(&tables)))
        .collect();
    let without: Vec<Sample> = (0..4)
        .flat_map(|i| play_game(i, &settings(), None))
        .collect();
    assert!(!with.is_empty() && with.iter().all(|s| s.seeds > 8));
    assert!(
        without.iter().any(|s| s.seeds <= 8),
        "the games reached the tables' range"
    );
}

/// Samples labelled by a known logistic model: the fit must find its weights.
fn synthetic(truth: [f64; 5], k: f64) -> Vec<Sample> {
    let mut rng = Rng::new(5);
    let mut small = |span: u64| (rng.next_u64() % (2 * span + 1)) as i32 - span as i32;
    let mut out = Vec::new();
    for _ in 0..4000 {
        let terms = Terms {
            material: small(4),
            mobility: small(4),
            vulnerable: small(3),
            reach: small(2),
            kroo: small(1),
            row_seeds: small(12),
        };
        let probe = Sample {
            terms,
            result: 1,
            seeds: 40,
        };
        let p = predict(&probe, &truth, k);
        // Three samples per position, results in proportion to p (rounded).
        let wins = (p * 6.0).round() as u8;
        for result in [
            wins.min(2),
            wins.saturating_sub(2).min(2),
            wins.saturating_sub(4),
        ] {
            out.push(Sample {
                terms,
                result,
                seeds: 40,
            });
        }
    }
    out
}

#[test]
fn the_fit_recovers_the_weights_of_a_known_model() {
    let truth = [40.0, -10.0, 30.0, 20.0, 8.0];
    let samples = synthetic(truth, 0.8);
    let fit = fit(&samples, Weights::MATERIAL, 1500, |_| {});
    assert!((fit.k - 0.8).abs() < 0.15, "k {}", fit.k);
    assert!(fit.after < fit.before, "{fit:?}");
    for (got, want) in fit.weights.as_array().iter().zip(truth) {
        assert!(
            (f64::from(*got) - want).abs() <= 12.0,
            "fitted {:?}, true {truth:?}",
            fit.weights
        );
    }
}
