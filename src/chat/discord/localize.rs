//! The slash commands in each language the bot has: Discord shows a command's and
//! an option's description in the client's language (`description_localizations`).
//! The names stay English (`/oware play`), as typed on every platform and in every
//! help text; see the README's Languages section.
//!
//! The descriptions are messages of the catalogue named after the command's path:
//! `slash-oware-play` for `/oware play`, `slash-oware-play-time` for its `time:`
//! option. English's file has them as the `///` comments say them (a test keeps
//! the two equal); another language's file gives its own.

use super::{Data, Error};
use crate::i18n::Language;

/// A command of this bot.
type Command = poise::Command<Data, Error>;

/// `commands`, with the descriptions of every language but English (their
/// default) added as localizations.
#[must_use]
pub fn localized(mut commands: Vec<Command>) -> Vec<Command> {
    let languages: Vec<Language> = Language::available()
        .iter()
        .filter_map(|tag| Language::from_tag(tag))
        .filter(|language| *language != Language::english())
        .collect();
    for command in &mut commands {
        localize(command, "slash", &languages);
    }
    commands
}

/// The message id of the description of `name` under `prefix`.
fn id(prefix: &str, name: &str) -> String {
    format!("{prefix}-{name}")
}

fn localize(command: &mut Command, prefix: &str, languages: &[Language]) {
    let id = id(prefix, &command.name);
    let mut localizations = command.description_localizations.to_vec();
    for language in languages {
        if let Some(text) = crate::i18n::own_text(language, &id) {
            localizations.push((language.tag().into(), text.into()));
        }
    }
    command.description_localizations = localizations.into();
    for parameter in &mut command.parameters {
        let id = self::id(&id, &parameter.name);
        let mut localizations = parameter.description_localizations.to_vec();
        for language in languages {
            if let Some(text) = crate::i18n::own_text(language, &id) {
                localizations.push((language.tag().into(), text.into()));
            }
        }
        parameter.description_localizations = localizations.into();
    }
    for sub in &mut command.subcommands {
        localize(sub, &id, languages);
    }
}

/// Every description of `commands`, with its message id: (id, English text).
#[must_use]
pub fn descriptions(commands: &[Command]) -> Vec<(String, String)> {
    fn walk(command: &Command, prefix: &str, out: &mut Vec<(String, String)>) {
        let id = id(prefix, &command.name);
        out.push((
            id.clone(),
            command
                .description
                .as_deref()
                .unwrap_or_default()
                .to_owned(),
        ));
        for parameter in &command.parameters {
            out.push((
                self::id(&id, &parameter.name),
                parameter
                    .description
                    .as_deref()
                    .unwrap_or_default()
                    .to_owned(),
            ));
        }
        for sub in &command.subcommands {
            walk(sub, &id, out);
        }
    }
    let mut out = Vec::new();
    for command in commands {
        walk(command, "slash", &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// English's `slash-*` messages are the commands' own descriptions, and every
    /// language describes every command and option within Discord's 100 characters.
    #[test]
    fn every_command_and_option_is_described_in_every_language() {
        let commands = super::super::commands::all();
        let english = Language::english();
        let mut wrong = Vec::new();
        for (id, text) in descriptions(&commands) {
            let message = crate::i18n::own_text(&english, &id);
            if message.as_deref() != Some(text.as_str()) {
                wrong.push(format!("{id} = {text}"));
            }
        }
        assert!(
            wrong.is_empty(),
            "locales/en/slash.ftl should say:\n{}",
            wrong.join("\n")
        );
        for command in localized(commands) {
            check(&command);
        }
    }

    /// `/oware settings language:` offers every language the bot has.
    #[test]
    fn the_language_choices_are_the_catalogues() {
        use poise::ChoiceParameter as _;
        let mut choices: Vec<String> = super::super::options::LanguageChoice::list()
            .iter()
            .map(|c| c.name.to_string())
            .filter(|name| name != "default")
            .collect();
        choices.sort();
        assert_eq!(choices, Language::available());
    }

    fn check(command: &Command) {
        for tag in Language::available() {
            if tag == "en" {
                continue;
            }
            let text = command
                .description_localizations
                .iter()
                .find(|(t, _)| *t == tag.as_str())
                .map(|(_, text)| text.clone());
            let text =
                text.unwrap_or_else(|| panic!("{tag}: {} undescribed", command.qualified_name));
            assert!(
                (1..=100).contains(&text.chars().count()),
                "{tag}: {}: {text}",
                command.qualified_name
            );
            for parameter in &command.parameters {
                let text = parameter
                    .description_localizations
                    .iter()
                    .find(|(t, _)| *t == tag.as_str())
                    .map(|(_, text)| text.clone())
                    .unwrap_or_else(|| {
                        panic!(
                            "{tag}: {} {} undescribed",
                            command.qualified_name, parameter.name
                        )
                    });
                assert!((1..=100).contains(&text.chars().count()), "{tag}: {text}");
            }
        }
        for sub in &command.subcommands {
            check(sub);
        }
    }
}
