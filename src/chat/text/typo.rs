//! The nearest command to a mistyped one (`/oware plya` → `play`, `/moev` → `move`),
//! by Damerau–Levenshtein distance (a swap of two letters counts once).

use super::commands::COMMANDS;

/// The alias within reach of `word`: one edit for short words, two for longer ones.
fn within_reach<'a>(word: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let word = word.to_lowercase();
    let reach = if word.chars().count() <= 4 { 1 } else { 2 };
    candidates
        .map(|candidate| (strsim::damerau_levenshtein(&word, candidate), candidate))
        .filter(|&(distance, _)| distance > 0 && distance <= reach)
        .min_by_key(|&(distance, _)| distance)
        .map(|(_, candidate)| candidate)
}

/// The command (or `oware`) `word` was probably meant to be, after `/` or `!`.
pub(super) fn nearest(word: &str) -> Option<&'static str> {
    let aliases = COMMANDS
        .iter()
        .flat_map(|(_, aliases)| aliases.iter().copied());
    within_reach(word, std::iter::once("oware").chain(aliases))
}

/// The `/oware` subcommand `word` was probably meant to be, in English or French
/// (`plya` → `play`, `jouerr` → `jouer`).
pub(super) fn nearest_command(word: &str) -> Option<&'static str> {
    within_reach(
        word,
        COMMANDS
            .iter()
            .flat_map(|(_, aliases)| aliases.iter().copied()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_misses_find_their_command_and_strangers_do_not() {
        assert_eq!(nearest_command("plya"), Some("play"));
        assert_eq!(nearest_command("acept"), Some("accept"));
        assert_eq!(nearest("moev"), Some("move"));
        assert_eq!(nearest("mvoe"), Some("move"));
        assert_eq!(nearest("owre"), Some("oware"));
        // French words too.
        assert_eq!(nearest_command("jouerr"), Some("jouer"));
        assert_eq!(nearest_command("abandoner"), Some("abandonner"));
        assert_eq!(nearest("cuop"), Some("coup"));
        // Other bots' commands stay theirs.
        for stranger in ["ban", "kick", "roll", "weather", "remindme"] {
            assert_eq!(nearest(stranger), None, "{stranger}");
        }
        assert_eq!(nearest_command("frobnicate"), None);
    }
}
