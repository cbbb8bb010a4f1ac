//! The page a browser loads: its HTML (with its words in the class's language), script and
//! style, all compiled into the binary; nothing is fetched from anywhere else, so a lab
//! without the internet works. Sent compressed to a browser that accepts it.

use std::io::Write;
use std::sync::{Arc, Mutex, OnceLock};

use axum::body::Body;
use axum::extract::State;
use axum::http::header::{
    ACCEPT_ENCODING, ACCEPT_LANGUAGE, CACHE_CONTROL, CONTENT_ENCODING, CONTENT_SECURITY_POLICY,
    CONTENT_TYPE, HOST, ORIGIN, VARY,
};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::Response;

use super::Web;
use sudoscope_i18n::{self, Lang};

const INDEX: &str = include_str!("../../../../assets/web/index.html");
const SCRIPT: &str = include_str!("../../../../assets/web/term.js");
const LINK: &str = include_str!("../../../../assets/web/link.js");
const STYLE: &str = include_str!("../../../../assets/web/style.css");

/// Everything from this server, nothing inline but the words, and the page never framed.
const POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
                      connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'; \
                      base-uri 'none'; form-action 'none'";

/// The words of the page, by their key in the catalogs (`web-…`), filled into `{{…}}`.
pub const WORDS: &[&str] = &[
    "web-title",
    "web-connecting",
    "web-reconnecting",
    "web-password",
    "web-password-wrong",
    "web-enter",
    "web-ended",
    "web-again",
    "web-busy",
    "web-keys",
    "web-keyboard",
    "web-board-title",
    "web-board-empty",
    "web-board-sort",
    "web-board-by-best",
    "web-board-by-name",
    "web-board-by-state",
    "web-board-step",
    "web-board-cost",
    "web-board-best",
    "web-board-close",
    "web-state-running",
    "web-state-solved",
    "web-state-stuck",
    "web-state-cut",
    "web-state-refused",
    "web-wrong-link",
    "web-new-session",
    "web-server-stopped",
    "web-board-show",
    "web-board-all",
    "web-board-clear",
    "web-board-hide",
    "web-board-silent",
    "web-board-lecturer-only",
    "web-board-wrong-link",
];

/// The page's language: the lecturer's when they chose one, else the browser's first that
/// this program speaks, else the server's.
pub fn language(web: &Web, headers: &HeaderMap) -> Lang {
    if let Some(chosen) = web.class.language {
        return chosen;
    }
    headers
        .get(ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| {
            v.split(',')
                .filter_map(|part| Lang::parse(part.split(';').next().unwrap_or("")))
                .next()
        })
        .unwrap_or(web.class.template.lang)
}

/// The tab's page with its words in `lang`.
pub fn html(lang: Lang) -> String {
    fill(INDEX, lang)
}

/// A page's `{{…}}` filled with its words in `lang`.
pub fn fill(template: &str, lang: Lang) -> String {
    let mut out = template.replace("{{lang}}", lang.code());
    for key in WORDS {
        out = out.replace(&format!("{{{{{key}}}}}"), &escape(&lang.text(key, &[])));
    }
    out
}

/// Text safe inside HTML, in an element or a quoted attribute.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// `bytes` compressed.
pub fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut z = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    let _ = z.write_all(bytes);
    z.finish().unwrap_or_default()
}

/// Whether the browser takes a compressed answer.
pub fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers
        .get(ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|e| e.trim().starts_with("gzip")))
}

/// A response of `body`, compressed when the browser takes it and it pays.
fn send(headers: &HeaderMap, kind: &'static str, body: &[u8], zipped: Option<&[u8]>) -> Response {
    let mut r = Response::builder()
        .header(CONTENT_TYPE, kind)
        .header(CACHE_CONTROL, "no-cache")
        .header(VARY, "Accept-Encoding, Accept-Language")
        .header("X-Content-Type-Options", "nosniff")
        .header("Referrer-Policy", "no-referrer")
        .header(CONTENT_SECURITY_POLICY, POLICY);
    let body = match zipped {
        Some(z) if accepts_gzip(headers) && z.len() < body.len() => {
            r = r.header(CONTENT_ENCODING, "gzip");
            z.to_vec()
        }
        _ => body.to_vec(),
    };
    r.body(Body::from(body))
        .unwrap_or_else(|_| Response::new(Body::empty()))
}

/// `/`: the page.
pub async fn index(State(web): State<Web>, headers: HeaderMap) -> Response {
    filled(&web, &headers, INDEX)
}

