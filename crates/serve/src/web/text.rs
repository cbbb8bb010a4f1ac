//! A sender's text as the class sees it: a name or a card's words, cleaned of what could
//! disguise or turn it (control characters, direction overrides, invisible characters) and
//! bounded. The board, a student's own tab and the class's links all clean names this one way.

/// A name on the board has at most this many characters.
pub const NAME_CHARS: usize = 40;

/// Text from a sender as a card shows it: no control characters, no direction overrides
/// (which would turn the rest of a card around) and nothing invisible, at most `chars`
/// characters, trimmed.
pub fn clean_text(text: &str, chars: usize) -> String {
    let bidi = |c: char| {
        matches!(
            c,
            '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
        )
    };
    // characters that draw nothing (zero-width spaces and joiners, the soft hyphen, the byte
    // order mark): a name with one would look like another's
    let invisible = |c: char| {
        matches!(
            c,
            '\u{00AD}' | '\u{180E}' | '\u{200B}'..='\u{200D}' | '\u{2060}'..='\u{2064}' | '\u{FEFF}'
        )
    };
    let kept: String = text
        .chars()
        .filter(|&c| !c.is_control() && !bidi(c) && !invisible(c))
        .collect();
    kept.trim().chars().take(chars).collect()
}
