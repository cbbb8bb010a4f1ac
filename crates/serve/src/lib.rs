//! `sudoscope serve`: one machine serves the class over SSH. Every connection gets its own
//! visualiser in its own terminal ([`session`]), drawn on the SSH channel ([`out`]) from the
//! keys its client sends ([`input`]); with a mirror, the lecturer's own screen is shown to
//! every student until they try it themselves. Who may come in is [`access`]; what a
//! connection may ask for is [`handler`]. All sessions' searches share the machine's cores
//! through the engine's gate, so the screens stay live however many students run at full
//! speed.

#[macro_use]
extern crate sudoscope_i18n;

pub mod access;
mod banner;
pub mod handler;

pub mod out;
pub mod platform;
pub mod session;
pub mod ssh;
pub mod web;

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use russh::MethodKind;
use russh::server::Config;

use access::Access;
use sudoscope_core::engine::{gate, resident};
use sudoscope_tui::{Launch, Stage};

/// How the server runs.
pub struct ServeOptions {
    /// The address to listen on.
    pub listen: String,
    /// Serve SSH on this port (0: any free one, printed), with this host key.
    pub ssh: Option<(u16, PathBuf)>,
    /// Serve browsers on this port (0: any free one, printed).
    pub web: Option<u16>,
    /// The name or address students are told to reach (default: this machine's addresses for
    /// a browser, its name for SSH).
    pub address: Option<String>,
    /// Every session starts as this (a served session: no files).
    pub template: Launch,
    /// The lecturer's own screen, shown to every student (`--mirror`).
    pub lecturer: Launch,
    /// Whether the lecturer's screen is served (`--mirror`).
    pub mirror: bool,
    /// Record the lecturer's screen (asciicast).
    pub record: Option<PathBuf>,
    /// Who may come in.
    pub access: Access,
    /// Sessions at once at most.
    pub max_sessions: usize,
    /// A session without a key for this long closes.
    pub idle: Duration,
    /// A connection (or a browser's tab) that has not signed in by then is closed.
    pub login_grace: Duration,
    /// Where the log goes (standard error when `None` and no mirror covers the terminal).
    pub log: Option<PathBuf>,
    /// Keep the traces sent to the class board in this folder (`--keep`).
    pub keep: Option<PathBuf>,
    /// What the class board takes from whom (`--traces-per-address`, `--keep-max-mb`, ...).
    pub board_limits: web::class_board::Limits,
    /// The proxy in front of the server (`--trust-proxy`): only from it is a client's address
    /// read from `Forwarded` or `X-Forwarded-For`.
    pub trust_proxy: Option<std::net::IpAddr>,
    /// How long a tab that lost its connection keeps its session for when it comes back.
    pub resume_grace: Duration,
    /// The folder `sudoscope site` wrote, served at `/page/` (`--page`): a tab that computes
    /// its own searches.
    pub page: Option<PathBuf>,
    /// Write a statistics line to the log this often.
    pub stats_every: Option<Duration>,
    /// The language the lecturer chose (see [`Class::language`]).
    pub language: Option<sudoscope_i18n::Lang>,
}

/// The log: one line per event, stamped with seconds since the server started.
struct Log {
    out: Mutex<Option<Box<dyn Write + Send>>>,
    began: Instant,
}

/// What all connections share: the sessions' template and limits, the mirror, the log.
pub struct Class {
    /// Every session starts as this.
    pub template: Launch,
    /// The lecturer's screen, when mirrored.
    pub mirror: Option<Arc<Stage>>,
    /// Who may come in.
    pub access: Access,
    /// Password attempts by address, over SSH and browsers alike.
    pub throttle: access::Throttle,
    /// Sessions at once at most.
    pub max_sessions: usize,
    /// A session without a key for this long closes.
    pub idle: Duration,
    /// A connection (or a browser's tab) that has not signed in by then is closed.
    pub login_grace: Duration,
    /// The language the lecturer chose (`--lang`, a lesson's `lang`), which every session
    /// speaks; when none, each speaks its student's (the locale their SSH client sends, the
    /// browser's languages), else the server's.
    pub language: Option<sudoscope_i18n::Lang>,
    live: AtomicUsize,
    next_id: AtomicU64,
    meters: Mutex<BTreeMap<u64, Member>>,
    log: Log,
}

