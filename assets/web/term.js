// sudoscope in a browser. The server runs the visualiser and sends what it would write to a
// terminal; this script keeps that terminal's cells and draws them as lines of text in the
// page (so screen readers and tests read them), and sends back what a terminal would: keys,
// clicks and the screen's size. Written for sudoscope's own output (what ratatui and crossterm
// emit), not as a general terminal emulator.
'use strict';

(function () {
  const screenEl = document.getElementById('screen');
  const endedEl = document.getElementById('ended');
  const endedTextEl = document.getElementById('ended-text');
  const noticeEl = document.getElementById('notice');
  const againEl = document.getElementById('again');
  const keysEl = document.getElementById('keys');
  const loginEl = document.getElementById('login');

  // The screen is at least this many cells when the window allows it at the smallest font
  // (more when the visualiser says it needs more: a race, `window.sudoscope.need`).
  let MIN_COLS = 72;
  let MIN_ROWS = 24;
  const FONT_MAX = 15;
  const FONT_MIN = 5;

  // ---- colours: the xterm palette, the 6x6x6 cube and the greys ----
  const BASE16 = [
    '#000000', '#cd3131', '#0dbc79', '#e5e510', '#2472c8', '#bc3fbc', '#11a8cd', '#e5e5e5',
    '#666666', '#f14c4c', '#23d18b', '#f5f543', '#3b8eea', '#d670d6', '#29b8db', '#ffffff',
  ];
  const PALETTE = BASE16.slice();
  const LEVELS = [0, 95, 135, 175, 215, 255];
  const hex = (r, g, b) => '#' + [r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('');
  for (let i = 0; i < 216; i++) {
    PALETTE.push(hex(LEVELS[Math.floor(i / 36)], LEVELS[Math.floor(i / 6) % 6], LEVELS[i % 6]));
  }
  for (let i = 0; i < 24; i++) {
    const v = 8 + 10 * i;
    PALETTE.push(hex(v, v, v));
  }

  // ---- the terminal: cells of a character and a style ----
  const PLAIN = '';

  function isWide(cp) {
    return (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf) ||
      (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) ||
      (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60) ||
      (cp >= 0xffe0 && cp <= 0xffe6) || (cp >= 0x1f300 && cp <= 0x1faff) ||
      (cp >= 0x20000 && cp <= 0x3fffd);
  }

  class Term {
    constructor(cols, rows) {
      this.pen = { fg: null, bg: null, bold: false, dim: false, italic: false, under: false,
        reverse: false, hidden: false, strike: false };
      this.penKey = PLAIN;
      this.state = 0; // 0 text, 1 after Esc, 2 in CSI, 3 in OSC, 4 Esc inside OSC, 5 charset
      this.seq = '';
      this.resize(cols, rows);
    }

    resize(cols, rows) {
      this.cols = cols;
      this.rows = rows;
      this.chars = [];
      this.styles = [];
      for (let r = 0; r < rows; r++) this.blankRow(r);
      this.x = 0;
      this.y = 0;
      this.dirty = new Set();
      for (let r = 0; r < rows; r++) this.dirty.add(r);
    }

    blankRow(r) {
      this.chars[r] = new Array(this.cols).fill(' ');
      this.styles[r] = new Array(this.cols).fill(PLAIN);
      if (this.dirty) this.dirty.add(r);
    }

    clear() {
      for (let r = 0; r < this.rows; r++) this.blankRow(r);
    }

    erase(r, from, to) {
      if (r < 0 || r >= this.rows) return;
      for (let c = Math.max(0, from); c < Math.min(this.cols, to); c++) {
        this.chars[r][c] = ' ';
        this.styles[r][c] = PLAIN;
      }
      this.dirty.add(r);
    }

    put(ch) {
      if (this.x >= this.cols) {
        this.x = 0;
        this.lineFeed();
      }
      const r = this.y;
      this.chars[r][this.x] = ch;
      this.styles[r][this.x] = this.penKey;
      this.dirty.add(r);
      this.x += 1;
      if (isWide(ch.codePointAt(0)) && this.x < this.cols) {
        // the next cell is covered by this character
        this.chars[r][this.x] = '';
        this.styles[r][this.x] = this.penKey;
        this.x += 1;
      }
    }

    lineFeed() {
      if (this.y < this.rows - 1) {
        this.y += 1;
        return;
      }
      this.chars.shift();
      this.styles.shift();
      this.chars.push(null);
      this.styles.push(null);
      this.blankRow(this.rows - 1);
      for (let r = 0; r < this.rows; r++) this.dirty.add(r);
    }

    write(text) {
      for (const ch of text) {
        const c = ch.codePointAt(0);
        switch (this.state) {
          case 0:
            if (c === 0x1b) { this.state = 1; }
            else if (c === 0x0d) { this.x = 0; }
            else if (c === 0x0a) { this.lineFeed(); }
            else if (c === 0x08) { this.x = Math.max(0, this.x - 1); }
            else if (c === 0x09) { this.x = Math.min(this.cols - 1, (Math.floor(this.x / 8) + 1) * 8); }
            else if (c >= 0x20 && c !== 0x7f) { this.put(ch); }
            break;
          case 1:
            if (ch === '[') { this.state = 2; this.seq = ''; }
            else if (ch === ']') { this.state = 3; this.seq = ''; }
            else if (ch === '(' || ch === ')') { this.state = 5; }
            else if (ch === '7') { this.saved = [this.x, this.y]; this.state = 0; }
            else if (ch === '8') { if (this.saved) [this.x, this.y] = this.saved; this.state = 0; }
            else { this.state = 0; }
            break;
          case 2:
            if (c >= 0x40 && c <= 0x7e) { this.state = 0; this.csi(this.seq, ch); }
            else if (this.seq.length < 64) { this.seq += ch; }
            else { this.state = 0; }
            break;
          case 3:
            if (c === 0x07) { this.state = 0; this.osc(this.seq); }
            else if (c === 0x1b) { this.state = 4; }
            else if (this.seq.length < 1 << 20) { this.seq += ch; }
            break;
          case 4:
            this.state = 0;
            this.osc(this.seq);
            break;
          case 5:
            this.state = 0;
            break;
        }
      }
    }

    csi(seq, final) {
      const priv = seq[0] === '?' || seq[0] === '<' || seq[0] === '>' || seq[0] === '=' ? seq[0] : '';
      const body = priv ? seq.slice(1) : seq;
      const ps = body.length ? body.split(';').map((p) => p) : [];
      const n = (i, d) => { const v = parseInt(ps[i], 10); return Number.isFinite(v) ? v : d; };
      if (priv === '?') {
        if (final === 'l' && ps.includes('2026')) this.onFrame();
        if ((final === 'h' || final === 'l') && ps.includes('1049')) { this.clear(); this.x = 0; this.y = 0; }
        return;
      }
      if (priv) return;
      switch (final) {
        case 'H': case 'f':
          this.y = Math.min(this.rows - 1, Math.max(0, n(0, 1) - 1));
          this.x = Math.min(this.cols - 1, Math.max(0, n(1, 1) - 1));
          break;
        case 'A': this.y = Math.max(0, this.y - n(0, 1)); break;
        case 'B': this.y = Math.min(this.rows - 1, this.y + n(0, 1)); break;
        case 'C': this.x = Math.min(this.cols - 1, this.x + n(0, 1)); break;
        case 'D': this.x = Math.max(0, this.x - n(0, 1)); break;
        case 'E': this.x = 0; this.y = Math.min(this.rows - 1, this.y + n(0, 1)); break;
        case 'F': this.x = 0; this.y = Math.max(0, this.y - n(0, 1)); break;
        case 'G': this.x = Math.min(this.cols - 1, Math.max(0, n(0, 1) - 1)); break;
        case 'd': this.y = Math.min(this.rows - 1, Math.max(0, n(0, 1) - 1)); break;
        case 'J': {
          const m = n(0, 0);
          if (m === 2 || m === 3) { this.clear(); }
          else if (m === 0) {
            this.erase(this.y, this.x, this.cols);
            for (let r = this.y + 1; r < this.rows; r++) this.erase(r, 0, this.cols);
          } else if (m === 1) {
            for (let r = 0; r < this.y; r++) this.erase(r, 0, this.cols);
            this.erase(this.y, 0, this.x + 1);
          }
          break;
        }
        case 'K': {
          const m = n(0, 0);
          if (m === 0) this.erase(this.y, this.x, this.cols);
          else if (m === 1) this.erase(this.y, 0, this.x + 1);
          else this.erase(this.y, 0, this.cols);
          break;
        }
        case 'X': this.erase(this.y, this.x, this.x + n(0, 1)); break;
        case 'm': this.sgr(ps.length ? ps : ['0']); break;
        case 's': this.saved = [this.x, this.y]; break;
        case 'u': if (this.saved) [this.x, this.y] = this.saved; break;
        default: break;
      }
    }

    sgr(ps) {
      const p = this.pen;
      for (let i = 0; i < ps.length; i++) {
        // a colon form (4:3, 38:2::r:g:b) carries its own parts
        const parts = ps[i].split(':');
        const v = parseInt(parts[0], 10) || 0;
        const colour = () => {
          let rest = parts.length > 1 ? parts.slice(1).filter((s) => s !== '') : null;
          if (!rest) {
            const kind = parseInt(ps[i + 1], 10);
            if (kind === 5) { rest = [ps[i + 1], ps[i + 2]]; i += 2; }
            else if (kind === 2) { rest = [ps[i + 1], ps[i + 2], ps[i + 3], ps[i + 4]]; i += 4; }
            else return null;
          }
          const kind = parseInt(rest[0], 10);
          if (kind === 5) return PALETTE[(parseInt(rest[1], 10) || 0) & 255];
          if (kind === 2) {
            const c = rest.slice(-3).map((s) => Math.max(0, Math.min(255, parseInt(s, 10) || 0)));
            return hex(c[0], c[1], c[2]);
          }
          return null;
        };
        if (v === 0) {
          Object.assign(p, { fg: null, bg: null, bold: false, dim: false, italic: false,
            under: false, reverse: false, hidden: false, strike: false });
        } else if (v === 1) p.bold = true;
        else if (v === 2) p.dim = true;
        else if (v === 3) p.italic = true;
        else if (v === 4) p.under = parts[1] !== '0';
        else if (v === 7) p.reverse = true;
        else if (v === 8) p.hidden = true;
        else if (v === 9) p.strike = true;
        else if (v === 21 || v === 24) p.under = false;
        else if (v === 22) { p.bold = false; p.dim = false; }
        else if (v === 23) p.italic = false;
        else if (v === 27) p.reverse = false;
        else if (v === 28) p.hidden = false;
        else if (v === 29) p.strike = false;
        else if (v >= 30 && v <= 37) p.fg = BASE16[v - 30];
        else if (v >= 90 && v <= 97) p.fg = BASE16[v - 90 + 8];
        else if (v === 38) p.fg = colour();
        else if (v === 39) p.fg = null;
        else if (v >= 40 && v <= 47) p.bg = BASE16[v - 40];
        else if (v >= 100 && v <= 107) p.bg = BASE16[v - 100 + 8];
        else if (v === 48) p.bg = colour();
        else if (v === 49) p.bg = null;
        else if (v === 58) colour(); // underline colour: not drawn
      }
      this.penKey = [p.fg || '', p.bg || '', p.bold ? 'b' : '', p.dim ? 'd' : '', p.italic ? 'i' : '',
        p.under ? 'u' : '', p.reverse ? 'r' : '', p.hidden ? 'h' : '', p.strike ? 's' : ''].join('|');
      if (this.penKey === '||||||||') this.penKey = PLAIN;
    }

    osc(text) {
      // 52: the clipboard (what y copies)
      const m = /^52;[^;]*;(.*)$/s.exec(text);
      if (m && navigator.clipboard) {
        try {
          const bytes = Uint8Array.from(atob(m[1]), (c) => c.charCodeAt(0));
          navigator.clipboard.writeText(new TextDecoder().decode(bytes)).catch(() => {});
        } catch (e) { /* not base64: nothing to copy */ }
      }
    }

    onFrame() {
      schedule();
    }
  }

  // ---- drawing: each dirty row becomes text, in runs of one style ----
  function applyStyle(span, key) {
    const [fg, bg, b, d, i, u, r, h, s] = key.split('|');
    let f = fg || null;
    let k = bg || null;
    if (r) { const t = f; f = k || 'var(--bg)'; k = t || 'var(--fg)'; }
    if (f) span.style.color = f;
    if (k) span.style.backgroundColor = k;
    if (b) span.style.fontWeight = 'bold';
    if (d) span.style.opacity = '0.65';
    if (i) span.style.fontStyle = 'italic';
    if (u || s) span.style.textDecoration = [u ? 'underline' : '', s ? 'line-through' : ''].join(' ').trim();
    if (h) span.style.color = 'transparent';
  }

  let term = null;
  let rowEls = [];
  let pending = false;

  // Characters every monospace font draws one cell wide: Latin, Greek and Cyrillic, and the
  // box-drawing and block characters. Any other (the charts' braille dots, arrows, symbols)
  // may come from a fallback font of another width, so it gets a cell of its own.
  function sure(cp) {
    return cp < 0x2000 || (cp >= 0x2500 && cp <= 0x259f);
  }

  // The block characters the large digits are drawn with, painted as the cell's own
  // background rather than by the font: a font's block fills its em, not the row's 1.2 em, and
  // left a thin seam between the rows of every digit. A run of one of them is one box.
  const BLOCKS = { '\u2580': 'blk-up', '\u2584': 'blk-low', '\u2588': 'blk-full',
    '\u258c': 'blk-left', '\u2590': 'blk-right' };

  function appendCells(parent, text) {
    let plain = '';
    let run = '';
    const endRun = () => {
      if (!run) return;
      const el = document.createElement('span');
      el.className = 'blk ' + BLOCKS[run[0]];
      el.style.width = 'calc(' + run.length + ' * var(--cw, 0.6em))';
      el.textContent = run;
      parent.appendChild(el);
      run = '';
    };
    for (const ch of text) {
      const cp = ch.codePointAt(0);
      if (BLOCKS[ch]) {
        if (plain) parent.appendChild(document.createTextNode(plain));
        plain = '';
        if (run && run[0] !== ch) endRun();
        run += ch;
        continue;
      }
      endRun();
      if (sure(cp)) {
        plain += ch;
        continue;
      }
      if (plain) parent.appendChild(document.createTextNode(plain));
      plain = '';
      const cellEl = document.createElement('span');
      cellEl.className = isWide(cp) ? 'cell2' : 'cell';
      cellEl.textContent = ch;
      parent.appendChild(cellEl);
    }
    endRun();
    if (plain) parent.appendChild(document.createTextNode(plain));
  }

  function buildRows() {
    screenEl.textContent = '';
    rowEls = [];
    for (let r = 0; r < term.rows; r++) {
      const div = document.createElement('div');
      div.className = 'row';
      screenEl.appendChild(div);
      rowEls.push(div);
    }
  }

  function render() {
    pending = false;
    if (!term) return;
    if (rowEls.length !== term.rows) buildRows();
    for (const r of term.dirty) {
      const div = rowEls[r];
      if (!div) continue;
      const chars = term.chars[r];
      const styles = term.styles[r];
      div.textContent = '';
      let start = 0;
      for (let c = 1; c <= term.cols; c++) {
        if (c === term.cols || styles[c] !== styles[start]) {
          const text = chars.slice(start, c).join('');
          if (styles[start] === PLAIN) {
            appendCells(div, text);
          } else {
            const span = document.createElement('span');
            appendCells(span, text);
            applyStyle(span, styles[start]);
            div.appendChild(span);
          }
          start = c;
        }
      }
    }
    term.dirty.clear();
    matchPaper();
  }

  // The page around the screen takes the screen's own paper: the light theme paints every cell
  // white, and a dark frame of page around it (the margins, the touch keys) would not do on a
  // projector. The paper is the background most of the screen's corners have; none (the dark
  // and mono themes leave the terminal's own) gives the page back its own colours.
  let paper = '';
  function matchPaper() {
    const last = term.rows - 1;
    const end = term.cols - 1;
    const seen = new Map();
    for (const [r, c] of [[0, 0], [0, end], [last, 0], [last, end]]) {
      const [, bg, , , , , rev] = ((term.styles[r] || [])[c] || '').split('|');
      const key = bg && !rev ? bg : '';
      seen.set(key, (seen.get(key) || 0) + 1);
    }
    let now = '';
    for (const [key, n] of seen) if (n >= 3) now = key;
    if (now === paper) return;
    paper = now;
    const root = document.documentElement.style;
    const pale = !!paper && light(paper);
    if (paper) root.setProperty('--bg', paper); else root.removeProperty('--bg');
    if (pale) root.setProperty('--fg', '#1a1a1a'); else root.removeProperty('--fg');
    document.body.classList.toggle('paper-light', pale);
  }

  // whether a colour (#rrggbb) is light: its luminance past the middle
  function light(colour) {
    const v = parseInt(colour.slice(1), 16);
    return 0.2126 * (v >> 16) + 0.7152 * ((v >> 8) & 255) + 0.0722 * (v & 255) > 128;
  }

  function schedule() {
    if (!pending) {
      pending = true;
      requestAnimationFrame(render);
    }
  }

  // ---- the screen's size in cells, and the font that fits it ----
  let cell = { w: 9, h: 18 };

  function measure(fontPx) {
    screenEl.style.fontSize = fontPx + 'px';
    const probe = document.createElement('span');
    probe.textContent = 'M'.repeat(40);
    probe.style.visibility = 'hidden';
    probe.style.position = 'absolute';
    screenEl.appendChild(probe);
    const box = probe.getBoundingClientRect();
    probe.remove();
    return { w: box.width / 40, h: fontPx * 1.2 };
  }

  function touchKeys() {
    return window.matchMedia('(pointer: coarse)').matches || window.innerWidth < 700;
  }

  function fit() {
    keysEl.hidden = !touchKeys();
    const width = screenEl.clientWidth || window.innerWidth;
    const height = screenEl.clientHeight || window.innerHeight;
    let font = FONT_MAX;
    cell = measure(font);
    const wantW = MIN_COLS * cell.w;
    const wantH = MIN_ROWS * cell.h;
    const shrink = Math.min(1, width / wantW, height / wantH);
    if (shrink < 1) {
      font = Math.max(FONT_MIN, Math.floor(FONT_MAX * shrink * 10) / 10);
      cell = measure(font);
    }
    screenEl.style.setProperty('--cw', cell.w + 'px');
    return {
      cols: Math.max(1, Math.floor(width / cell.w)),
      rows: Math.max(1, Math.floor(height / cell.h)),
    };
  }

  // ---- what a terminal sends for a key ----
  const CSI_KEYS = {
    ArrowUp: 'A', ArrowDown: 'B', ArrowRight: 'C', ArrowLeft: 'D', Home: 'H', End: 'F',
  };
  const TILDE_KEYS = {
    Insert: 2, Delete: 3, PageUp: 5, PageDown: 6, F5: 15, F6: 17, F7: 18, F8: 19, F9: 20,
    F10: 21, F11: 23, F12: 24,
  };
  const SS3_KEYS = { F1: 'P', F2: 'Q', F3: 'R', F4: 'S' };

  function keyBytes(e) {
    const mod = 1 + (e.shiftKey ? 1 : 0) + (e.altKey ? 2 : 0) + (e.ctrlKey ? 4 : 0);
    if (CSI_KEYS[e.key]) return mod > 1 ? '\x1b[1;' + mod + CSI_KEYS[e.key] : '\x1b[' + CSI_KEYS[e.key];
    if (TILDE_KEYS[e.key]) return '\x1b[' + TILDE_KEYS[e.key] + (mod > 1 ? ';' + mod : '') + '~';
    if (SS3_KEYS[e.key]) return mod > 1 ? '\x1b[1;' + mod + SS3_KEYS[e.key] : '\x1bO' + SS3_KEYS[e.key];
    switch (e.key) {
      case 'Enter': return '\r';
      case 'Backspace': return '\x7f';
      case 'Tab': return e.shiftKey ? '\x1b[Z' : '\t';
      case 'Escape': return '\x1b';
      default: break;
    }
    if ([...e.key].length !== 1) return null;
    let s = e.key;
    if (e.ctrlKey && !e.altKey) {
      const c = s.toLowerCase().charCodeAt(0);
      if (c >= 97 && c <= 122) s = String.fromCharCode(c - 96);
      else if (s === ' ') s = '\x00';
      else return null;
    }
    return e.altKey && !e.ctrlKey ? '\x1b' + s : s;
  }

  // ---- the connection ----
  // t=NAME: this tab shows the searches sent to the class board under that name (by the
  // sender s=ID, the helper's own, when the link gives it)
  const follow = new URLSearchParams(location.hash.slice(1)).get('t');
  const sender = new URLSearchParams(location.hash.slice(1)).get('s');
  // the session kept for this tab's link: another student's link pasted in gets its own
  const SESSION = 'sudoscope-session:' + (follow || '') + ':' + (sender || '');
  let noticeTimer = null;
  function notice(text) {
    noticeEl.textContent = text;
    noticeEl.hidden = false;
    clearTimeout(noticeTimer);
    noticeTimer = setTimeout(() => { noticeEl.hidden = true; }, 10000);
  }
  let size = null;
  const encoder = new TextEncoder();
  let decoder = null;
  const link = window.sudoscopeLink('/ws', {
    binary: true,
    before() {
      size = fit();
      term = new Term(size.cols, size.rows);
      buildRows();
      decoder = new TextDecoder();
    },
    hello() {
      const hello = { cols: size.cols, rows: size.rows, lang: navigator.language || '' };
      if (follow) hello.follow = follow;
      if (sender) hello.sender = sender;
      // the session this tab had: a dropped line (or a reload) comes back to it
      const kept = sessionStorage.getItem(SESSION);
      if (kept) hello.resume = kept;
      return hello;
    },
    opened() {
      endedEl.hidden = true;
      screenEl.focus();
    },
    message(m) {
      if (typeof m.data === 'string') {
        // the session's id, and whether this tab came back to its own
        const said = JSON.parse(m.data);
        if (said.session) {
          sessionStorage.setItem(SESSION, said.session);
          if (said.asked && !said.resumed) {
            const g = said.grace;
            notice(noticeEl.dataset.fresh.replace('%m', g >= 60 ? Math.round(g / 60) + ' min' : g + ' s'));
          }
        }
        return;
      }
      term.write(decoder.decode(m.data, { stream: true }));
      schedule();
    },
    // the session ended (q), the server stopping, or the class closed to this tab; a stopped
    // server is tried again until it is back (restarted with the same password, the link
    // is the same)
    ended(code) {
      if (code !== 1000 && code !== 1001 && code !== 4503) return false;
      sessionStorage.removeItem(SESSION);
      endedTextEl.textContent = code === 1001 ? endedTextEl.dataset.stopped : endedTextEl.dataset.ended;
      endedEl.hidden = false;
      againEl.focus();
      return code !== 1001;
    },
  });

  function send(bytes) {
    link.send(encoder.encode(bytes));
  }

  againEl.addEventListener('click', () => {
    endedEl.hidden = true;
    sessionStorage.removeItem(SESSION);
    link.again();
  });

  document.addEventListener('keydown', (e) => {
    if (!loginEl.hidden || !endedEl.hidden || e.metaKey || e.isComposing) return;
    // Ctrl+C copies when text is selected, Ctrl+F is the browser's find: both the browser's
    if (e.ctrlKey && !e.altKey && (e.key === 'f' || e.key === 'F')) return;
    if (e.ctrlKey && !e.altKey && (e.key === 'c' || e.key === 'C') && String(window.getSelection()).length > 0) return;
    const bytes = keyBytes(e);
    if (bytes === null) return;
    e.preventDefault();
    send(bytes);
  });

  document.addEventListener('paste', (e) => {
    if (!loginEl.hidden) return;
    const text = e.clipboardData && e.clipboardData.getData('text');
    if (text) {
      e.preventDefault();
      send(text);
    }
  });

  function cellAt(e) {
    const box = screenEl.getBoundingClientRect();
    const col = Math.floor((e.clientX - box.left) / cell.w);
    const row = Math.floor((e.clientY - box.top) / cell.h);
    if (!term || col < 0 || row < 0 || col >= term.cols || row >= term.rows) return null;
    return [col + 1, row + 1];
  }

  function mods(e) {
    return (e.shiftKey ? 4 : 0) + (e.altKey ? 8 : 0) + (e.ctrlKey ? 16 : 0);
  }

  screenEl.addEventListener('mousedown', (e) => {
    const at = cellAt(e);
    if (!at || e.button > 2) return;
    screenEl.focus();
    send('\x1b[<' + (e.button + mods(e)) + ';' + at[0] + ';' + at[1] + 'M');
  });
  screenEl.addEventListener('mouseup', (e) => {
    const at = cellAt(e);
    if (!at || e.button > 2) return;
    send('\x1b[<' + (e.button + mods(e)) + ';' + at[0] + ';' + at[1] + 'm');
  });
  screenEl.addEventListener('wheel', (e) => {
    const at = cellAt(e);
    if (!at || e.deltaY === 0) return;
    e.preventDefault();
    send('\x1b[<' + ((e.deltaY < 0 ? 64 : 65) + mods(e)) + ';' + at[0] + ';' + at[1] + 'M');
  }, { passive: false });
  screenEl.addEventListener('contextmenu', (e) => e.preventDefault());

  keysEl.addEventListener('pointerdown', (e) => {
    const b = e.target.closest('button');
    if (!b) return;
    e.preventDefault();
    // ⌨ brings up the phone's keyboard, for what the keys above cannot say: a puzzle for o, a
    // parameter's value
    if (b.id === 'type-key') typingEl.focus();
    else send(b.dataset.send);
  });

  // what the phone's keyboard types: a key the page knows is sent at its keydown (above), which
  // then types nothing here; the rest (a soft keyboard's letters, a composed word) arrives as
  // text, sent as typed, Enter as the terminal's
  const typingEl = document.getElementById('typing');
  function typed() {
    const text = typingEl.value;
    typingEl.value = '';
    if (text) send(text.replace(/\r?\n/g, '\r'));
  }
  typingEl.addEventListener('input', (e) => {
    if (!e.isComposing) typed();
  });
  typingEl.addEventListener('compositionend', typed);

  let resizeTimer = null;
  function resized() {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => {
      if (!term) return;
      const now = fit();
      stale = false;
      if (now.cols === size.cols && now.rows === size.rows) return;
      size = now;
      term.resize(size.cols, size.rows);
      buildRows();
      link.send(JSON.stringify({ size: [size.cols, size.rows] }));
      schedule();
    }, 80);
  }
  // a window resized: the visualiser says again what it needs at the new size (what it needed
  // at the old one, kept, could leave smaller letters than loading the page at this size gives);
  // until the new size is sent, what it says it needs is for the old one, and is not heard
  let stale = false;
  function windowResized() {
    MIN_COLS = 72;
    MIN_ROWS = 24;
    stale = true;
    resized();
  }
  window.addEventListener('resize', windowResized);
  if (window.visualViewport) window.visualViewport.addEventListener('resize', windowResized);

  // for tests and for anyone curious: the screen's size in cells, and a way to drop the line
  window.sudoscope = {
    size: () => (term ? { cols: term.cols, rows: term.rows } : null),
    drop: (hold) => link.drop(hold),
    // the visualiser needs at least `cols` x `rows`: the font shrinks to give it them
    need(cols, rows) {
      if (stale) return;
      const c = Math.max(72, cols || 0);
      const r = Math.max(24, rows || 0);
      if (c === MIN_COLS && r === MIN_ROWS) return;
      MIN_COLS = c;
      MIN_ROWS = r;
      resized();
    },
  };

  link.connect();
})();
