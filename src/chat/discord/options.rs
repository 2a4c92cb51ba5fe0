//! The options of the slash commands as poise parses them (choice lists and the
//! free-text `time:`), and their mapping to the service's [`ChallengeOptions`]. Pure;
//! unit-tested here.

use crate::play::clock::BadTime;
use crate::rules::Variant;
use crate::service::{ChallengeOptions, First, Level, Speed, TimeControl};

/// `first:` on `/oware play`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum FirstChoice {
    /// The challenger moves first (the default).
    #[name = "me"]
    Me,
    /// The challenged player moves first.
    #[name = "them"]
    Them,
    /// A coin toss.
    #[name = "random"]
    Random,
}

/// `topic:` on `/oware help`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum HelpTopic {
    /// How to use the bot.
    #[name = "commands"]
    Commands,
    /// Every command and option of a game.
    #[name = "play"]
    Play,
    /// The commands beyond play: replays, analysis, puzzles, accounts.
    #[name = "more"]
    More,
    /// The rules of Oware (abapa).
    #[name = "rules"]
    Rules,
    /// The moderation commands.
    #[name = "admin"]
    Admin,
    /// Tournaments.
    #[name = "tournaments"]
    Tournaments,
    /// What the bot keeps about you.
    #[name = "privacy"]
    Privacy,
}

/// `rated:` on `/oware play`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum YesNo {
    /// Yes.
    #[name = "yes"]
    Yes,
    /// No.
    #[name = "no"]
    No,
}

/// `advice:` on `/oware play`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum OnOff {
    /// Onlookers may advise.
    #[name = "on"]
    On,
    /// No advice.
    #[name = "off"]
    Off,
}

/// `variant:` on `/oware play`: the grand-slam rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum VariantChoice {
    /// International abapa: a grand slam captures nothing.
    #[name = "abapa"]
    Abapa,
    /// A grand slam is illegal unless it is the only move.
    #[name = "forbidden"]
    Forbidden,
    /// A grand slam captures everything.
    #[name = "capture-all"]
    CaptureAll,
}

/// `level:` on `/oware play` against the bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum LevelChoice {
    /// Makes human-like mistakes.
    #[name = "easy"]
    Easy,
    /// A fair club player.
    #[name = "medium"]
    Medium,
    /// Full strength.
    #[name = "hard"]
    Hard,
}

/// A yes/no setting on `/oware settings` (`rated`, `advice`, `threads`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum SettingFlag {
    /// On.
    #[name = "yes"]
    Yes,
    /// Off.
    #[name = "no"]
    No,
    /// Back to the bot's default.
    #[name = "default"]
    Default,
}

/// `tournaments:` on `/oware settings`: who may create tournaments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum TournamentsChoice {
    /// Only admins (the default).
    #[name = "admins"]
    Admins,
    /// Anyone.
    #[name = "anyone"]
    Anyone,
}

/// `web:` on `/oware settings`: who sees the server's game pages on the web.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum WebChoice {
    /// Only through the bot's links, hidden from search engines (the default).
    #[name = "unlisted"]
    Unlisted,
    /// Also listed on player and leaderboard pages.
    #[name = "public"]
    Public,
    /// No pages.
    #[name = "off"]
    Off,
}

/// `language:` on `/oware settings`: one per catalogue in `locales/`, and `default`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum LanguageChoice {
    /// English.
    #[name = "en"]
    English,
    /// French.
    #[name = "fr"]
    French,
    /// Back to the default (English).
    #[name = "default"]
    Default,
}

/// `board:` on `/oware settings me`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum BoardChoice {
    /// Your own row at the bottom when you play North.
    #[name = "my-side"]
    MySide,
    /// As everyone sees it: South's row at the bottom.
    #[name = "south"]
    South,
}

/// `notify:` on `/oware settings me`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum NotifyChoice {
    /// A direct message when a correspondence game waits for your move.
    #[name = "dm"]
    Dm,
    /// No direct messages.
    #[name = "off"]
    Off,
}

/// `scope:` on `/oware leaderboard`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum ScopeChoice {
    /// This server's players.
    #[name = "server"]
    Server,
    /// Every server and network.
    #[name = "global"]
    Global,
}

/// `of:` on `/oware leaderboard`: who is ranked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum RankedChoice {
    /// Players, by rating.
    #[name = "players"]
    Players,
    /// Onlookers, by how good their advice was.
    #[name = "advisers"]
    Advisers,
}

/// `speed:` on `/oware leaderboard` and `/oware stats`: which rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum SpeedChoice {
    /// Live games: a live clock, or under one day a move.
    #[name = "live"]
    Live,
    /// Correspondence games: one day a move or more.
    #[name = "correspondence"]
    Correspondence,
}

impl From<SpeedChoice> for Speed {
    fn from(choice: SpeedChoice) -> Speed {
        match choice {
            SpeedChoice::Live => Speed::Live,
            SpeedChoice::Correspondence => Speed::Correspondence,
        }
    }
}

