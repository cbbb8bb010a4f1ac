// sudoscope in this page, with no server: the visualiser compiled to WebAssembly runs here,
// its searches computed between two frames, its screen drawn by the same terminal as a
// `sudoscope web` tab's (term.js). This is the page's way in, in place of link.js: the same
// contract (hello, frames in, keys out, the end), kept by the module instead of a socket.
//
// The module is loaded from sudoscope.wasm beside the page, or from the page itself when it was
// built as a single file (window.sudoscopeWasm, base64). Its address's query is the run, as the
// command line's flags: ?algo=annealing&race=steepest,genetic&lang=es&lesson=local-search.
'use strict';

window.sudoscopeLink = function (path, page) {
  const statusEl = document.getElementById('status');
  const words = JSON.parse(document.getElementById('page-words').textContent);
  const enc = new TextEncoder();
  const dec = new TextDecoder();
  let ex = null; // the module's exports
  let loading = null;
  let running = false;
  let raf = 0;
  let lesson = null; // { text, name } chosen by the person
  // a share of each frame for the searches: what is left after drawing, at most 12 ms
  let drawCost = 2;

  // the language the address asks for, else the browser's: the module's to choose from
  function asked() {
    return new URLSearchParams(location.search).get('lang') || navigator.language || 'en';
  }

  // the screen's language, as the module says once it starts (a lesson may ask for its own):
  // the page's own words follow it
  let spoken = '';
  function lang() {
    return spoken || asked();
  }

  function word(key) {
    const l = lang().slice(0, 2).toLowerCase();
    return (words[l] || words.en)[key] || words.en[key] || key;
  }

  // the page's words in its language (the screen's own come from the module)
  function localize() {
    document.documentElement.lang = lang().slice(0, 2).toLowerCase();
    for (const el of document.querySelectorAll('[data-w]')) el.textContent = word(el.dataset.w);
    for (const el of document.querySelectorAll('[data-w-title]')) el.title = word(el.dataset.wTitle);
    for (const el of document.querySelectorAll('[data-w-aria-label]')) {
      el.setAttribute('aria-label', word(el.dataset.wAriaLabel));
    }
    const ended = document.getElementById('ended-text');
    ended.dataset.ended = word('web-ended');
    ended.dataset.stopped = word('web-ended');
  }
  localize();

  function say(text) {
    statusEl.textContent = text || '';
    statusEl.hidden = !text;
  }

  function bytesOf(b64) {
    const raw = atob(b64);
    const out = new Uint8Array(raw.length);
    for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
    return out;
  }

  function load() {
    if (!loading) {
      loading = (async () => {
        if (typeof WebAssembly !== 'object') throw new Error(word('page-no-wasm'));
        const bytes = window.sudoscopeWasm
          ? bytesOf(window.sudoscopeWasm)
          : await (await fetch('sudoscope.wasm')).arrayBuffer();
        const imports = { sudoscope: { now_ms: () => performance.now() } };
        const { instance } = await WebAssembly.instantiate(bytes, imports);
        ex = instance.exports;
      })();
    }
    return loading;
  }

  // bytes into the module's memory: where, for a call that takes them
  function put(bytes) {
    const p = ex.sudoscope_alloc(bytes.length);
    new Uint8Array(ex.memory.buffer, p, bytes.length).set(bytes);
    return p;
  }

  function text() {
    return dec.decode(new Uint8Array(ex.memory.buffer, ex.sudoscope_text_ptr(), ex.sudoscope_text_len()));
  }

  function download(content, name, type) {
    const url = URL.createObjectURL(new Blob([content], { type }));
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  let stills = 0;
  function frame() {
    raf = requestAnimationFrame(frame);
    const began = performance.now();
    const flags = ex.sudoscope_frame(Math.max(1, 12 - drawCost));
    if (flags & 1) {
      const bytes = new Uint8Array(ex.memory.buffer, ex.sudoscope_out_ptr(), ex.sudoscope_out_len()).slice();
      const t = performance.now();
      page.message({ data: bytes.buffer });
      drawCost = 0.8 * drawCost + 0.2 * (performance.now() - t);
      // (for the benchmark: the first frame on screen, in ms since the page began loading)
      if (window.sudoscope && window.sudoscope.firstFrameMs === undefined) {
        window.sudoscope.firstFrameMs = performance.now();
      }
    }
    const needs = ex.sudoscope_needs();
    if (needs && window.sudoscope && window.sudoscope.need) {
      window.sudoscope.need(needs >>> 16, needs & 0xffff);
    }
    if (flags & 4) {
      stills += 1;
      download(text(), 'sudoscope-still-' + stills + '.svg', 'image/svg+xml');
    }
    if (flags & 8) {
      // a file the visualiser wrote (y then w or a): its name, a line break, its text
      const t = text();
      const nl = t.indexOf('\n');
      download(t.slice(nl + 1), t.slice(0, nl), 'text/plain');
    }
    if (flags & 2) {
      running = false;
      cancelAnimationFrame(raf);
      page.ended(1000);
    }
    window.sudoscope.frameMs = performance.now() - began;
  }

  // the module started on the page's screen; false, with the reason said, when a setting or
  // the lesson does not read. A screen that runs (`keep`) runs on then, the reason over it
  // until a key is pressed: a lesson file with a mistake does not end what the class watches
  let refused = false;
  function start(keep) {
    const fresh = () => {
      cancelAnimationFrame(raf);
      running = false;
      if (page.before) page.before();
    };
    if (!keep) fresh();
    const hello = page.hello ? page.hello() : { cols: 80, rows: 24 };
    // the page's address: the settings after `?`, and the rest for `y`'s link to the view
    const q = enc.encode(location.href.split('#')[0]);
    const l = enc.encode(asked());
    const t = lesson ? enc.encode(lesson.text) : null;
    const n = enc.encode(lesson ? lesson.name : '');
    const r = ex.sudoscope_start(hello.cols, hello.rows,
      put(q), q.length, put(l), l.length,
      t ? put(t) : 0, t ? t.length : 0, put(n), n.length);
    if (r !== 0) {
      // a lesson that does not read while a run is on screen: the run goes on, and says so
      say(word(keep ? 'page-lesson-refused' : 'page-cannot-start') + ' ' + text());
      refused = keep;
      return false;
    }
    if (keep) {
      fresh();
      const now = page.hello ? page.hello() : hello;
      if (now.cols !== hello.cols || now.rows !== hello.rows) ex.sudoscope_resize(now.cols, now.rows);
    }
    say('');
    ex.sudoscope_lang();
    if (text() && text() !== spoken) {
      spoken = text();
      localize();
    }
    refused = false;
    running = true;
    if (page.opened) page.opened();
    frame();
    return true;
  }

  function connect() {
    say(word('page-loading'));
    load().then(start, (e) => say(word('page-cannot-load') + ' ' + (e && e.message ? e.message : e)));
  }

  // a lesson file from the disk, chosen or dropped: played from its first scene
  const picker = document.getElementById('lesson-file');
  function openLesson(file) {
    if (!file) return;
    file.text().then((content) => {
      const before = lesson;
      lesson = { text: content, name: file.name };
      if (!ex) connect();
      else if (!start(running)) lesson = before;
    });
  }
  if (picker) {
    picker.addEventListener('change', () => openLesson(picker.files[0]));
    document.addEventListener('dragover', (e) => e.preventDefault());
    document.addEventListener('drop', (e) => {
      e.preventDefault();
      openLesson(e.dataTransfer && e.dataTransfer.files[0]);
    });
  }
  window.addEventListener('pagehide', () => { if (ex) ex.sudoscope_stop(); });

  // for the benchmark (python/bench_wasm.py): each family's steps per second, computed here;
  // with `names`, those algorithms' only (negative for a name that is none)
  window.sudoscopeBench = async (seconds, names) => {
    await load();
    ex.sudoscope_families();
    const out = {};
    for (const name of names || text().split('\n')) {
      const n = enc.encode(name);
      out[name] = ex.sudoscope_bench(put(n), n.length, seconds);
    }
    return out;
  };

  return {
    connect,
    again() {
      if (ex) start(); else connect();
    },
    send(data) {
      if (!running) return;
      if (refused) {
        refused = false;
        say('');
      }
      if (typeof data === 'string') {
        const m = JSON.parse(data);
        if (m.size) ex.sudoscope_resize(m.size[0], m.size[1]);
        return;
      }
      const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
      ex.sudoscope_input(put(bytes), bytes.length);
    },
    drop() {},
    say,
  };
};
