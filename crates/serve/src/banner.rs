//! What the server prints as it starts, in the class's language: where students connect (the
//! `ssh` line with the host key's fingerprint; the browser's links, the class board's and the
//! page's, and a QR code), the password or that keys alone let in, and how to stop; and the
//! status line the lecturer's mirrored screen shows in its place.

use std::io::{self, Write};
use std::net::SocketAddr;

use super::{ServeOptions, platform};

/// The SSH part: where students type `ssh`. Returns the status line's part for it.
pub(crate) fn ssh(
    say: &mut dyn Write,
    opts: &ServeOptions,
    bound: SocketAddr,
    fingerprint: &str,
    made: bool,
) -> io::Result<String> {
    // the lecturer's own terminal and screen speak the lecturer's language
    let lang = opts.lecturer.lang;
    // the addresses students can reach, and this machine's name
    let hosts = match &opts.address {
        Some(a) => vec![a.clone()],
        None => {
            let mut all = platform::addresses(&opts.listen);
            if opts
                .listen
                .parse::<std::net::IpAddr>()
                .is_ok_and(|ip| ip.is_unspecified())
            {
                all.extend(platform::host_name());
            }
            all
        }
    };
    let host = hosts
        .first()
        .cloned()
        .unwrap_or_else(|| "THIS-MACHINE".into());
    writeln!(
        say,
        "{}",
        tr!(lang, "serve-banner-ssh", address = bound.to_string())
    )?;
    writeln!(
        say,
        "  {}",
        tr!(
            lang,
            "serve-banner-type",
            port = bound.port(),
            host = host.clone()
        )
    )?;
    writeln!(
        say,
        "  {}",
        tr!(
            lang,
            "serve-banner-host-key",
            fingerprint = fingerprint.to_string(),
            new = if made { "yes" } else { "no" }
        )
    )?;
    Ok(tr!(lang, "serve-status", port = bound.port(), host = host))
}

/// The browser's part: the class's links (and a QR code of the first), the lecturer's board
/// and the page when served. Returns the status line's part for it, if there is a link.
pub(crate) fn web(
    say: &mut dyn Write,
    opts: &ServeOptions,
    bound: SocketAddr,
    page: bool,
) -> io::Result<Option<String>> {
    // the lecturer's own terminal and screen speak the lecturer's language
    let lang = opts.lecturer.lang;
    // as a link writes them: an IPv6 address in brackets
    let hosts: Vec<String> = match &opts.address {
        Some(a) => vec![a.clone()],
        None => platform::addresses(&opts.listen),
    }
    .into_iter()
    .map(|h| {
        if h.contains(':') && !h.starts_with('[') {
            format!("[{h}]")
        } else {
            h
        }
    })
    .collect();
    let links: Vec<String> = hosts
        .iter()
        .map(|h| match &opts.access.token {
            Some(t) => format!("http://{h}:{}/#k={t}", bound.port()),
            None => format!("http://{h}:{}/", bound.port()),
        })
        .collect();
    writeln!(
        say,
        "{}",
        tr!(lang, "serve-banner-web", address = bound.to_string())
    )?;
    for link in &links {
        writeln!(
            say,
            "  {}",
            tr!(lang, "serve-banner-open", link = link.clone())
        )?;
    }
    if let Some(t) = &opts.access.lecturer
        && let Some(h) = hosts.first()
    {
        writeln!(
            say,
            "  {}",
            tr!(
                lang,
                "serve-banner-board",
                link = format!("http://{h}:{}/board#k={t}", bound.port())
            )
        )?;
    }
    if page && let Some(h) = hosts.first() {
        writeln!(
            say,
            "  {}",
            tr!(
                lang,
                "serve-banner-page",
                link = format!("http://{h}:{}/page/", bound.port())
            )
        )?;
    }
    if let Some(code) = links.first().and_then(|l| super::web::qr(l)) {
        writeln!(say, "  {}", tr!(lang, "serve-banner-scan"))?;
        for line in code.lines() {
            writeln!(say, "    {line}")?;
        }
    }
    Ok(links
        .first()
        .map(|first| tr!(lang, "serve-status-web", link = first.clone())))
}

/// The closing lines: the password (or that keys alone let in), the mirror, how to stop.
pub(crate) fn access(say: &mut dyn Write, opts: &ServeOptions) -> io::Result<()> {
    // the lecturer's own terminal and screen speak the lecturer's language
    let lang = opts.lecturer.lang;
    match &opts.access.password {
        Some(p) => writeln!(
            say,
            "  {}",
            tr!(lang, "serve-banner-password", password = p.clone())
        )?,
        None => writeln!(say, "  {}", tr!(lang, "serve-banner-keys-only"))?,
    }
    if opts.mirror {
        writeln!(say, "  {}", tr!(lang, "serve-banner-mirror"))?;
    }
    writeln!(
        say,
        "  {}",
        tr!(
            lang,
            "serve-banner-stop",
            mirror = if opts.mirror { "yes" } else { "no" }
        )
    )
}

/// What the lecturer's mirrored screen says on its status line, which covers the banner: the
/// ways in, and the password.
pub(crate) fn status_line(ways: &[String], opts: &ServeOptions) -> String {
    // the lecturer's own terminal and screen speak the lecturer's language
    let lang = opts.lecturer.lang;
    let mut line = ways.join("  ·  ");
    if let Some(p) = &opts.access.password {
        line += &format!(
            "  {}",
            tr!(lang, "serve-status-password", password = p.clone())
        );
    }
    line
}