impl Class {
    /// The language a session speaks: the lecturer's choice, else what its student's terminal
    /// asks for, else the server's (the template's).
    pub fn language_for(&self, info: &session::TermInfo) -> sudoscope_i18n::Lang {
        self.language
            .or(info.language())
            .unwrap_or(self.template.lang)
    }

    /// A number for a new session.
    pub fn next_id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::Relaxed) + 1
    }

    /// Count a new session in, with its frame counter and stop flag; false when the class is
    /// full.
    pub fn join(&self, id: u64, frames: Arc<AtomicU64>, stop: Arc<AtomicBool>) -> bool {
        let admitted = self
            .live
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < self.max_sessions).then_some(n + 1)
            })
            .is_ok();
        if admitted {
            self.meters
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(id, Member { frames, stop });
        }
        admitted
    }

    /// Ask every session to end: each says goodbye and gives its client's terminal back.
    pub fn stop_all(&self) {
        for m in self
            .meters
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .values()
        {
            m.stop.store(true, Ordering::SeqCst);
        }
    }

    /// A session has ended.
    pub fn left(&self, id: u64, why: &str) {
        let was = self
            .meters
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&id);
        if was.is_some() {
            self.live.fetch_sub(1, Ordering::SeqCst);
        }
        self.log(&format!("session {id} ends: {why}"));
    }

    /// Sessions now.
    pub fn sessions(&self) -> usize {
        self.live.load(Ordering::SeqCst)
    }

    /// A line in the log.
    pub fn log(&self, line: &str) {
        let mut out = self.log.out.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(w) = out.as_mut() {
            let t = self.log.began.elapsed().as_secs_f64();
            let _ = writeln!(w, "[{t:9.1}s] {line}");
            let _ = w.flush();
        }
    }
}

