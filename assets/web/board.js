// The class board: every student's search as a card (their board, cost curve and state),
// redrawn from the pictures the server sends a few times a second. Selecting a card shows it
// whole, for the projector.
'use strict';

(function () {
  const cardsEl = document.getElementById('cards');
  const emptyEl = document.getElementById('empty');
  const countEl = document.getElementById('count');
  const sortEl = document.getElementById('sort');
  const wholeEl = document.getElementById('whole');
  const wholeCardEl = document.getElementById('whole-card');
  const words = document.getElementById('words').dataset;
  const SYMBOLS = '123456789ABCDEFGHIJKLMNOP';
  const ORDER = { running: 0, stuck: 1, cut: 2, refused: 3, solved: 4 };

  let entries = [];
  let opened = null;

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // the board as text: givens bold, conflicts red, boxes apart
  function grid(entry) {
    const pre = el('div', 'grid');
    const n = entry.n;
    const b = Math.round(Math.sqrt(n));
    for (let r = 0; r < n; r++) {
      if (r > 0 && r % b === 0) pre.appendChild(document.createTextNode('\n'));
      for (let c = 0; c < n; c++) {
        const i = r * n + c;
        const ch = entry.board[i] || '.';
        const kind = entry.givens[i] === '1' ? 'g' : entry.conflicts[i] === '1' ? 'x' : 'v';
        if (c > 0) pre.appendChild(document.createTextNode(c % b === 0 ? '  ' : ' '));
        pre.appendChild(el('span', kind, ch === '.' ? '·' : ch));
      }
      pre.appendChild(document.createTextNode('\n'));
    }
    return pre;
  }

  // the cost curve, drawn as a line from the first cost down to zero
  function curve(entry) {
    const ns = 'http://www.w3.org/2000/svg';
    const svg = document.createElementNS(ns, 'svg');
    const pts = entry.curve;
    const top = Math.max(1, ...pts);
    const w = Math.max(1, pts.length - 1);
    svg.setAttribute('viewBox', '0 0 100 40');
    svg.setAttribute('preserveAspectRatio', 'none');
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', words.cost + ': ' + pts[0] + ' → ' + pts[pts.length - 1]);
    const line = document.createElementNS(ns, 'polyline');
    line.setAttribute('points', pts.map((v, i) => (100 * i / w).toFixed(2) + ',' + (38 - 36 * v / top).toFixed(2)).join(' '));
    svg.appendChild(line);
    return svg;
  }

  function card(entry, tag) {
    const c = el(tag, 'card ' + entry.state);
    c.dataset.id = entry.id;
    c.appendChild(el('span', 'state', words[entry.state] || entry.state));
    c.appendChild(el('h2', null, entry.name));
    c.appendChild(el('div', 'numbers', entry.algorithm + ' · ' + entry.puzzle));
    if (entry.n > 0) c.appendChild(grid(entry));
    c.appendChild(el('div', 'numbers', words.step + ' ' + entry.step + ' · ' + words.cost + ' ' +
      entry.cost + ' · ' + words.best + ' ' + entry.best));
    if (entry.curve.length > 1) c.appendChild(curve(entry));
    if (entry.state === 'refused' && entry.note) c.appendChild(el('div', 'note', entry.note));
    return c;
  }

  function sorted() {
    const by = sortEl.value;
    return entries.slice().sort((a, b) => {
      if (by === 'name') return a.name.localeCompare(b.name) || a.id - b.id;
      if (by === 'state') return (ORDER[a.state] - ORDER[b.state]) || a.best - b.best;
      return a.best - b.best || a.id - b.id;
    });
  }

  function draw() {
    emptyEl.hidden = entries.length > 0;
    countEl.textContent = entries.length ? String(entries.length) : '';
    const frag = document.createDocumentFragment();
    for (const e of sorted()) frag.appendChild(card(e, 'button'));
    cardsEl.replaceChildren(frag);
    if (opened !== null) {
      const e = entries.find((x) => x.id === opened);
      wholeCardEl.replaceChildren(e ? card(e, 'div') : '');
    }
  }

  cardsEl.addEventListener('click', (ev) => {
    const c = ev.target.closest('.card');
    if (!c) return;
    opened = Number(c.dataset.id);
    wholeEl.hidden = false;
    draw();
  });
  document.getElementById('close').addEventListener('click', () => {
    opened = null;
    wholeEl.hidden = true;
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && opened !== null) {
      opened = null;
      wholeEl.hidden = true;
    }
  });
  sortEl.addEventListener('change', draw);

  const link = window.sudoscopeLink('/board/ws', {
    message(m) {
      entries = JSON.parse(m.data).entries || [];
      draw();
    },
    // the page going away
    ended: (code) => code === 1001,
  });
  link.connect();
})();
