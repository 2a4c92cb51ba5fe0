//! Sending: one interaction in, one [`Command`] to the service, its [`Reply`] out.
//!
//! **Answering within Discord's 3 s.** The service usually answers in milliseconds
//! (SQLite and a board render), so the adapter waits up to [`DEFER_AFTER`] and then
//! answers directly, ephemeral exactly when the reply is private: no "thinking…"
//! placeholder, and refusals stay private. Only when the service is slower (the engine
//! thinking) does it defer, publicly, because most replies to a slow command are game
//! moves; then a public reply fills in the placeholder, and a private one deletes the
//! placeholder and follows up ephemerally (a deferred public message can never become
//! ephemeral). Either way the interaction is answered exactly once.
//!
//! Every Discord call that fails is logged and dropped: a lost message never crashes
//! the bot.

use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::message::{self, Outgoing};
use super::translate;
use super::{Context, Data, Error};
use crate::chat::text::ParseError;
use crate::service::{Action, Command, Place, Receipt, Reply};

/// How long the service may take before the interaction is deferred (Discord allows 3 s
/// for the first answer; this leaves room for the network).
pub const DEFER_AFTER: Duration = Duration::from_millis(1500);

/// Runs a slash command: builds its [`Command`] and answers with the service's reply.
///
/// # Errors
/// Never: failures to send are logged. The `Result` is poise's signature.
pub async fn command(ctx: Context<'_>, action: Action) -> Result<(), Error> {
    command_vouching(ctx, action, None).await
}

/// [`command`], with a channel of this server the author named, checked by the
/// adapter (see [`Command::vouched`]).
///
/// # Errors
/// Never, as [`command`].
pub async fn command_vouching(
    ctx: Context<'_>,
    action: Action,
    vouched: Option<String>,
) -> Result<(), Error> {
    if let poise::Context::Application(actx) = ctx {
        let mut cmd = translate::slash_command(actx.interaction, action);
        if let Some(channel) = vouched {
            cmd = cmd.vouching(channel);
        }
        let http = &ctx.serenity_context().http;
        answer(
            http,
            ctx.data(),
            Interaction::Command(actx.interaction),
            cmd,
        )
        .await;
    }
    Ok(())
}

/// Refuses a slash command before it reaches the service (an option that cannot be
/// parsed): `text` privately to its author.
///
/// # Errors
/// Never: failures to send are logged. The `Result` is poise's signature.
pub async fn refuse(ctx: Context<'_>, text: String) -> Result<(), Error> {
    if let poise::Context::Application(actx) = ctx {
        let http = &ctx.serenity_context().http;
        let out = Outgoing::from_reply(&Reply::private(text));
        if let Err(e) = send(http, Interaction::Command(actx.interaction), out, false).await {
            tracing::warn!(error = %e, "could not send a refusal");
        }
    }
    Ok(())
}

/// [`refuse`]s what an option said that the service never saw (a `time:` or a pit
/// not understood), in the language of the person's client.
///
/// # Errors
/// Never, as [`refuse`].
pub async fn refuse_unread(ctx: Context<'_>, bad: &ParseError) -> Result<(), Error> {
    let lang = ctx
        .locale()
        .and_then(crate::i18n::Language::from_locale)
        .unwrap_or_default();
    refuse(ctx, bad.words(&lang)).await
}

/// poise's event hook: button presses (slash commands and autocomplete are poise's).
///
/// # Errors
/// Never: failures to send are logged.
pub async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    if let serenity::FullEvent::InteractionCreate {
        interaction: serenity::Interaction::Component(press),
    } = event
    {
        match translate::button_command(press) {
            Some(cmd) => {
                let http = &framework.serenity_context.http;
                answer(
                    http,
                    framework.user_data,
                    Interaction::Component(press),
                    cmd,
                )
                .await;
            }
            None => {
                tracing::warn!(custom_id = %press.data.custom_id, "ignored a component this bot did not make")
            }
        }
    }
    Ok(())
}

/// The two kinds of interaction the bot answers, which share the response endpoints.
#[derive(Clone, Copy)]
enum Interaction<'a> {
    Command(&'a serenity::CommandInteraction),
    Component(&'a serenity::ComponentInteraction),
}

impl Interaction<'_> {
    fn channel_id(self) -> serenity::ChannelId {
        match self {
            Interaction::Command(i) => i.channel_id,
            Interaction::Component(i) => i.channel_id,
        }
    }

    async fn create_response(
        self,
        http: &serenity::Http,
        response: serenity::CreateInteractionResponse,
    ) -> serenity::Result<()> {
        match self {
            Interaction::Command(i) => i.create_response(http, response).await,
            Interaction::Component(i) => i.create_response(http, response).await,
        }
    }

    async fn get_response(self, http: &serenity::Http) -> serenity::Result<serenity::Message> {
        match self {
            Interaction::Command(i) => i.get_response(http).await,
            Interaction::Component(i) => i.get_response(http).await,
        }
    }

    async fn edit_response(
        self,
        http: &serenity::Http,
        edit: serenity::EditInteractionResponse,
    ) -> serenity::Result<serenity::Message> {
        match self {
            Interaction::Command(i) => i.edit_response(http, edit).await,
            Interaction::Component(i) => i.edit_response(http, edit).await,
        }
    }

    async fn delete_response(self, http: &serenity::Http) -> serenity::Result<()> {
        match self {
            Interaction::Command(i) => i.delete_response(http).await,
            Interaction::Component(i) => i.delete_response(http).await,
        }
    }

    async fn create_followup(
        self,
        http: &serenity::Http,
        followup: serenity::CreateInteractionResponseFollowup,
    ) -> serenity::Result<serenity::Message> {
        match self {
            Interaction::Command(i) => i.create_followup(http, followup).await,
            Interaction::Component(i) => i.create_followup(http, followup).await,
        }
    }
}

