//! The fixed texts: help and rules (messages `help`, `rules`, `admin` and
//! `tournament` of the catalogue).

/// How to use the bot.
pub(super) fn help(lang: &crate::i18n::Language) -> String {
    crate::tr!(lang, "help")
}

/// The commands beyond play (`/oware help more`): replays, analysis, puzzles,
/// accounts.
pub(super) fn help_more(lang: &crate::i18n::Language) -> String {
    crate::tr!(lang, "help-more")
}

/// The moderation commands, for those who administer the place (`/oware admin`).
pub(super) fn admin(lang: &crate::i18n::Language) -> String {
    crate::tr!(lang, "admin")
}

/// Tournaments (`/oware tournament`), before the list of this place's.
pub(super) fn tournament(lang: &crate::i18n::Language) -> String {
    crate::tr!(lang, "tournament")
}

/// The rules of Oware (abapa), short.
pub(super) fn rules(lang: &crate::i18n::Language) -> String {
    crate::tr!(lang, "rules")
}

#[cfg(test)]
mod tests {
    use crate::i18n::Language;

    #[test]
    fn help_and_rules_fit_in_one_discord_message_and_name_every_command() {
        for tag in Language::available() {
            let language = Language::from_tag(&tag).expect("available");
            fits_and_names_every_command(&language);
        }
    }

    fn fits_and_names_every_command(lang: &Language) {
        // Discord cuts message content at 2,000 characters.
        let help = super::help(lang);
        assert!(help.chars().count() <= 2000, "{}", help.chars().count());
        let more = super::help_more(lang);
        assert!(more.chars().count() <= 2000, "{}", more.chars().count());
        assert!(super::rules(lang).chars().count() <= 2000);
        assert!(super::admin(lang).chars().count() <= 2000);
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
