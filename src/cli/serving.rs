//! `sudoscope serve` and `sudoscope web`: the visualiser served to a class, over SSH and to
//! browsers (built with the `serve` feature, on by default).

use std::io::Write;

use super::args;
use super::{exit, notes_out, screen_lang, view_options};
use sudoscope_i18n::Lang;

/// How a class is reached: SSH (with its keys and host key), browsers, or both.
struct Reach {
    ssh: Option<(u16, Option<std::path::PathBuf>, Option<std::path::PathBuf>)>,
    web: Option<u16>,
    token: bool,
}

/// `sudoscope serve`: the class over SSH (and browsers with --web).
pub(super) fn serve(
    args: &args::ServeArgs,
    langs: (Lang, Option<Lang>),
    out: &mut impl Write,
) -> anyhow::Result<i32> {
    let reach = Reach {
        ssh: Some((
            args.port,
            args.authorized_keys.clone(),
            args.host_key.clone(),
        )),
        web: args.web,
        token: args.web.is_some(),
    };
    class(&args.class, reach, langs, out)
}

fn tokens_of(password: &str) -> (String, String) {
    sudoscope_serve::access::tokens_of(password)
}

/// `sudoscope web`: the class in browsers.
pub(super) fn web(
    args: &args::WebArgs,
    langs: (Lang, Option<Lang>),
    out: &mut impl Write,
) -> anyhow::Result<i32> {
    let reach = Reach {
        ssh: None,
        web: Some(args.port),
        token: !args.no_token,
    };
    class(&args.class, reach, langs, out)
}

/// Serve a class: sessions start as the visualiser's flags say, as guests (no files).
fn class(
    args: &args::ClassArgs,
    reach: Reach,
    langs: (Lang, Option<Lang>),
    out: &mut impl Write,
) -> anyhow::Result<i32> {
    use sudoscope_serve::access;
    let mut template = view_options(&args.tui.view, langs.0)?;
    // the lecturer's choice (`--lang`, else a lesson's own), which every session speaks
    let mut language = langs.1;
    if let Some(path) = &args.tui.lesson {
        let lesson = sudoscope_tui::lesson::read(path)?;
        language = language.or(lesson.lang);
        // the server's own screen and banner, and a session told nothing else
        template.lang = screen_lang(langs, Some(&lesson));
        if let Some(n) = lesson.scenes.iter().position(|s| s.command.is_some()) {
            eprintln!(
                "sudoscope: {}: scene {} runs a command (watch), which a served session may not; serve a lesson without commands",
                path.display(),
                n + 1
            );
            return Ok(exit::BAD_INPUT);
        }
        template.lesson = Some(lesson);
    }
    let keys = match reach.ssh.as_ref().and_then(|(_, keys, _)| keys.as_ref()) {
        Some(path) => access::read_authorized_keys(path)?,
        None => Vec::new(),
    };
    let password = match (&args.password, keys.is_empty()) {
        (Some(p), _) => Some(access::given_password(p)?),
        (None, true) => Some(access::make_password()?),
        (None, false) => None,
    };
    // the links' tokens come from the password, so a server started again with the same one
    // keeps every link working; without a password (keys only), they are made up
    let (class_token, lecturer_token) = match &password {
        Some(p) => tokens_of(p),
        None => (access::make_token()?, access::make_token()?),
    };
    let token = reach.token.then_some(class_token);
    let lecturer_token = reach.web.is_some().then_some(lecturer_token);
    let ssh = match reach.ssh {
        Some((port, _, host_key)) => Some((
            port,
            match host_key {
                Some(p) => p,
                None => access::data_dir()
                    .ok_or_else(|| {
                        anyhow::anyhow!("no home directory for the host key; give --host-key FILE")
                    })?
                    .join("host_ed25519"),
            },
        )),
        None => None,
    };
    if !args.mirror {
        for (given, flag) in [
            (args.tui.record.is_some(), "--record"),
            (args.tui.trace.is_some(), "--trace"),
            (args.tui.lesson_out.is_some(), "--lesson-out"),
            (args.tui.notes.is_some(), "--notes"),
        ] {
            if given {
                anyhow::bail!(
                    "{flag} applies to the lecturer's mirrored screen: give --mirror with it"
                );
            }
        }
    }
    if let Some(dir) = &args.keep {
        std::fs::create_dir_all(dir)
            .map_err(|e| anyhow::anyhow!("--keep {}: {e}", dir.display()))?;
    }
    if args.mirror && !sudoscope_tui::has_terminal() {
        eprintln!(
            "sudoscope: --mirror shows this terminal's session to the class, and needs a terminal"
        );
        return Ok(exit::BAD_INPUT);
    }
    // the lecturer's screen may write files; the students' never do
    let sessions = sudoscope_tui::Launch {
        notes_out: None,
        front: sudoscope_tui::Front::Served,
        ..template.clone()
    };
    let mut lecturer = template;
    // ending the lecturer's screen ends the class: q asks first
    lecturer.confirm_quit = true;
    lecturer.lesson_out = args.tui.lesson_out.clone();
    lecturer.notes_out = notes_out(&args.tui)?;
    if let Some(path) = &args.tui.trace {
        std::fs::File::create(path)
            .map_err(|e| anyhow::anyhow!("--trace {}: {e}", path.display()))?;
        lecturer.trace_out = Some(path.clone());
    }
    let opts = sudoscope_serve::ServeOptions {
        listen: args.listen.clone(),
        ssh,
        web: reach.web,
        address: args.address.clone(),
        template: sessions,
        lecturer,
        mirror: args.mirror,
        access: access::Access {
            password,
            keys,
            token,
            lecturer: lecturer_token,
        },
        board_limits: sudoscope_serve::web::class_board::Limits {
            per_address: args.traces_per_address as usize,
            keep_bytes: args.keep_max_mb << 20,
            keep_files: args.keep_max_files as usize,
            ..Default::default()
        },
        trust_proxy: args.trust_proxy,
        resume_grace: args.resume_grace,
        page: args.page.clone(),
        max_sessions: args.max_sessions as usize,
        idle: args.idle_timeout,
        login_grace: args.login_grace,
        keep: args.keep.clone(),
        log: args.log.clone(),
        stats_every: args.stats,
        record: args.tui.record.clone(),
        language,
    };
    sudoscope_serve::run(opts, out)?;
    Ok(exit::OK)
}
