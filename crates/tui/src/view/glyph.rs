//! Digits three rows tall, for a grid whose cells have the room: 3x5 pixel glyphs drawn in
//! half blocks.

use sudoscope_core::board::EMPTY;

/// 3×5 pixel glyphs, a row of 3 bits per line (left bit first): 1-9, then A-P for 10-25.
const GLYPHS: [[u8; 5]; 25] = [
    [0b010, 0b110, 0b010, 0b010, 0b111], // 1
    [0b111, 0b001, 0b111, 0b100, 0b111], // 2
    [0b111, 0b001, 0b111, 0b001, 0b111], // 3
    [0b101, 0b101, 0b111, 0b001, 0b001], // 4
    [0b111, 0b100, 0b111, 0b001, 0b111], // 5
    [0b111, 0b100, 0b111, 0b101, 0b111], // 6
    [0b111, 0b001, 0b001, 0b001, 0b001], // 7
    [0b111, 0b101, 0b111, 0b101, 0b111], // 8
    [0b111, 0b101, 0b111, 0b001, 0b111], // 9
    [0b010, 0b101, 0b111, 0b101, 0b101], // A
    [0b110, 0b101, 0b110, 0b101, 0b110], // B
    [0b011, 0b100, 0b100, 0b100, 0b011], // C
    [0b110, 0b101, 0b101, 0b101, 0b110], // D
    [0b111, 0b100, 0b110, 0b100, 0b111], // E
    [0b111, 0b100, 0b110, 0b100, 0b100], // F
    [0b011, 0b100, 0b101, 0b101, 0b011], // G
    [0b101, 0b101, 0b111, 0b101, 0b101], // H
    [0b111, 0b010, 0b010, 0b010, 0b111], // I
    [0b001, 0b001, 0b001, 0b101, 0b010], // J
    [0b101, 0b101, 0b110, 0b101, 0b101], // K
    [0b100, 0b100, 0b100, 0b100, 0b111], // L
    [0b101, 0b111, 0b111, 0b101, 0b101], // M
    [0b110, 0b101, 0b101, 0b101, 0b101], // N
    [0b010, 0b101, 0b101, 0b101, 0b010], // O
    [0b110, 0b101, 0b110, 0b100, 0b100], // P
];

/// A value three rows tall in half blocks (a blank cell is a small dot).
pub fn big_glyph(value: u8) -> [String; 3] {
    big_glyph_chars(value).map(|row| row.iter().collect())
}

/// [`big_glyph`]'s three rows of three characters.
pub(super) fn big_glyph_chars(value: u8) -> [[char; 3]; 3] {
    if value == EMPTY {
        return [[' '; 3], [' ', '·', ' '], [' '; 3]];
    }
    let g = GLYPHS[(value - 1) as usize % 25];
    let px = |row: usize, col: usize| row < 5 && g[row] >> (2 - col) & 1 == 1;
    std::array::from_fn(|r| {
        std::array::from_fn(|c| match (px(2 * r, c), px(2 * r + 1, c)) {
            (true, true) => '█',
            (true, false) => '▀',
            (false, true) => '▄',
            (false, false) => ' ',
        })
    })
}
