//! A tournament's standings as players see them: a table picture with its alt text,
//! the standings in words, and the crosstable in a code block, both live
//! (`/oware tournament standings`) and as the final announcement.

use super::{
    super::{
        outbox::place_message,
        tournament::{crosstable, format_half_points, format_quarter_points, standings, Standing},
        Attachment, Command, Reply, Service, ServiceError,
    },
    rounds::{event_place, Event},
    title, TournamentError,
};
use crate::{
    render::{table_png, TablePicture},
    store::NewMessage,
};

/// The outbox `attach` of a standings picture, rendered at delivery.
pub(in crate::service) const ATTACH_PREFIX: &str = "standings:";

impl Event {
    /// `after round 2 of 5`, `not started`, `final`.
    fn stage(&self) -> String {
        match self.t.status.as_str() {
            "open" => "not started yet".to_owned(),
            "finished" => format!("final, {}", super::rounds::after_rounds(self.t.round)),
            _ => format!("round {} of {}", self.t.round, self.t.rounds),
        }
    }

    fn table(&self) -> Vec<Standing> {
        standings(&self.players(), &self.played())
    }

    /// The standings in words, one line per player.
    fn lines(&self) -> String {
        self.table()
            .iter()
            .map(|s| {
                let withdrawn = self
                    .entrant(s.entrant)
                    .and_then(|e| e.withdrawn_from)
                    .map_or("", |_| " (withdrawn)");
                format!(
                    "{}. **{}**{withdrawn}: {}",
                    s.rank,
                    self.name(s.entrant),
                    points(s.half_points)
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn crosstable(&self) -> String {
        crosstable(&self.players(), &self.played(), |who| self.name(who))
    }

    /// The picture's cells and its alt text.
    fn picture(&self) -> (String, Vec<String>, Vec<Vec<String>>, String) {
        let title = format!("{} (T{}): {}", self.t.name, self.t.id, self.stage());
        let header = ["#", "Player", "Pts", "Bh", "SB", "Seeds"]
            .map(str::to_owned)
            .to_vec();
        let table = self.table();
        let rows = table
            .iter()
            .map(|s| {
                vec![
                    s.rank.to_string(),
                    self.name(s.entrant),
                    format_half_points(s.half_points),
                    format_half_points(s.buchholz),
                    format_quarter_points(s.sonneborn_berger),
                    s.captured.to_string(),
                ]
            })
            .collect();
        let alt = format!(
            "Standings of {title}. {}",
            table
                .iter()
                .map(|s| format!(
                    "{}: {}, {}",
                    s.rank,
                    self.name(s.entrant),
                    points(s.half_points)
                ))
                .collect::<Vec<_>>()
                .join("; ")
        );
        (title, header, rows, alt)
    }
}

/// `1 point`, `2½ points`, `½ point`.
fn points(half: u32) -> String {
    let unit = if half == 1 || half == 2 {
        "point"
    } else {
        "points"
    };
    format!("{} {unit}", format_half_points(half))
}

impl Service {
    pub(super) async fn tournament_standings(
        &self,
        cmd: &Command,
        id: Option<i64>,
    ) -> Result<Reply, ServiceError> {
        let t = self
            .find_tournament(cmd, id, &["running", "open", "finished"])
            .await?;
        let event = self
            .load_event(t.id)
            .await?
            .ok_or(TournamentError::NoSuchTournament(t.id))?;
        let mut reply = Reply {
            text: format!("{}, {}:\n{}", title(&t), event.stage(), event.lines()),
            table: (t.round > 0).then(|| event.crosstable()),
            ..Reply::default()
        };
        reply.files = self.standings_files(t.id).await?;
        Ok(reply)
    }

    /// The standings picture of tournament `id` (none if it is gone).
    pub(in crate::service) async fn standings_files(
        &self,
        id: i64,
    ) -> Result<Vec<Attachment>, ServiceError> {
        let Some(event) = self.load_event(id).await? else {
            return Ok(Vec::new());
        };
        let (title, header, rows, alt) = event.picture();
        let png = self
            .heavy(move || {
                table_png(&TablePicture {
                    title: &title,
                    header: &header,
                    rows: &rows,
                })
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
    pub(super) fn final_message(&self, event: &Event, why: &str) -> NewMessage {
        let table = event.table();
        let winners: Vec<String> = table
            .iter()
            .filter(|s| s.rank == 1)
            .map(|s| format!("**{}**", event.name(s.entrant)))
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
            text: format!(
                "{} is over ({why}). {} {} with {}. Final standings:\n{}",
                title(&event.t),
                if winners.len() > 1 {
                    "Winners:"
                } else {
                    "Winner:"
                },
                winners.join(", "),
                points(top),
                event.lines()
            ),
            table: Some(event.crosstable()),
            mentions,
            ..Reply::default()
        };
        let mut message = place_message(&event_place(&event.t), &reply);
        message.attach = Some(format!("{ATTACH_PREFIX}{}", event.t.id));
        message
    }
}
