//! `sudoscope man`: one manual page for the whole program. clap_mangen writes the name,
//! synopsis, description and options from the command line's own definitions; this adds every
//! subcommand with its options (clap_mangen alone would point at `sudoscope-solve(1)` pages
//! that do not exist), the keys of the visualiser from the key table, the lesson format, serving
//! a class, the languages, the exit status and the files.

use std::io::Write;

use clap::CommandFactory;
use clap_mangen::Man;
use roff::{Roff, bold, roman};

use super::args::Cli;
use sudoscope_i18n::Lang;
use sudoscope_tui::keys::BINDINGS;

/// Write the page (roff).
pub fn render(out: &mut dyn Write) -> std::io::Result<()> {
    let cmd = Cli::command();
    let man = Man::new(cmd.clone());
    man.render_title(out)?;
    man.render_name_section(out)?;
    man.render_synopsis_section(out)?;
    man.render_description_section(out)?;
    man.render_options_section(out)?;
    commands(&cmd, out)?;
    let mut r = Roff::default();
    keys(&mut r);
    sections(&mut r);
    r.to_writer(out)?;
    man.render_version_section(out)
}

/// Every subcommand: what it does and its options, under COMMANDS.
fn commands(cmd: &clap::Command, out: &mut dyn Write) -> std::io::Result<()> {
    let mut head = Roff::default();
    head.control("SH", ["COMMANDS"]);
    head.text([roman(
        "Without a command sudoscope opens the visualiser and takes its options (above).",
    )]);
    head.to_writer(out)?;
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        let mut r = Roff::default();
        r.control("SS", [format!("sudoscope {}", sub.get_name()).as_str()]);
        if let Some(about) = sub.get_long_about().or_else(|| sub.get_about()) {
            r.text([roman(about.to_string())]);
        }
        r.to_writer(out)?;
        let mut options = Vec::new();
        Man::new(sub.clone()).render_options_section(&mut options)?;
        // its options as a list under the command's own heading, not as a page section
        let text = String::from_utf8_lossy(&options).replace(".SH OPTIONS\n", "");
        out.write_all(text.as_bytes())?;
    }
    Ok(())
}

/// The visualiser's keys, from the key table.
fn keys(r: &mut Roff) {
    r.control("SH", ["KEYS"]);
    r.text([roman(
        "In the visualiser (the same table as the ? overlay); an open dialog reads its own keys, \
         which it shows.",
    )]);
    for b in BINDINGS {
        let keys: Vec<String> = b.keys.iter().map(|k| k.label(Lang::En)).collect();
        r.control("TP", []);
        r.text([bold(keys.join("  "))]);
        r.text([roman(b.help(Lang::En, sudoscope_tui::Front::Own))]);
    }
    r.control("TP", []);
    r.text([bold("mouse")]);
    r.text([roman(
        "a click selects a cell: its candidates, pencil marks and conflicts show beside the grid",
    )]);
}

/// A titled section of plain paragraphs.
fn section(r: &mut Roff, title: &str, paragraphs: &[&str]) {
    r.control("SH", [title]);
    for (i, p) in paragraphs.iter().enumerate() {
        if i > 0 {
            r.control("PP", []);
        }
        r.text([roman(*p)]);
    }
}

fn sections(r: &mut Roff) {
    section(
        r,
        "LESSON FILES",
        &[
            "A lesson (tui --lesson FILE, or the built-in local-search) is a TOML file: an \
             optional title, an optional lang (en, es or pt: the language of its plain texts), \
             and one [[scene]] table per scene, played in order with PageDown and PageUp.",
            "Each scene has a caption (required), shown in a banner, and any of: puzzle (a \
             puzzle reference), algo, preset (classic or tuned), seed, speed (steps per second \
             or \"max\"), paused (true or false), race (a list of algorithm[:preset[:seed]] \
             entries), race_start (\"same\" or \"random\"), set (a table of parameters), start (a \
             board to continue from), watch (a command whose trace the first pane shows) and \
             notes (speaker notes, shown only on the lecturer's screen with N, or sent to \
             --notes FILE|TTY).",
            "title, caption and notes may be given per language: caption.en = \"...\", \
             caption.es = \"...\", caption.pt = \"...\"; the screen shows its language's text, \
             else the lesson's own. A mistake is reported with the file, the line and the \
             scene before the screen opens (exit status 2).",
        ],
    );
    section(
        r,
        "SERVING A CLASS",
        &[
            "sudoscope serve listens for SSH (port 2222 by default) and gives each connection \
             its own visualiser in its own terminal; students need only an ssh client. It prints \
             the line students type, a class password made up at start (unless --password or \
             --authorized-keys is given) and the host key's fingerprint. With --mirror, the \
             lecturer's own terminal runs sudoscope and every student watches it; t lets a \
             student go on alone from the board on screen.",
            "Only the interactive session is served: commands, sftp, port and agent forwarding \
             and X11 are refused, and a student's keys never read or write a file on the server.",
        ],
    );
    section(
        r,
        "LANGUAGE",
        &[
            "The screen speaks English, Spanish or Portuguese: --lang en|es|pt, else the \
             language of LC_ALL, LC_MESSAGES or LANG (English for C or another language), else a \
             lesson's lang. Machine output (JSON, CSV, traces, command lines) never changes with \
             it; this page, --help and the command line's errors about flags stay English.",
        ],
    );
    section(
        r,
        "EXIT STATUS",
        &[
            "0 success; 1 the command ran but a puzzle was left unsolved; 2 bad input or usage \
             (unknown puzzle or algorithm, bad parameter, unreadable or malformed file, no \
             terminal for the visualiser); 101 a panic (a bug: please report it), the terminal \
             restored first; 130 interrupted (Ctrl-C) during an experiment; 128 + N when the \
             visualiser ends on signal N (143 for SIGTERM, 129 for SIGHUP).",
        ],
    );
    section(
        r,
        "FILES",
        &[
            "$XDG_DATA_HOME/sudoscope/host_ed25519 (or ~/.local/share/sudoscope/host_ed25519): \
             the host key of sudoscope serve, made on first use and kept.",
        ],
    );
    section(
        r,
        "SEE ALSO",
        &[
            "ssh(1), asciinema(1). The trace format a search of one's own writes is \
             docs/trace-format.md in the source.",
        ],
    );
}