/// A page of `template`, its words in the asking browser's language: filled and compressed
/// once a language, for the whole class's tabs.
pub fn filled(web: &Web, headers: &HeaderMap, template: &'static str) -> Response {
    type Made = Arc<(String, Vec<u8>)>;
    static MADE: Mutex<Vec<(usize, Lang, Made)>> = Mutex::new(Vec::new());
    let lang = language(web, headers);
    let key = template.as_ptr() as usize;
    let found = {
        let made = MADE.lock().unwrap_or_else(|e| e.into_inner());
        made.iter()
            .find(|(k, l, _)| *k == key && *l == lang)
            .map(|(_, _, m)| Arc::clone(m))
    };
    let page = found.unwrap_or_else(|| {
        let html = fill(template, lang);
        let zipped = gzip(html.as_bytes());
        let m: Made = Arc::new((html, zipped));
        let mut made = MADE.lock().unwrap_or_else(|e| e.into_inner());
        if !made.iter().any(|(k, l, _)| *k == key && *l == lang) {
            made.push((key, lang, Arc::clone(&m)));
        }
        m
    });
    send(
        headers,
        "text/html; charset=utf-8",
        page.0.as_bytes(),
        Some(&page.1),
    )
}

/// A file of the page that is the same for everyone, compressed once.
pub fn fixed(
    headers: &HeaderMap,
    kind: &'static str,
    text: &str,
    zipped: &OnceLock<Vec<u8>>,
) -> Response {
    let z = zipped.get_or_init(|| gzip(text.as_bytes()));
    send(headers, kind, text.as_bytes(), Some(z))
}

/// `/term.js`: the terminal the page draws.
pub async fn script(headers: HeaderMap) -> Response {
    static Z: OnceLock<Vec<u8>> = OnceLock::new();
    fixed(&headers, "text/javascript; charset=utf-8", SCRIPT, &Z)
}

/// `/link.js`: the way into the class, both pages'.
pub async fn link(headers: HeaderMap) -> Response {
    static Z: OnceLock<Vec<u8>> = OnceLock::new();
    fixed(&headers, "text/javascript; charset=utf-8", LINK, &Z)
}

/// `/style.css`.
pub async fn style(headers: HeaderMap) -> Response {
    static Z: OnceLock<Vec<u8>> = OnceLock::new();
    fixed(&headers, "text/css; charset=utf-8", STYLE, &Z)
}

/// Anything else: nothing here (no file on the server is ever read for a request).
pub async fn not_found() -> Response {
    not_found_now()
}

/// "Not found", as an answer.
pub fn not_found_now() -> Response {
    status(StatusCode::NOT_FOUND, "not found\n")
}

/// A WebSocket from another site's page.
pub fn forbidden() -> Response {
    status(StatusCode::FORBIDDEN, "a page of another site\n")
}

fn status(code: StatusCode, text: &'static str) -> Response {
    let mut r = Response::new(Body::from(text));
    *r.status_mut() = code;
    r.headers_mut().insert(
        CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    r
}

/// Whether a request comes from this server's own page: its `Origin` (a browser always sends
/// one with a WebSocket) names the host it asked for. Programs that send none are let through
/// to the password like any client.
pub fn same_origin(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(ORIGIN).and_then(|v| v.to_str().ok()) else {
        return true;
    };
    let Some(host) = headers.get(HOST).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let origin = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"))
        .unwrap_or("");
    origin.eq_ignore_ascii_case(host)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_of_the_page_is_filled_in_each_language() {
        for lang in [Lang::En, Lang::Es, Lang::Pt] {
            for key in WORDS {
                assert!(lang.has_own(key), "{key} has no {lang:?} entry");
            }
            for template in [INDEX, include_str!("../../../../assets/web/board.html")] {
                let page = fill(template, lang);
                assert!(!page.contains("{{"), "a word left unfilled in {lang:?}");
            }
            let page = html(lang);
            assert!(page.contains(&format!("lang=\"{}\"", lang.code())));
        }
    }

    #[test]
    fn the_page_names_nothing_outside_this_server() {
        for text in [
            INDEX,
            SCRIPT,
            LINK,
            STYLE,
            include_str!("../../../../assets/web/board.html"),
            include_str!("../../../../assets/web/board.js"),
        ] {
            // the one address that is not fetched: SVG's namespace, a name
            let text = text.replace("'http://www.w3.org/2000/svg'", "");
            for outside in ["http://", "https://", "//cdn", "@import", "url("] {
                assert!(
                    !text.contains(outside),
                    "the page refers to {outside}: it must work with no internet"
                );
            }
        }
    }

    #[test]
    fn only_the_pages_own_origin_opens_a_socket() {
        let mut h = HeaderMap::new();
        h.insert(HOST, HeaderValue::from_static("lab:8080"));
        assert!(
            same_origin(&h),
            "no Origin: a program, let through to the password"
        );
        h.insert(ORIGIN, HeaderValue::from_static("http://lab:8080"));
        assert!(same_origin(&h));
        h.insert(ORIGIN, HeaderValue::from_static("http://evil.example"));
        assert!(!same_origin(&h));
        h.insert(
            ORIGIN,
            HeaderValue::from_static("http://lab:8080.evil.example"),
        );
        assert!(!same_origin(&h));
    }

    #[test]
    fn words_are_escaped() {
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }
}
