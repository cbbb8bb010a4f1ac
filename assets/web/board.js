// The class board, the lecturer's page: every student's search as a card (their board, cost
// curve and state), kept up to date in place from the changes the server sends a few times a
// second, so a click or a key on a card is never lost while the class's searches run. What
// arrives is merged at once and drawn at the next frame, each changed card once however many
// changes came: a slow machine draws less often, never falls behind the class. The
// cards are laid out to fit the window (40 on a 1920x1080 projector without scrolling);
// selecting one shows it whole, digits large enough for the back of the room. The lecturer
// filters the cards by state, hides a card, or clears the ones that ended.
'use strict';

(function () {
  const cardsEl = document.getElementById('cards');
  const emptyEl = document.getElementById('empty');
  const countEl = document.getElementById('count');
  const sortEl = document.getElementById('sort');
  const filtersEl = document.getElementById('filters');
  const clearEl = document.getElementById('clear');
  const wholeEl = document.getElementById('whole');
  const wholeCardEl = document.getElementById('whole-card');
  const words = document.getElementById('words').dataset;
  const SYMBOLS = '123456789ABCDEFGHIJKLMNOP';
  // the order of states when sorting by state; what is not a trace always comes last
  const ORDER = { running: 0, stuck: 1, cut: 2, solved: 3, refused: 4 };
  const STATES = ['running', 'solved', 'stuck', 'cut', 'refused'];

  const cards = new Map(); // id -> { data, el, parts, at }
  let filter = 'all';
  let opened = null;
  let pressing = false; // a pointer is down on the board: the order waits
  let handAt = -Infinity; // when the pointer last moved over the cards
  let holdTimer = null;
  const HOLD = 1500; // ms the order waits after the hand last moved
  let link = null;

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function setText(e, text) {
    if (e.textContent !== text) e.textContent = text;
  }

  // conflicts: four cells a hexadecimal digit
  function conflicted(hex, i) {
    const d = parseInt(hex[i >> 2] || '0', 16);
    return (d >> (i & 3)) & 1;
  }

  // "1 min 20 s", "45 s"
  function span(seconds) {
    const m = Math.floor(seconds / 60);
    const s = Math.floor(seconds % 60);
    return m > 0 ? `${m} min ${s} s` : `${s} s`;
  }

  // the grid's cells, made once a card; boxes apart by a wider gap
  function makeGrid(n) {
    const g = el('div', 'grid');
    const b = Math.round(Math.sqrt(n));
    g.style.setProperty('--n', n);
    g.style.setProperty('--lines', b - 1);
    const spans = [];
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const s = el('span', 'v');
        // where a card on the board places it (style.css): its row and column, and the box
        // borders above it
        s.style.cssText = `--r:${r};--c:${c};--rx:${Math.floor(Math.max(0, r - 1) / b)}`;
        // the box borders this cell keeps whatever it shows
        s.edges = (c > 0 && c % b === 0 ? ' bl' : '') + (r > 0 && r % b === 0 ? ' bt' : '');
        s.className += s.edges;
        g.appendChild(s);
        spans.push(s);
      }
    }
    return { g, spans };
  }

  function drawGrid(d, spans) {
    for (let i = 0; i < spans.length; i++) {
      const ch = d.board[i] || '.';
      const kind = d.givens[i] === '1' ? 'g' : conflicted(d.x || '', i) ? 'x' : 'v';
      const s = spans[i];
      setText(s, ch === '.' ? '·' : ch);
      const want = kind + s.edges;
      if (s.className !== want) s.className = want;
    }
  }

  // the cost curve, from the first cost down towards zero
  function makeCurve() {
    const ns = 'http://www.w3.org/2000/svg';
    const svg = document.createElementNS(ns, 'svg');
    svg.setAttribute('viewBox', '0 0 100 40');
    svg.setAttribute('preserveAspectRatio', 'none');
    svg.setAttribute('role', 'img');
    const line = document.createElementNS(ns, 'polyline');
    svg.appendChild(line);
    return { svg, line };
  }

  // written to the page only when its points changed: an unchanged curve costs no drawing
  function drawCurve(d, curve) {
    const pts = d.curve;
    const top = Math.max(1, ...pts);
    const w = Math.max(1, pts.length - 1);
    const points = pts.map((v, i) => (100 * i / w).toFixed(2) + ',' + (38 - 36 * v / top).toFixed(2)).join(' ');
    const label = words.cost + ': ' + pts[0] + ' → ' + pts[pts.length - 1];
    if (points === curve.points && label === curve.label) return;
    curve.points = points;
    curve.label = label;
    curve.line.setAttribute('points', points);
    curve.svg.setAttribute('aria-label', label);
    curve.svg.style.display = pts.length > 1 ? '' : 'none';
  }

  // a card's elements, made once; `whole`: the selected card, shown large
  function makeCard(d, whole) {
    const c = el(whole ? 'div' : 'article', 'card');
    if (!whole) {
      c.tabIndex = 0;
      c.setAttribute('role', 'button');
    }
    c.dataset.id = d.id;
    const parts = {
      state: el('span', 'state'),
      name: el('h2'),
      algo: el('div', 'algo'),
      numbers: el('div', 'figures'),
      error: el('div', 'note'),
      quiet: el('div', 'quiet'),
    };
    if (!whole) {
      const hide = el('button', 'hide', '×');
      hide.type = 'button';
      hide.title = words.hide;
      hide.setAttribute('aria-label', words.hide);
      hide.addEventListener('click', (e) => {
        e.stopPropagation();
        if (link) link.send(JSON.stringify({ hide: d.id }));
      });
      c.appendChild(hide);
    }
    c.append(parts.state, parts.name, parts.algo);
    if (d.n > 0) {
      const grid = makeGrid(d.n);
      parts.spans = grid.spans;
      c.appendChild(grid.g);
    }
    c.appendChild(parts.numbers);
    parts.curve = makeCurve();
    c.append(parts.curve.svg, parts.error, parts.quiet);
    return { c, parts };
  }

  function drawCard(d, c, parts, quiet) {
    const kind = 'card ' + d.state;
    if (c.className !== kind) c.className = kind;
    setText(parts.state, words[d.state] || d.state);
    setText(parts.name, d.name);
    setText(parts.algo, [d.algorithm, d.puzzle].filter(Boolean).join(' · '));
    if (parts.spans) drawGrid(d, parts.spans);
    setText(parts.numbers, `${words.step} ${d.step} · ${words.cost} ${d.cost} · ${words.best} ${d.best}`);
    drawCurve(d, parts.curve);
    const error = d.state === 'refused' || d.state === 'cut' ? (d.error || d.note || '') : d.error || '';
    setText(parts.error, error);
    parts.error.hidden = !error;
    // a search that has said nothing for a while says how long
    const silent = d.state === 'running' && quiet >= 10;
    setText(parts.quiet, silent ? words.silent.replace('%s', span(quiet)) : '');
    parts.quiet.hidden = !silent;
  }

  function quietOf(card) {
    return card.data.quiet + (performance.now() - card.at) / 1000;
  }

  function take(d) {
    let card = cards.get(d.id);
    if (!card) {
      const data = Object.assign({ curve: [], every: 1 }, d);
      const made = makeCard(data, false);
      card = { data, el: made.c, parts: made.parts, at: performance.now() };
      cards.set(d.id, card);
      cardsEl.appendChild(card.el);
      resized.observe(card.el);
    } else {
      const { more, curve, cells, ...rest } = d;
      Object.assign(card.data, rest);
      if (cells) {
        // the cells that changed, as [index, symbol]
        const b = card.data.board.split('');
        for (const [i, ch] of cells) b[i] = ch;
        card.data.board = b.join('');
      }
      if (curve) card.data.curve = curve;
      if (more) card.data.curve.push(...more);
      card.at = performance.now();
    }
    changed.add(card);
  }

  // the cards changed since the last frame, drawn at the next one
  const changed = new Set();
  let frame = 0;
  function later() {
    if (!frame) frame = requestAnimationFrame(draw);
  }

  function draw() {
    frame = 0;
    const todo = [...changed];
    changed.clear();
    for (const card of todo) {
      if (cards.get(card.data.id) !== card) continue;
      // a card that cannot be drawn is left as it was; the board goes on
      try {
        drawCard(card.data, card.el, card.parts, quietOf(card));
      } catch (e) {
        console.error('sudoscope: a card could not be drawn', e);
      }
    }
    arrange();
    drawWhole();
  }

  function sorted() {
    const by = sortEl.value;
    return [...cards.values()].sort((a, b) => {
      const x = a.data, y = b.data;
      const last = (x.state === 'refused') - (y.state === 'refused');
      if (last) return last;
      if (by === 'name') return x.name.localeCompare(y.name) || x.id - y.id;
      if (by === 'state') return (ORDER[x.state] - ORDER[y.state]) || x.best - y.best || x.id - y.id;
      return x.best - y.best || x.id - y.id;
    });
  }

  // the cards in order and filtered, each moved only when its place changed
  let lastShown = -1;
  function arrange() {
    // a hand on the board (pressing, or moving over the cards in the last moments): the cards
    // stay where they are, so what it aims at does not move away; they are put in order after
    const held = pressing || performance.now() - handAt < HOLD;
    if (held) {
      clearTimeout(holdTimer);
      holdTimer = setTimeout(arrange, HOLD);
    }
    let prev = null;
    let shown = 0;
    const counts = { all: cards.size };
    for (const card of sorted()) {
      const s = card.data.state;
      counts[s] = (counts[s] || 0) + 1;
      const visible = filter === 'all' || s === filter;
      card.el.hidden = !visible;
      shown += visible;
      if (!held || !card.el.parentNode) {
        const want = prev ? prev.nextSibling : cardsEl.firstChild;
        if (want !== card.el) cardsEl.insertBefore(card.el, want);
      }
      prev = card.el;
    }
    for (const b of filtersEl.querySelectorAll('button')) {
      const k = b.dataset.state;
      setText(b.querySelector('.n'), String(counts[k] || 0));
      b.setAttribute('aria-pressed', String(k === filter));
    }
    emptyEl.hidden = cards.size > 0;
    setText(countEl, cards.size ? String(cards.size) : '');
    if (refit || shown !== lastShown) {
      refit = false;
      lastShown = shown;
      fit(shown);
    }
  }

  // the cards' size: as large as lets every shown card fit the window, columns and rows chosen
  // for it. A card is as tall as the tallest shown (measured, in its own font size: a card
  // with an error or a silence has a line more) and as wide as its grid needs to be read (1.15
  // of its font a cell, and the padding). Worked out only when a card's or the window's size
  // changed (`refit`), and again only if what it rests on moved by half a line or more: each
  // measure lays out every card, and done at every frame it took half of a slow computer's
  // time with 80 cards (benches/HISTORY.md, "The class board on a slow computer")
  let refit = true;
  let fitted = '';
  const resized = new ResizeObserver(() => {
    refit = true;
    later();
  });
  resized.observe(filtersEl);
  function fit(n) {
    const w = cardsEl.clientWidth || window.innerWidth;
    const h = window.innerHeight - cardsEl.getBoundingClientRect().top - 16;
    const font = parseFloat(getComputedStyle(cardsEl).fontSize) || 14;
    let height = 0;
    let side = 9;
    for (const card of cards.values()) {
      if (!card.el.hidden) {
        height = Math.max(height, card.el.offsetHeight);
        side = Math.max(side, card.data.n || 0);
      }
    }
    const tall = height > 0 ? height / font : 15;
    const key = [n, w, h, side, Math.round(tall * 2)].join();
    if (key === fitted) return;
    fitted = key;
    const wide = side * 1.15 + 1.3;
    let best = { size: 0, cols: 1 };
    for (let cols = 1; cols <= Math.max(1, n); cols++) {
      const rows = Math.max(1, Math.ceil(n / cols));
      const size = Math.min((w - 16 - 8 * (cols - 1)) / cols / wide, (h - 8 * (rows - 1)) / rows / tall);
      if (size > best.size) best = { size, cols };
    }
    let size = Math.max(9, Math.min(32, Math.floor(best.size * 10) / 10));
    cardsEl.style.setProperty('--cols', best.cols);
    cardsEl.style.setProperty('--card-font', size + 'px');
    // the estimate rounds (a card's lines and borders are whole pixels, not a share of its
    // font): while the page would still scroll, a step smaller (a 1 px scroll was seen at
    // 1920x1080 with Debian's fonts)
    const root = document.documentElement;
    for (let i = 0; i < 40 && size > 9 && root.scrollHeight > window.innerHeight; i++) {
      size = Math.max(9, Math.round((size - 0.2) * 10) / 10);
      cardsEl.style.setProperty('--card-font', size + 'px');
    }
  }

  function drawWhole() {
    if (opened === null) return;
    const card = cards.get(opened);
    if (!card) {
      closeWhole();
      return;
    }
    if (!wholeCardEl.firstChild || wholeCardEl.firstChild.dataset.id !== String(opened)) {
      const made = makeCard(card.data, true);
      wholeCardEl.replaceChildren(made.c);
      wholeCardEl.parts = made.parts;
    }
    drawCard(card.data, wholeCardEl.firstChild, wholeCardEl.parts, quietOf(card));
  }

  function open(id) {
    opened = id;
    wholeEl.hidden = false;
    drawWhole();
    document.getElementById('close').focus();
  }

  function closeWhole() {
    const was = opened;
    opened = null;
    wholeEl.hidden = true;
    wholeCardEl.replaceChildren();
    const card = was !== null && cards.get(was);
    if (card) card.el.focus();
  }

  function gone(card) {
    resized.unobserve(card.el);
    card.el.remove();
  }

  function apply(msg) {
    if (msg.whole) {
      for (const card of cards.values()) gone(card);
      cards.clear();
    }
    for (const id of msg.gone || []) {
      const card = cards.get(id);
      if (card) {
        gone(card);
        cards.delete(id);
      }
    }
    for (const d of msg.cards || []) take(d);
    later();
  }

  cardsEl.addEventListener('pointerdown', () => { pressing = true; });
  cardsEl.addEventListener('pointermove', () => { handAt = performance.now(); });
  const released = () => {
    if (!pressing) return;
    pressing = false;
    setTimeout(arrange, 0);
  };
  document.addEventListener('pointerup', released);
  document.addEventListener('pointercancel', released);
  cardsEl.addEventListener('click', (ev) => {
    const c = ev.target.closest('.card');
    if (c) open(Number(c.dataset.id));
  });
  cardsEl.addEventListener('keydown', (ev) => {
    const c = ev.target.closest('.card');
    if (c && (ev.key === 'Enter' || ev.key === ' ')) {
      ev.preventDefault();
      open(Number(c.dataset.id));
    }
  });
  document.getElementById('close').addEventListener('click', closeWhole);
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && opened !== null) closeWhole();
  });
  sortEl.addEventListener('change', arrange);
  for (const k of ['all', ...STATES]) {
    const b = el('button', 'filter');
    b.type = 'button';
    b.dataset.state = k;
    b.append(el('span', null, k === 'all' ? words.all : (words[k] || k) + ' '), el('span', 'n', '0'));
    if (k === 'all') b.firstChild.textContent += ' ';
    b.addEventListener('click', () => {
      filter = k;
      arrange();
    });
    filtersEl.appendChild(b);
  }
  clearEl.addEventListener('click', () => {
    if (link) link.send(JSON.stringify({ clear: 'ended' }));
  });
  window.addEventListener('resize', () => {
    refit = true;
    arrange();
  });
  // how long silent searches have been silent, every second
  setInterval(() => {
    for (const card of cards.values()) {
      if (card.data.state === 'running') changed.add(card);
    }
    later();
  }, 1000);

  link = window.sudoscopeLink('/board/ws', {
    message(m) {
      apply(JSON.parse(m.data));
    },
    // the page going away
    lecturer: true,
    // a stopped server is tried again until it is back
    ended: () => false,
  });
  // for tests: the cards as the page holds them
  window.sudoscopeBoard = { cards: () => [...cards.values()].map((c) => c.data) };
  link.connect();
})();
