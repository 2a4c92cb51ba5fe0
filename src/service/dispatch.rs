//! Handling a command: its languages (the place's for what the place reads, the
//! author's own for what only they read), its author's role and rate, exactly-once
//! for a command its platform may deliver again, and the use case its action names.

use super::{
    core::Core, generic_failure, limits, settings::scope, text, Action, Audience, Command, Reply,
    ServiceError,
};
use crate::i18n::Language;
use crate::play::proposal::Request;
use crate::service::cases::Challenges;
use crate::service::cases::Delivery;
use crate::service::cases::Dispatch;
use crate::service::cases::Learning;
use crate::service::cases::Moderation;
use crate::service::cases::Pictures;
use crate::service::cases::Play;
use crate::service::cases::Preferences;
use crate::service::cases::Records;
use crate::service::cases::Sessions;
use crate::service::cases::Tournaments;
use crate::store::{Event, StoreError};

impl Dispatch<'_> {
    /// Handles one command. Never fails: refusals become private replies that say
    /// what to do instead; internal failures are logged and answered with
    /// [`generic_failure`]. The reply says where it goes ([`Reply::thread`]) and in
    /// which language it is written ([`Reply::language`]): the place's when the
    /// place reads it (a public answer to an action of [`Audience::Place`]), else
    /// the author's own (a refusal, a private answer, help, their settings).
    ///
    /// Names are cleaned first and the author's role completed (owners, the
    /// console's admin), and a user over the command rate is told once to slow down;
    /// further commands in that window get an empty reply (send nothing).
    ///
    /// A command carrying its event ([`Command::from_event`]) is handled exactly
    /// once: the event is recorded in the transaction that stores the command's
    /// effect (see [`crate::store::Claim`]), or once answered for a command without
    /// one; an event handled before gets an empty reply (send nothing) and changes
    /// nothing.
    ///
    /// Right after a start, a command waits until the time the bot was away has
    /// been credited to the clocks (see [`Service::start_scheduler`]).
    pub async fn handle(&self, cmd: Command) -> Reply {
        self.core.background.credited().await;
        let started = std::time::Instant::now();
        let platform = cmd.place.platform;
        let voices = Voices::of(self.core, &cmd).await;
        let reply = match cmd.event.clone() {
            Some(event) => self.handle_once(&voices, &event, cmd).await,
            None => self.handle_here(&voices, cmd).await,
        };
        // Cheap without a recorder (no web server): the calls do nothing.
        metrics::counter!("oware_commands_total", "platform" => platform.as_str()).increment(1);
        metrics::histogram!("oware_command_seconds", "platform" => platform.as_str())
            .record(started.elapsed().as_secs_f64());
        // A reply about a game says where its thread is, from the row it was built
        // from (view::about): the adapter posts a public one there, unless the command
        // was typed in a thread.
        reply
    }

    /// `cmd`'s reply, in the language of whoever reads it ([`Reply::language`] says
    /// which).
    async fn handle_here(&self, voices: &Voices<'_>, cmd: Command) -> Reply {
        let cmd = self.core.config.admins.recognise(limits::clean(cmd));
        match self.core.rates.check(cmd.place.platform, &cmd.author.id) {
            limits::Verdict::Allowed => {}
            limits::Verdict::Refuse(wait) => {
                let own = voices.own(&cmd).await;
                return Reply::private(crate::tr!(
                    own,
                    "limits-too-fast",
                    seconds = wait.as_secs().max(1)
                ))
                .in_language(own);
            }
            limits::Verdict::Drop => return Reply::default(),
        }
        let lang = voices.answer(&cmd).await;
        match self.dispatch(lang, &cmd).await {
            Ok(reply) => {
                // A place's action answered privately (the question before a
                // resignation, a board from North's seat) is written in the author's
                // own language, like every private answer.
                let written = if reply.private {
                    voices.own(&cmd).await
                } else {
                    lang
                };
                Pictures::new(self.core)
                    .with_legend(written, &cmd, reply)
                    .await
                    .in_language(written)
            }
            Err(ServiceError::Db(StoreError::Replayed)) => {
                tracing::info!(
                    platform = cmd.place.platform.as_str(),
                    channel = %cmd.place.channel,
                    "event handled before: ignored"
                );
                Reply::default()
            }
            Err(err) => {
                if err.is_internal() {
                    tracing::error!(
                        error = %err,
                        platform = cmd.place.platform.as_str(),
                        channel = %cmd.place.channel,
                        action = ?cmd.action,
                        "command failed"
                    );
                }
                let own = voices.own(&cmd).await;
                let mut reply = Reply::private(err.user_message(own)).in_language(own);
                for link in err.places() {
                    reply.note_place(link);
                }
                reply
            }
        }
    }

    /// Handles `cmd` for `event` unless that event was handled before.
    async fn handle_once(&self, voices: &Voices<'_>, event: &Event, cmd: Command) -> Reply {
        let (platform, event_id) = (event.platform(), event.id());
        match self
            .core
            .store
            .outbox()
            .event_handled(platform, event_id)
            .await
        {
            Ok(false) => {}
            Ok(true) => {
                tracing::info!(%platform, event_id, "event handled before: ignored");
                return Reply::default();
            }
            Err(err) => {
                tracing::error!(error = %err, %platform, event_id, "cannot read the inbox");
                let own = voices.own(&cmd).await;
                return Reply::private(generic_failure(own)).in_language(own);
            }
        }
        let reply = self.handle_here(voices, cmd).await;
        // A write of the command recorded the event (and it stands, unless that
        // write rolled back: record it again); a command without a write is
        // recorded now that it is answered, and answered only by the handling that
        // records it.
        match self.core.store.record_event(event).await {
            Ok(recorded) if recorded || event.was_claimed() => reply,
            Ok(_) => {
                tracing::info!(%platform, event_id, "event handled meanwhile: ignored");
                Reply::default()
            }
            Err(err) => {
                tracing::error!(error = %err, %platform, event_id, "cannot record the event");
                reply
            }
        }
    }

    async fn dispatch(
        &self,
        lang: &crate::i18n::Language,
        cmd: &Command,
    ) -> Result<Reply, ServiceError> {
        match &cmd.action {
            Action::Play { opponent, options } => {
                Challenges::new(self.core)
                    .play(lang, cmd, Some(opponent), options)
                    .await
            }
            Action::Open { options } => {
                Challenges::new(self.core)
                    .play(lang, cmd, None, options)
                    .await
            }
            Action::Accept { challenge } => {
                Challenges::new(self.core)
                    .accept(lang, cmd, *challenge)
                    .await
            }
            Action::Decline { challenge } => {
                Challenges::new(self.core)
                    .decline(lang, cmd, *challenge)
                    .await
            }
            Action::Cancel { challenge } => {
                Challenges::new(self.core)
                    .cancel(lang, cmd, *challenge)
                    .await
            }
            Action::Move { pit, game, ply } => {
                Play::new(self.core)
                    .play_move(lang, cmd, *pit, *game, *ply)
                    .await
            }
            Action::Board { game, after } => {
                Play::new(self.core).board(lang, cmd, *game, *after).await
            }
            Action::Resign { game, confirmed } => {
                Play::new(self.core)
                    .resign(lang, cmd, *game, *confirmed)
                    .await
            }
            Action::End { game } => {
                Play::new(self.core)
                    .propose(lang, cmd, Request::End, *game, false)
                    .await
            }
            Action::Draw { game, decline } => {
                Play::new(self.core)
                    .propose(lang, cmd, Request::Draw, *game, *decline)
                    .await
            }
            Action::Takeback { game, decline } => {
                Play::new(self.core)
                    .propose(lang, cmd, Request::Takeback, *game, *decline)
                    .await
            }
            Action::Games => Records::new(self.core).games(lang, cmd).await,
            Action::Live => Records::new(self.core).live(lang, cmd).await,
            Action::Vacation(request) => {
                Preferences::new(self.core)
                    .vacation(lang, cmd, *request)
                    .await
            }
            Action::Export => Moderation::new(self.core).export(lang, cmd).await,
            Action::ForgetMe { confirmed } => {
                Moderation::new(self.core)
                    .forget_me(lang, cmd, *confirmed)
                    .await
            }
            Action::Privacy => Ok(Reply::private(crate::tr!(
                lang,
                "privacy",
                retention = self.core.config.retention.as_secs() / 86_400,
                link = self.core.config.link_ttl.as_secs().div_ceil(60)
            ))),
            Action::Learn { lesson, answer } => {
                Learning::new(self.core)
                    .learn(lang, cmd, *lesson, *answer)
                    .await
            }
            Action::Rules => Ok(Reply::private(text::rules(lang))),
            Action::Misunderstood { hint } => Ok(Reply::private(hint.clone())),
            Action::Help => Ok(Reply::private(text::help(lang))),
            Action::HelpPlay => Ok(Reply::private(text::help_play(lang))),
            Action::HelpMore => Ok(Reply::private(text::help_more(lang))),
            Action::Status => Delivery::new(self.core).status(lang, cmd).await,
            Action::Settings { changes } => {
                Preferences::new(self.core)
                    .settings(lang, cmd, changes)
                    .await
            }
            Action::MySettings { changes } => {
                Preferences::new(self.core)
                    .my_settings(lang, cmd, changes)
                    .await
            }
            Action::Advise { pit, game } => {
                Play::new(self.core).advise(lang, cmd, *pit, *game).await
            }
            Action::Leaderboard {
                global,
                page,
                speed,
            } => {
                Records::new(self.core)
                    .leaderboard(lang, cmd, *global, *page, *speed)
                    .await
            }
            Action::Stats { user, speed } => {
                Records::new(self.core)
                    .stats(lang, cmd, user.as_ref(), *speed)
                    .await
            }
            Action::History { user } => {
                Records::new(self.core)
                    .history(lang, cmd, user.as_ref())
                    .await
            }
            Action::Replay { game } => Records::new(self.core).replay(lang, cmd, *game).await,
            Action::Link { code, confirmed } => {
                Moderation::new(self.core)
                    .link(lang, cmd, code.as_ref(), *confirmed)
                    .await
            }
            Action::Unlink => Moderation::new(self.core).unlink(lang, cmd).await,
            Action::Web { logout_all } => {
                Sessions::new(self.core).web(lang, cmd, *logout_all).await
            }
            Action::Abort { game } => Play::new(self.core).abort(lang, cmd, *game).await,
            Action::Rematch { game } => Challenges::new(self.core).rematch(lang, cmd, *game).await,
            Action::Reissue { challenge } => {
                Challenges::new(self.core)
                    .reissue(lang, cmd, *challenge)
                    .await
            }
            Action::Analyse { game } => Learning::new(self.core).analyse(lang, cmd, *game).await,
            Action::Advisers { global } => {
                Learning::new(self.core).advisers(lang, cmd, *global).await
            }
            Action::Puzzle { daily } => Learning::new(self.core).puzzle(lang, cmd, *daily).await,
            Action::Solve { pit, puzzle } => {
                Learning::new(self.core)
                    .solve(lang, cmd, *pit, *puzzle)
                    .await
            }
            Action::Admin(admin) => Moderation::new(self.core).admin(lang, cmd, admin).await,
            Action::Report { game, reason } => {
                Moderation::new(self.core)
                    .report(lang, cmd, *game, reason)
                    .await
            }
            Action::Tournament(action) => {
                Tournaments::new(self.core)
                    .tournament(lang, cmd, action)
                    .await
            }
        }
    }
}

