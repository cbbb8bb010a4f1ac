//! A still of the screen for a slide: the screen as it is now, at the terminal's size, in its
//! theme's colours, as SVG (text a slide tool can scale) and PNG (pixels any tool shows). `W`
//! writes one beside the lesson being played (or here); `record --still` writes the last frame
//! of a recorded run; a web page offers the SVG to save ([`svg`]).

#[cfg(feature = "native")]
mod files;
#[cfg(feature = "native")]
pub use files::*;

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;

use super::App;

/// The screen `app` shows at `width` x `height`, as the view draws it (never the speaker notes).
pub fn screen(app: &App, width: u16, height: u16) -> Buffer {
    let mut t = Terminal::new(TestBackend::new(width.max(1), height.max(1)))
        .expect("an offscreen terminal");
    t.draw(|f| {
        super::view::draw(f, app);
    })
    .expect("drawing offscreen");
    t.backend().buffer().clone()
}

/// What `app` shows at `width` x `height` as an SVG still (a web page's `W`, saved by the
/// browser).
pub fn svg(app: &App, width: u16, height: u16) -> String {
    crate::screen_svg::still_svg(&screen(app, width, height), app.theme().palette)
}