/// The options of `/oware play` as poise parsed them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayOptions {
    /// `first:`
    pub first: Option<FirstChoice>,
    /// `rated:`
    pub rated: Option<YesNo>,
    /// `variant:`
    pub variant: Option<VariantChoice>,
    /// `advice:`
    pub advice: Option<OnOff>,
    /// `level:`
    pub level: Option<LevelChoice>,
    /// `time:` as typed (`3d`, `12h`, `5+3`, `none`, …), parsed by
    /// [`PlayOptions::to_challenge`].
    pub time: Option<String>,
    /// `reminders:`
    pub reminders: Option<OnOff>,
}

impl PlayOptions {
    /// The service's [`ChallengeOptions`]; unset options keep the service's defaults.
    ///
    /// # Errors
    /// [`BadTime`] when `time:` is not a time control; its message names the accepted
    /// forms, for a private refusal.
    pub fn to_challenge(&self) -> Result<ChallengeOptions, BadTime> {
        let time = self
            .time
            .as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(str::parse::<TimeControl>)
            .transpose()?;
        Ok(ChallengeOptions {
            first: match self.first {
                None | Some(FirstChoice::Me) => First::Challenger,
                Some(FirstChoice::Them) => First::Opponent,
                Some(FirstChoice::Random) => First::Random,
            },
            rated: self.rated.map(|r| r == YesNo::Yes),
            variant: match self.variant {
                None | Some(VariantChoice::Abapa) => Variant::Abapa,
                Some(VariantChoice::Forbidden) => Variant::Forbidden,
                Some(VariantChoice::CaptureAll) => Variant::CaptureAll,
            },
            advice: self.advice.map(|a| a == OnOff::On),
            level: self.level.map(|l| match l {
                LevelChoice::Easy => Level::Easy,
                LevelChoice::Medium => Level::Medium,
                LevelChoice::Hard => Level::Hard,
            }),
            time,
            reminders: self.reminders.map(|r| r == OnOff::On),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOUR_MS: i64 = 3_600_000;

    fn with_time(time: &str) -> PlayOptions {
        PlayOptions {
            time: Some(time.to_owned()),
            ..PlayOptions::default()
        }
    }

    #[test]
    fn play_options_map_to_the_service_defaults_when_unset() {
        assert_eq!(
            PlayOptions::default().to_challenge(),
            Ok(ChallengeOptions::default())
        );
        let all = PlayOptions {
            first: Some(FirstChoice::Them),
            rated: Some(YesNo::No),
            variant: Some(VariantChoice::CaptureAll),
            advice: Some(OnOff::Off),
            level: Some(LevelChoice::Hard),
            time: Some("none".into()),
            reminders: Some(OnOff::Off),
        }
        .to_challenge();
        assert_eq!(
            all,
            Ok(ChallengeOptions {
                first: First::Opponent,
                rated: Some(false),
                variant: Variant::CaptureAll,
                advice: Some(false),
                level: Some(Level::Hard),
                time: Some(TimeControl::None),
                reminders: Some(false),
            })
        );
        assert_eq!(
            PlayOptions {
                first: Some(FirstChoice::Random),
                ..PlayOptions::default()
            }
            .to_challenge()
            .map(|o| o.first),
            Ok(First::Random)
        );
    }

    #[test]
    fn time_and_reminders_map_to_the_service_time_controls() {
        let time = |text: &str| with_time(text).to_challenge().map(|o| o.time);
        assert_eq!(
            time("3d"),
            Ok(Some(TimeControl::Correspondence {
                per_move_ms: 72 * HOUR_MS
            }))
        );
        assert_eq!(
            time(" 12h "),
            Ok(Some(TimeControl::Correspondence {
                per_move_ms: 12 * HOUR_MS
            }))
        );
        assert_eq!(
            time("30m"),
            Ok(Some(TimeControl::Correspondence {
                per_move_ms: HOUR_MS / 2
            }))
        );
        assert_eq!(
            time("15s"),
            Ok(Some(TimeControl::Correspondence {
                per_move_ms: 15_000
            }))
        );
        assert_eq!(
            time("5+3"),
            Ok(Some(TimeControl::Live {
                base_ms: 300_000,
                increment_ms: 3_000
            }))
        );
        assert_eq!(time("none"), Ok(Some(TimeControl::None)));
        // An empty box means the default, like an unset option.
        assert_eq!(time("  "), Ok(None));
        let reminders = |r| {
            PlayOptions {
                reminders: Some(r),
                ..PlayOptions::default()
            }
            .to_challenge()
            .map(|o| o.reminders)
        };
        assert_eq!(reminders(OnOff::On), Ok(Some(true)));
        assert_eq!(reminders(OnOff::Off), Ok(Some(false)));
    }

    #[test]
    fn a_bad_time_is_refused_with_the_accepted_forms() {
        for bad in ["3x", "tomorrow", "5s", "90d", "0+5", "-3d"] {
            let err = with_time(bad).to_challenge().expect_err(bad);
            let shown = err.to_string();
            assert!(shown.contains(bad), "{shown}");
            assert!(shown.contains("time:3d"), "{shown}");
            assert!(shown.contains("time:5+3"), "{shown}");
            assert!(shown.contains("time:none"), "{shown}");
        }
    }
}