/// A session in the class: its frame counter (for the statistics) and its stop flag (for the
/// end of the class).
struct Member {
    frames: Arc<AtomicU64>,
    stop: Arc<AtomicBool>,
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// Access could not be set up (the host key, the keys file).
    #[error(transparent)]
    Access(#[from] access::AccessError),
    /// The address could not be listened on.
    #[error("cannot listen on {addr}: {reason}")]
    Listen {
        /// The address.
        addr: String,
        /// Why.
        reason: String,
    },
    /// The log file could not be opened.
    #[error("--log {path}: {reason}")]
    Log {
        /// The file.
        path: String,
        /// Why.
        reason: String,
    },
    /// Something else of the machine's (threads, the terminal).
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The lecturer's screen failed.
    #[error(transparent)]
    Screen(#[from] sudoscope_tui::TuiError),
    /// The folder of `--page` is not a page `sudoscope site` wrote.
    #[error("{0}")]
    Page(String),
}

/// Serve until the lecturer quits the mirrored screen or the server gets Ctrl-C, SIGTERM or
/// SIGHUP. Prints what students type or open first, in the class's language.
pub fn run(opts: ServeOptions, say: &mut dyn Write) -> Result<(), ServeError> {
    let own_page = match &opts.page {
        Some(dir) => Some(Arc::new(
            web::own_page::OwnPage::read(dir).map_err(ServeError::Page)?,
        )),
        None => None,
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    gate::install(cores);
    let host_key = match &opts.ssh {
        Some((_, path)) => Some(access::host_key(path)?),
        None => None,
    };
    let log_out = log_of(&opts)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("serve")
        .enable_all()
        .build()?;
    let ssh_listener = match &opts.ssh {
        Some((port, _)) => Some(bind(&runtime, &opts.listen, *port)?),
        None => None,
    };
    let web_listener = match opts.web {
        Some(port) => Some(bind(&runtime, &opts.listen, port)?),
        None => None,
    };
    let (mirror, reports) = if opts.mirror {
        let (stage, reports) = Stage::new(opts.lecturer.clone());
        (Some(stage), Some(reports))
    } else {
        (None, None)
    };
    let class = Arc::new(Class {
        template: opts.template.clone(),
        mirror: mirror.clone(),
        access: opts.access.clone(),
        throttle: access::Throttle::default(),
        max_sessions: opts.max_sessions,
        idle: opts.idle,
        login_grace: opts.login_grace,
        language: opts.language,
        live: AtomicUsize::new(0),
        next_id: AtomicU64::new(0),
        meters: Mutex::new(BTreeMap::new()),
        log: Log {
            out: Mutex::new(log_out),
            began: Instant::now(),
        },
    });
    let (closing_tx, closing_rx) = tokio::sync::watch::channel(false);
    let mut ways = Vec::new();
    // the SSH connections close after the sessions have said goodbye
    let (ssh_stop_tx, ssh_stop_rx) = tokio::sync::watch::channel(false);
    if let (Some(listener), Some((key, made))) = (ssh_listener, host_key) {
        let bound = listener.local_addr()?;
        let fingerprint = access::fingerprint(&key);
        ways.push(banner::ssh(say, &opts, bound, &fingerprint, made)?);
        class.log(&format!(
            "listening on {bound} (ssh), host key {fingerprint}"
        ));
        let config = ssh_config(&opts.access, key);
        runtime.spawn(ssh::accept(
            listener,
            config,
            Arc::clone(&class),
            ssh_stop_rx.clone(),
        ));
    }
    if let Some(listener) = web_listener {
        let bound = listener.local_addr()?;
        ways.extend(banner::web(say, &opts, bound, own_page.is_some())?);
        class.log(&format!("listening on {bound} (browsers)"));
        runtime.spawn(web::serve(
            listener,
            web::Web::new(
                Arc::clone(&class),
                closing_rx.clone(),
                web::Serving {
                    keep: opts.keep.clone(),
                    limits: opts.board_limits.clone(),
                    trust_proxy: opts.trust_proxy,
                    resume_grace: opts.resume_grace,
                    own_page: own_page.clone(),
                },
            ),
        ));
    }
    banner::access(say, &opts)?;
    if let Some(stage) = &mirror {
        // the lecturer's screen covers what was printed: its status line says it again
        stage.write().say(banner::status_line(&ways, &opts));
    }
    say.flush()?;
    class.log(&format!(
        "{cores} cores for the searches, at most {} sessions",
        class.max_sessions
    ));
    let done = Arc::new(AtomicBool::new(false));
    let stats = opts.stats_every.map(|every| {
        let class = Arc::clone(&class);
        let done = Arc::clone(&done);
        std::thread::Builder::new()
            .name("stats".into())
            .spawn(move || statistics(&class, every, &done))
    });
    let result = match (&mirror, reports) {
        (Some(stage), Some(reports)) => {
            sudoscope_tui::run_stage(stage, reports, opts.record.clone())
                .map(|_| ())
                .map_err(ServeError::from)
        }
        _ => {
            wait_for_signal(&done);
            Ok(())
        }
    };
    done.store(true, Ordering::SeqCst);
    close(&class, &closing_tx, &ssh_stop_tx);
    if let Some(Ok(t)) = stats {
        let _ = t.join();
    }
    class.log("stopped");
    runtime.shutdown_timeout(Duration::from_secs(1));
    result
}

/// Where the log goes: `--log`'s file, else standard error unless the mirrored screen covers
/// the terminal.
fn log_of(opts: &ServeOptions) -> Result<Option<Box<dyn Write + Send>>, ServeError> {
    Ok(match &opts.log {
        Some(path) => Some(Box::new(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| ServeError::Log {
                    path: path.display().to_string(),
                    reason: e.to_string(),
                })?,
        )),
        None if opts.mirror => None,
        None => Some(Box::new(std::io::stderr())),
    })
}

/// Every session says goodbye and gives its terminal back (the alternate screen left, the
/// cursor shown, the mouse released), within 3 s; then the connections close.
fn close(
    class: &Class,
    closing: &tokio::sync::watch::Sender<bool>,
    ssh_stop: &tokio::sync::watch::Sender<bool>,
) {
    class.log("stopping: every session is closed");
    let _ = closing.send(true);
    class.stop_all();
    let deadline = Instant::now() + Duration::from_secs(3);
    while class.sessions() > 0 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = ssh_stop.send(true);
    // a moment for the connections to be told
    std::thread::sleep(Duration::from_millis(100));
}

/// Listen on `listen`:`port`, or say why not.
fn bind(
    runtime: &tokio::runtime::Runtime,
    listen: &str,
    port: u16,
) -> Result<tokio::net::TcpListener, ServeError> {
    let addr = format!("{listen}:{port}");
    runtime
        .block_on(tokio::net::TcpListener::bind(&addr))
        .map_err(|e| ServeError::Listen {
            addr: addr.clone(),
            reason: match e.kind() {
                std::io::ErrorKind::AddrInUse => {
                    "the port is in use; pick another with --port".into()
                }
                std::io::ErrorKind::PermissionDenied => {
                    "not allowed (ports under 1024 need root); pick another with --port".into()
                }
                _ => e.to_string(),
            },
        })
}

/// The SSH server's settings: the methods the access allows, its host key, keepalives.
fn ssh_config(access: &Access, key: russh::keys::PrivateKey) -> Arc<Config> {
    let mut methods = Vec::new();
    if access.password.is_some() {
        methods.push(MethodKind::Password);
    }
    if !access.keys.is_empty() {
        methods.push(MethodKind::PublicKey);
    }
    Arc::new(Config {
        methods: methods.as_slice().into(),
        auth_rejection_time: Duration::from_secs(2),
        auth_rejection_time_initial: Some(Duration::ZERO),
        max_auth_attempts: 6,
        keys: vec![key],
        // students watching the mirror type nothing for a long time: no inactivity limit on
        // the connection, but a dead one (a laptop closed) is found by keepalives
        inactivity_timeout: None,
        keepalive_interval: Some(Duration::from_secs(30)),
        keepalive_max: 3,
        nodelay: true,
        ..Default::default()
    })
}

/// Block until Ctrl-C, SIGTERM or SIGHUP.
fn wait_for_signal(done: &AtomicBool) {
    let (tx, rx) = crossbeam_channel::bounded(1);
    if ctrlc::set_handler(move || {
        let _ = tx.try_send(());
    })
    .is_err()
    {
        // a handler is already set (the library used twice in one process): poll the flag
        while !done.load(Ordering::SeqCst) {
            std::thread::sleep(Duration::from_millis(100));
        }
        return;
    }
    let _ = rx.recv();
}

/// A statistics line every `every`: sessions, threads, memory, and frames per second of the
/// lecturer's screen and of each session's (the lowest and the median).
fn statistics(class: &Class, every: Duration, done: &AtomicBool) {
    let mut before: BTreeMap<u64, u64> = BTreeMap::new();
    let mut lecturer_before = class.mirror.as_ref().map_or(0, |s| s.frames());
    let mut mark = Instant::now();
    while !done.load(Ordering::SeqCst) {
        let next = mark + every;
        while Instant::now() < next && !done.load(Ordering::SeqCst) {
            std::thread::sleep(Duration::from_millis(20));
        }
        let dt = mark.elapsed().as_secs_f64();
        mark = Instant::now();
        let now: BTreeMap<u64, u64> = class
            .meters
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .map(|(id, m)| (*id, m.frames.load(Ordering::Relaxed)))
            .collect();
        // only sessions seen at both ends of the period count
        let mut rates: Vec<f64> = now
            .iter()
            .filter_map(|(id, f)| before.get(id).map(|b| (f - b) as f64 / dt))
            .collect();
        rates.sort_by(f64::total_cmp);
        before = now;
        let lecturer = class.mirror.as_ref().map(|s| {
            let f = s.frames();
            let r = (f - lecturer_before) as f64 / dt;
            lecturer_before = f;
            r
        });
        let mut line = format!(
            "stats: {} sessions, {} threads, {} MiB resident",
            class.sessions(),
            resident::threads().unwrap_or(0),
            resident::rss_kib().unwrap_or(0) / 1024
        );
        if let Some(r) = lecturer {
            line += &format!(", lecturer {r:.1} frames/s");
        }
        if !rates.is_empty() {
            line += &format!(
                ", session frames/s lowest {:.1} median {:.1}",
                rates[0],
                rates[rates.len() / 2]
            );
        }
        class.log(&line);
    }
}
