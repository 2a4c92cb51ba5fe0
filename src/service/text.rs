//! The fixed texts: help and rules (messages `help`, `rules`, `admin` and
//! `tournament` of the catalogue).

/// How to use the bot.
pub(super) fn help() -> String {
    crate::tr!("help")
}

/// The commands beyond play (`/oware help more`): replays, analysis, puzzles,
/// accounts.
pub(super) fn help_more() -> String {
    crate::tr!("help-more")
}

/// The moderation commands, for those who administer the place (`/oware admin`).
pub(super) fn admin() -> String {
    crate::tr!("admin")
}

/// Tournaments (`/oware tournament`), before the list of this place's.
pub(super) fn tournament() -> String {
    crate::tr!("tournament")
}

/// The rules of Oware (abapa), short.
pub(super) fn rules() -> String {
    crate::tr!("rules")
}

#[cfg(test)]
mod tests {
    use crate::i18n::{with_language, Language};

    #[test]
    fn help_and_rules_fit_in_one_discord_message_and_name_every_command() {
        for tag in Language::available() {
            let language = Language::from_tag(&tag).expect("available");
            with_language(language, fits_and_names_every_command);
        }
    }

    fn fits_and_names_every_command() {
        // Discord cuts message content at 2,000 characters.
        let help = super::help();
        assert!(help.chars().count() <= 2000, "{}", help.chars().count());
        let more = super::help_more();
        assert!(more.chars().count() <= 2000, "{}", more.chars().count());
        assert!(super::rules().chars().count() <= 2000);
        assert!(super::admin().chars().count() <= 2000);
        for command in [
            "time:3d",
            "/oware abort",
            "/oware draw",
            "/oware help more",
            "/oware learn",
            "/oware live",
            "/oware takeback",
            "/oware rematch",
            "/oware rematch c7",
            "/oware analyse",
            "/oware leaderboard advisers",
            "/oware puzzle",
            "/oware puzzle answer:",
            "(`status`",
            "/oware settings",
            "/oware admin",
            "/oware report",
        ] {
            assert!(
                help.contains(command) || more.contains(command),
                "{command}"
            );
        }
    }
}
