//! The fixed texts: help and rules (messages `help`, `rules`, `admin` and
//! `tournament` of the catalogue).

/// How to use the bot, in a first screen: learning first, then the few commands
/// of a first game, then where the rest is.
pub(super) fn help(lang: &crate::i18n::Language) -> String {
    crate::tr!(lang, "help")
}

/// Every command and option of a game (`/oware help play`).
pub(super) fn help_play(lang: &crate::i18n::Language) -> String {
    crate::tr!(lang, "help-play")
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
        // The first screen is short, and a newcomer's first line is learning.
        let first = super::help(lang);
        assert!(first.lines().count() <= 8, "{first}");
        let learn = first.lines().position(|l| l.contains("/oware learn"));
        assert_eq!(learn, Some(1), "{first}");
        for command in [
            "/oware play @",
            "/move c",
            "/oware help play",
            "/oware help more",
        ] {
            assert!(first.contains(command), "{command}: {first}");
        }
        let help = super::help_play(lang);
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
                first.contains(command) || help.contains(command) || more.contains(command),
                "{command}"
            );
        }
    }
}
