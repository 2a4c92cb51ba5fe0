//! The fixed texts: help and rules (messages `help`, `rules`, `admin` and
//! `tournament` of the catalogue).

/// How to use the bot.
pub(super) fn help() -> String {
    crate::tr!("help")
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
    #[test]
    fn help_and_rules_fit_in_one_discord_message() {
        // Discord cuts message content at 2,000 characters.
        let help = super::help();
        assert!(help.chars().count() <= 2000, "{}", help.chars().count());
        assert!(super::rules().chars().count() <= 2000);
        assert!(super::admin().chars().count() <= 2000);
        for command in [
            "time:3d",
            "/oware abort",
            "/oware rematch",
            "/oware reissue",
            "/oware analyse",
            "/oware advisers",
            "/oware puzzle",
            "/oware puzzle answer:",
            "(`status`",
            "/oware settings",
            "/oware admin",
            "/oware report",
        ] {
            assert!(help.contains(command), "{command}");
        }
    }
}
