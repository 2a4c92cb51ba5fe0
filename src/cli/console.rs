//! `oware-bot console` (and `run` with no chat network configured): the local chat.

use std::{io::IsTerminal, path::PathBuf, sync::Arc};

use anyhow::Context;
use clap::Args;

use crate::{
    chat::console, config::Config, engine::Engine, service::Service, store::Store, web::WebState,
};

/// Options of `console` and `run`.
#[derive(Debug, Default, Args)]
pub struct ConsoleArgs {
    /// The SQLite database (a path or `sqlite://` URL); default `DATABASE_URL`, else
    /// `sqlite://oware.db`.
    #[arg(long, value_name = "PATH")]
    pub db: Option<String>,
    /// Where board images are written; default `OWARE_BOARDS_DIR`, else `./boards/`.
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
}

/// Runs the console chat on stdin and stdout until the end of input, or a graceful
/// stop on Ctrl-C or SIGTERM (the line in hand is answered, then it exits 0).
///
/// # Errors
/// The database cannot be opened, or stdin/stdout fail.
pub fn run(args: &ConsoleArgs, config: &Config, engine: Arc<Engine>) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let result = runtime.block_on(async {
        let url = args.db.as_deref().unwrap_or(&config.database_url);
        let store = Store::open(url).await?;
        // An address set explicitly that cannot be bound stops the start here.
        crate::web::raise_open_files_limit();
        let listener = crate::web::bind(config.web.addr).await?;
        let mut service_config = config.service();
        // Without a public address, the console's messages link to the pages here.
        let local = listener
            .as_ref()
            .and_then(|l| l.local_addr().ok())
            .map(|addr| format!("http://{addr}"));
        if service_config.web_url.is_none() {
            service_config.web_url.clone_from(&local);
        }
        let service = Arc::new(Service::with_engine(store.clone(), service_config, engine));
        let networks = vec![crate::platform::Platform::Console];
        let state = WebState::new(service.pages(), config.web.public_url.clone(), networks)
            .with_sessions(service.sessions())
            .with_limits(config.web.limits);
        let web = crate::web::Servers::start(listener, config.web.metrics_addr, state).await?;
        // Engine moves, deadlines, reminders and expiries, including those that fell
        // due while the bot was not running.
        service.start_scheduler();
        let boards_dir = args.out_dir.as_ref().unwrap_or(&config.boards_dir);
        let intro = std::io::stdin().is_terminal();
        if intro {
            // The first line says where the pages are, before the chat's intro.
            if let Some(url) = service.ops().web_url() {
                let lang =
                    crate::service::ChatService::language(service.as_ref(), console::place()).await;
                println!("{}", crate::tr!(&lang, "console-web", url = url));
            }
        }
        let stdin = tokio::io::BufReader::new(tokio::io::stdin());
        let stdout = std::io::stdout();
        let mut out = stdout.lock();
        let stop = crate::chat::terminated();
        let result = console::run(service.as_ref(), stdin, &mut out, boards_dir, intro, stop).await;
        web.stop().await;
        // Every background task ends before the store closes.
        service.stop().await;
        store.close().await;
        Ok(result?)
    });
    // A read of stdin may still be blocked in its thread after a stop: not waited for.
    runtime.shutdown_timeout(std::time::Duration::from_millis(500));
    result
}