/// The languages of a command's answers: the place's for what everyone there reads
/// ([`Audience::Place`]), the author's own for what only they read (their choice,
/// else their client's, else the place's: `Preferences::language_of`). The
/// author's is read only when needed: a move that is played reads no settings for
/// it.
struct Voices<'a> {
    core: &'a std::sync::Arc<Core>,
    /// The place's language, for an action whose answer the place reads.
    place: Option<Language>,
    /// The author's own, once read.
    own: tokio::sync::OnceCell<Language>,
}

impl<'a> Voices<'a> {
    async fn of(core: &'a std::sync::Arc<Core>, cmd: &Command) -> Voices<'a> {
        let place = match cmd.action.audience() {
            Audience::Place => Some(
                Preferences::new(core)
                    .language_at(cmd.place.platform, scope(&cmd.place))
                    .await,
            ),
            Audience::Author => None,
        };
        Voices {
            core,
            place,
            own: tokio::sync::OnceCell::new(),
        }
    }

    /// The language of `cmd`'s author.
    async fn own(&self, cmd: &Command) -> &Language {
        self.own
            .get_or_init(|| async { Preferences::new(self.core).language_of(cmd).await })
            .await
    }

    /// The language of `cmd`'s answer when it succeeds.
    async fn answer(&self, cmd: &Command) -> &Language {
        match &self.place {
            Some(place) => place,
            None => self.own(cmd).await,
        }
    }
}
