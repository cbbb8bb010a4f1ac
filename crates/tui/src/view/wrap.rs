//! Text broken into lines for a panel, between words, its following lines indented: a step
//! log entry under its words, a help line under its description. Never cut: every word shows.
//! And of several wordings of one line, the longest that fits.

/// The first of `forms` (longest first) whose display width is at most `room` columns, else
/// the last: a title or a reminder that says as much as the screen has room for, and is cut
/// only when even its shortest form is too long.
pub fn first_that_fits(forms: Vec<String>, room: usize) -> String {
    let last = forms.len().saturating_sub(1);
    forms
        .into_iter()
        .enumerate()
        .find(|(i, f)| *i == last || ratatui::text::Span::raw(f.as_str()).width() <= room)
        .map(|(_, f)| f)
        .unwrap_or_default()
}

/// `text` in lines of at most `width` characters, broken between words; lines after the first
/// start `indent` spaces in (when the width leaves room for it). A word longer than a line is
/// cut into pieces.
pub fn wrap(text: &str, width: usize, indent: usize) -> Vec<String> {
    let width = width.max(1);
    let indent = if width > indent * 3 { indent } else { 0 };
    let mut lines = Vec::new();
    // the step's number is right-aligned in leading spaces: they are kept
    let lead = text.len() - text.trim_start().len();
    let mut line = text[..lead].to_string();
    let mut len = lead;
    let mut words_on_line = false;
    for word in text[lead..].split(' ') {
        let mut word: Vec<char> = word.chars().collect();
        loop {
            let gap = usize::from(words_on_line);
            if len + gap + word.len() <= width {
                if words_on_line {
                    line.push(' ');
                }
                line.extend(word.iter());
                len += gap + word.len();
                words_on_line = true;
                break;
            }
            if words_on_line {
                lines.push(std::mem::take(&mut line));
                line = " ".repeat(indent);
                len = indent;
                words_on_line = false;
                continue;
            }
            // a word longer than a whole line
            let rest = word.split_off(width.saturating_sub(len).max(1).min(word.len()));
            line.extend(word.iter());
            lines.push(std::mem::take(&mut line));
            line = " ".repeat(indent);
            len = indent;
            word = rest;
            if word.is_empty() {
                break;
            }
        }
    }
    if words_on_line {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_long_entry_wraps_under_its_words_and_keeps_every_word() {
        let text = "     97  intercambia r7c4 y r9c4 (5↔3): sube +1, rechazado, p = 0,13 con T = 1,200  (costo 38)";
        let lines = super::wrap(text, 40, 9);
        assert!(lines.len() > 1, "{lines:?}");
        assert!(lines.iter().all(|l| l.chars().count() <= 40), "{lines:?}");
        assert!(lines[0].starts_with("     97  intercambia"), "{lines:?}");
        assert!(
            lines[1..]
                .iter()
                .all(|l| l.starts_with("         ") && !l.trim().is_empty()),
            "{lines:?}"
        );
        let words = |t: &str| t.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        assert_eq!(words(&lines.join(" ")), words(text), "no word lost or cut");
        assert_eq!(super::wrap("  short", 40, 9), vec!["  short".to_string()]);
    }
}
