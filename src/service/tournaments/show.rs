//! A tournament's standings as players see them: a table picture with its alt text,
//! the standings in words, and the crosstable in a code block, both live
//! (`/oware tournament standings`) and as the final announcement.

use super::{
    super::{
        outbox::place_message,
        tournament::{crosstable, format_half_points, format_quarter_points, standings, Standing},
        Attachment, Command, Reply, ServiceError,
    },
    event::{after_rounds, Event},
    rounds::event_place,
    title, TournamentError,
};
use crate::service::cases::Links;
use crate::service::cases::Pictures;
use crate::service::cases::Preferences;
use crate::service::cases::Tournaments;
use crate::{
    render::{table_png, TablePicture},
    store::{Attach, NewMessage, TournamentStatus},
};

impl Event {
    /// `after round 2 of 5`, `not started`, `final`.
    pub(super) fn stage(&self, lang: &crate::i18n::Language) -> String {
        match self.t.status {
            TournamentStatus::Open => crate::tr!(lang, "tournament-stage-open"),
            TournamentStatus::Finished => {
                crate::tr!(
                    lang,
                    "tournament-stage-final",
                    after = after_rounds(lang, self.t.round)
                )
            }
            TournamentStatus::Running => crate::tr!(
                lang,
                "tournament-state-round",
                round = self.t.round,
                rounds = self.t.rounds
            ),
        }
    }

    fn table(&self) -> Vec<Standing> {
        standings(&self.players(), &self.played())
    }

    /// The standings in words, one line per player.
    pub(super) fn lines(&self, lang: &crate::i18n::Language) -> String {
        self.table()
            .iter()
            .map(|s| {
                let (rank, name, points) = (
                    s.rank,
                    self.name(lang, s.entrant),
                    points(lang, s.half_points),
                );
                match self.entrant(s.entrant).and_then(|e| e.withdrawn_from) {
                    None => crate::tr!(
                        lang,
                        "tournament-standing",
                        rank = rank,
                        name = name,
                        points = points
                    ),
                    Some(_) => crate::tr!(
                        lang,
                        "tournament-standing-withdrawn",
                        rank = rank,
                        name = name,
                        points = points
                    ),
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    pub(super) fn crosstable(&self, lang: &crate::i18n::Language) -> String {
        crosstable(lang, &self.players(), &self.played(), |who| {
            self.name(lang, who)
        })
    }

    /// The picture's cells and its alt text.
    fn picture(
        &self,
        lang: &crate::i18n::Language,
    ) -> (String, Vec<String>, Vec<Vec<String>>, String) {
        let title = crate::tr!(
            lang,
            "tournament-picture-title",
            name = self.t.name,
            id = self.t.id,
            stage = self.stage(lang)
        );
        let header = vec![
            "#".to_owned(),
            crate::tr!(lang, "tournament-column-player"),
            crate::tr!(lang, "tournament-column-points"),
            crate::tr!(lang, "tournament-column-buchholz"),
            crate::tr!(lang, "tournament-column-sonneborn-berger"),
            crate::tr!(lang, "tournament-column-seeds"),
        ];
        let table = self.table();
        let rows = table
            .iter()
            .map(|s| {
                vec![
                    s.rank.to_string(),
                    self.name(lang, s.entrant),
                    format_half_points(s.half_points),
                    format_half_points(s.buchholz),
                    format_quarter_points(s.sonneborn_berger),
                    s.captured.to_string(),
                ]
            })
            .collect();
        let alt = crate::tr!(
            lang,
            "tournament-picture-alt",
            title = title,
            standings = table
                .iter()
                .map(|s| crate::tr!(
                    lang,
                    "tournament-picture-alt-player",
                    rank = s.rank,
                    name = self.name(lang, s.entrant),
                    points = points(lang, s.half_points)
                ))
                .collect::<Vec<_>>()
                .join("; ")
        );
        (title, header, rows, alt)
    }
}

/// `1 point`, `2½ points`, `½ point`.
fn points(lang: &crate::i18n::Language, half: u32) -> String {
    crate::tr!(
        lang,
        "tournament-points",
        half = half,
        points = format_half_points(half)
    )
}

impl Tournaments<'_> {
    pub(super) async fn tournament_standings(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
        id: Option<crate::store::TournamentId>,
    ) -> Result<Reply, ServiceError> {
        let t = self
            .find_tournament(
                cmd,
                id,
                &[
                    TournamentStatus::Running,
                    TournamentStatus::Open,
                    TournamentStatus::Finished,
                ],
            )
            .await?;
        let event = self
            .load_event(t.id)
            .await?
            .ok_or(TournamentError::NoSuchTournament(t.id))?;
        let mut reply = Reply {
            text: crate::tr!(
                lang,
                "tournament-standings",
                title = title(lang, &t),
                stage = event.stage(lang),
                standings = event.lines(lang)
            ),
            table: (t.round > 0).then(|| event.crosstable(lang)),
            ..Reply::default()
        };
        reply.files = self.standings_files(t.id).await?;
        // A public place's page shows its tournaments too.
        if let Some(url) = Links::new(self.core)
            .place_link(&cmd.place, super::super::Speed::DEFAULT)
            .await
        {
            reply.text.push('\n');
            reply
                .text
                .push_str(&crate::tr!(lang, "web-place-link", url = url));
        }
        Ok(reply)
    }

    /// The standings picture of tournament `id` (none if it is gone).
    pub(in crate::service) async fn standings_files(
        &self,
        id: crate::store::TournamentId,
    ) -> Result<Vec<Attachment>, ServiceError> {
        let Some(event) = self.load_event(id).await? else {
            return Ok(Vec::new());
        };
        // Rendered at delivery too, outside any command: in the tournament's language.
        let language = Preferences::new(self.core)
            .language_at(event.t.platform, &event.t.place)
            .await;
        let (title, header, rows, alt) = event.picture(&language);
        let png = Pictures::new(self.core)
            .heavy(move || {
                table_png(
                    &language,
                    &TablePicture {
                        title: &title,
                        header: &header,
                        rows: &rows,
                    },
                )
            })
            .await?;
        Ok(vec![Attachment {
            file_name: format!("standings-T{id}.png"),
            mime: "image/png",
            bytes: png,
            description: alt,
        }])
    }

    /// The announcement that ends a tournament: the winners, the final standings
    /// and crosstable, and the standings picture (rendered at delivery).
    pub(super) fn final_message(
        &self,
        lang: &crate::i18n::Language,
        event: &Event,
        why: &str,
    ) -> NewMessage {
        let table = event.table();
        let winners: Vec<String> = table
            .iter()
            .filter(|s| s.rank == 1)
            .map(|s| {
                crate::tr!(
                    lang,
                    "tournament-winner-name",
                    name = event.name(lang, s.entrant)
                )
            })
            .collect();
        let top = table.first().map_or(0, |s| s.half_points);
        let mentions = event
            .entrants
            .iter()
            .map(|e| super::super::User {
                id: e.user_id.clone(),
                name: e.name.clone(),
                is_bot: false,
            })
            .collect();
        let reply = Reply {
            text: crate::tr!(
                lang,
                "tournament-over",
                title = title(lang, &event.t),
                why = why,
                count = winners.len(),
                winners = crate::i18n::list(lang, &winners, crate::i18n::Joined::And),
                points = points(lang, top),
                standings = event.lines(lang)
            ),
            table: Some(event.crosstable(lang)),
            mentions,
            ..Reply::default()
        };
        let mut message = place_message(&event_place(&event.t), &reply);
        message.attach = Some(Attach::Standings(event.t.id));
        message
    }
}
