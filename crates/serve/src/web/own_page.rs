//! `--page DIR`: the page that computes its own searches (the folder `sudoscope site` writes),
//! served at `/page/` beside the class's sessions, so that a student's tab runs the visualiser
//! in the browser and costs the server only the files, once. The files are read when the server
//! starts, checked, and compressed once; nothing is read from the disk for a request.

use std::path::Path;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Path as UrlPath, State};
use axum::http::HeaderMap;
use axum::http::header::{
    CACHE_CONTROL, CONTENT_ENCODING, CONTENT_SECURITY_POLICY, CONTENT_TYPE, VARY,
};
use axum::response::Response;

use super::Web;

/// The page's files: name, type.
const FILES: &[(&str, &str)] = &[
    ("index.html", "text/html; charset=utf-8"),
    ("style.css", "text/css; charset=utf-8"),
    ("term.js", "text/javascript; charset=utf-8"),
    ("local.js", "text/javascript; charset=utf-8"),
    ("sudoscope.wasm", "application/wasm"),
];

/// Everything from this server; the module compiled by the page itself.
const POLICY: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
                      style-src 'self'; connect-src 'self'; img-src 'self' data: blob:; \
                      frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/// One file as read, and compressed.
struct File {
    kind: &'static str,
    bytes: Vec<u8>,
    zipped: Vec<u8>,
}

/// The page's files, held for every tab.
pub struct OwnPage {
    files: Vec<(&'static str, File)>,
}

impl OwnPage {
    /// Read the page `sudoscope site` wrote in `dir`; an error in words when a file is missing
    /// or the module is not one.
    pub fn read(dir: &Path) -> Result<OwnPage, String> {
        let mut files = Vec::new();
        for &(name, kind) in FILES {
            let path = dir.join(name);
            let bytes = std::fs::read(&path).map_err(|e| {
                format!(
                    "--page {}: {name}: {e} (give the folder `sudoscope site` writes)",
                    dir.display()
                )
            })?;
            if name.ends_with(".wasm") && !bytes.starts_with(b"\0asm") {
                return Err(format!(
                    "--page {}: {name} is not WebAssembly",
                    dir.display()
                ));
            }
            let zipped = super::page::gzip(&bytes);
            files.push((
                name,
                File {
                    kind,
                    bytes,
                    zipped,
                },
            ));
        }
        Ok(OwnPage { files })
    }

    fn answer(&self, name: &str, headers: &HeaderMap) -> Response {
        let Some((_, f)) = self.files.iter().find(|(n, _)| *n == name) else {
            return super::page::not_found_now();
        };
        let gzip = super::page::accepts_gzip(headers) && f.zipped.len() < f.bytes.len();
        let mut r = Response::builder()
            .header(CONTENT_TYPE, f.kind)
            .header(CACHE_CONTROL, "no-cache")
            .header(VARY, "Accept-Encoding")
            .header("X-Content-Type-Options", "nosniff")
            .header(CONTENT_SECURITY_POLICY, POLICY);
        if gzip {
            r = r.header(CONTENT_ENCODING, "gzip");
        }
        let body = if gzip {
            f.zipped.clone()
        } else {
            f.bytes.clone()
        };
        r.body(Body::from(body))
            .unwrap_or_else(|_| Response::new(Body::empty()))
    }
}

/// `/page/`: the page.
pub async fn index(State(web): State<Web>, headers: HeaderMap) -> Response {
    match &web.own_page {
        Some(p) => p.answer("index.html", &headers),
        None => super::page::not_found_now(),
    }
}

/// `/page/NAME`: one of its files.
pub async fn file(
    State(web): State<Web>,
    UrlPath(name): UrlPath<String>,
    headers: HeaderMap,
) -> Response {
    match &web.own_page {
        Some(p) => p.answer(&name, &headers),
        None => super::page::not_found_now(),
    }
}

/// Held by the routes' state.
pub type Shared = Option<Arc<OwnPage>>;