/// Hands `cmd` to the service and delivers its reply, deferring if the service is
/// slow. The words the adapter adds are in the reply's language.
async fn answer(http: &serenity::Http, data: &Data, it: Interaction<'_>, cmd: Command) {
    // Counted until answered: a graceful stop waits for it.
    let _in_hand = data.in_hand.token();
    let place = cmd.place.clone();
    let mut handled = data.service.handle(cmd);
    let (reply, deferred) = tokio::select! {
        reply = &mut handled => (reply, false),
        () = tokio::time::sleep(DEFER_AFTER) => {
            let defer = serenity::CreateInteractionResponse::Defer(
                serenity::CreateInteractionResponseMessage::new(),
            );
            if let Err(e) = it.create_response(http, defer).await {
                tracing::warn!(error = %e, "could not defer an interaction");
            }
            (handled.await, true)
        }
    };
    if reply.is_empty() && !deferred {
        // A command dropped for going over the rate: say nothing.
        return;
    }
    deliver(http, data, it, &place, &reply, deferred).await;
}

/// Delivers `reply`, the answer to the interaction `it` at `place`.
async fn deliver(
    http: &serenity::Http,
    data: &Data,
    it: Interaction<'_>,
    place: &Place,
    reply: &Reply,
    deferred: bool,
) {
    let thread = reply
        .open_thread
        .as_deref()
        .filter(|_| !reply.private && place.space.is_some() && place.thread.is_none());
    match (thread, reply.game) {
        (Some(name), Some(game)) => {
            let name = message::thread_name(name);
            let game = NewThread { game, name: &name };
            in_new_thread(http, data, it, place, reply, game, deferred).await;
        }
        _ => {
            if let Err(e) = send(http, it, Outgoing::from_reply(reply), deferred).await {
                tracing::warn!(error = %e, "could not send a reply");
            }
        }
    }
}

/// Sends `out` as the interaction's answer (or fills in the deferred placeholder).
async fn send(
    http: &serenity::Http,
    it: Interaction<'_>,
    out: Outgoing,
    deferred: bool,
) -> serenity::Result<()> {
    if !deferred {
        return it.create_response(http, out.response()).await;
    }
    if out.ephemeral {
        if let Err(e) = it.delete_response(http).await {
            tracing::warn!(error = %e, "could not remove the deferred placeholder");
        }
        return it.create_followup(http, out.followup()).await.map(drop);
    }
    it.edit_response(http, out.edit()).await.map(drop)
}

/// The game a new thread is for, and its name.
struct NewThread<'a> {
    game: crate::service::GameId,
    name: &'a str,
}

/// A new game: a title message in the channel, a public thread on it holding the
/// reply, and the thread recorded with the service. Without permission to open
/// threads, the reply goes to the channel with a one-time note.
async fn in_new_thread(
    http: &serenity::Http,
    data: &Data,
    it: Interaction<'_>,
    place: &Place,
    reply: &Reply,
    NewThread { game, name }: NewThread<'_>,
    deferred: bool,
) {
    let lang = &reply.language;
    let title = Outgoing::from_reply(&Reply::public(format!("**{name}**")));
    if let Err(e) = send(http, it, title, deferred).await {
        tracing::warn!(error = %e, %game, "could not announce a new game");
        return;
    }
    let channel = it.channel_id();
    let opened = match it.get_response(http).await {
        Ok(title) => {
            let builder = serenity::CreateThread::new(name);
            channel
                .create_thread_from_message(http, title.id, builder)
                .await
        }
        Err(e) => Err(e),
    };
    match opened {
        Ok(thread) => {
            let out = Outgoing::from_reply(reply);
            if let Err(e) = thread.id.send_message(http, out.message()).await {
                tracing::warn!(error = %e, %game, "could not post in the game's thread");
            }
            let thread = translate::thread_place(place, thread.id);
            data.service.receipt(Receipt::Thread { game, thread }).await;
        }
        Err(e) => {
            tracing::warn!(error = %e, %game, "could not open a thread; playing in the channel");
            let mut out = Outgoing::from_reply(reply);
            if data.first_thread_note(channel.get()) {
                out.content = message::truncate(
                    &format!("{}\n{}", out.content, crate::tr!(lang, "discord-no-thread")),
                    message::MAX_CONTENT,
                );
            }
            if let Err(e) = it.create_followup(http, out.followup()).await {
                tracing::warn!(error = %e, %game, "could not send a reply");
            }
        }
    }
}
