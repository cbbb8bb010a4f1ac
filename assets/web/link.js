// The way into the class, for both pages (a tab's screen and the class board): a WebSocket
// to the server that says hello with the token in the address's fragment (#k=...) or the
// class password asked in the page's form, asks for the password again when the server
// refuses what it was given, and connects again, a little later each time, when the
// connection drops.
'use strict';

// `path`: the socket's path on this server. `page`: what the page does with it:
//   hello()       the hello's fields besides the password or token;
//   binary        frames arrive as bytes;
//   before()      called before each attempt;
//   opened()      the first message came: the page is in;
//   message(m)    every message;
//   ended(code)   the server ended the connection for good: true when the page says so
//                 itself (no attempt again);
//   lecturer      the page opens with the lecturer's link alone: no password is asked, and a
//                 missing or wrong link is said to be one (#badlink).
window.sudoscopeLink = function (path, page) {
  const statusEl = document.getElementById('status');
  const loginEl = document.getElementById('login');
  const passwordEl = document.getElementById('password');
  const wrongEl = document.getElementById('wrong');
  const badLinkEl = document.getElementById('badlink');
  const words = document.getElementById('words').dataset;
  let token = new URLSearchParams(location.hash.slice(1)).get('k');
  let password = null;
  let ws = null;
  let retry = 0;
  let timer = null;
  let heldUntil = 0; // a test's dropped line stays down until then

  function say(text) {
    statusEl.textContent = text || '';
    statusEl.hidden = !text;
  }

  function connect() {
    clearTimeout(timer);
    if (page.lecturer && !token) {
      refused();
      return;
    }
    if (!token && password === null) {
      loginEl.hidden = false;
      passwordEl.focus();
      return;
    }
    say(retry ? words.reconnecting : words.connecting);
    if (page.before) page.before();
    const scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
    const socket = new WebSocket(scheme + location.host + path);
    ws = socket;
    if (page.binary) socket.binaryType = 'arraybuffer';
    let opened = false;
    socket.onopen = () => {
      const hello = page.hello ? page.hello() : {};
      if (token) hello.token = token; else hello.password = password;
      socket.send(JSON.stringify({ hello }));
    };
    socket.onmessage = (m) => {
      if (!opened) {
        opened = true;
        retry = 0;
        say('');
        loginEl.hidden = true;
        if (page.opened) page.opened();
      }
      page.message(m);
    };
    socket.onclose = (e) => {
      if (ws !== socket) return;
      ws = null;
      if (page.lecturer && (e.code === 4001 || e.code === 4003)) {
        refused(e.code);
      } else if (e.code === 4001) {
        // no token, or a wrong one: the password, asked here (and, when the link had a key,
        // said that the link is not this class's)
        if (badLinkEl) badLinkEl.hidden = !token;
        token = null;
        wrongEl.hidden = password === null;
        password = null;
        say('');
        loginEl.hidden = false;
        passwordEl.value = '';
        passwordEl.focus();
      } else if (page.ended && page.ended(e.code)) {
        say('');
      } else {
        // dropped, or the class full (4029): again, a little later each time
        const wait = Math.max(e.code === 4029 ? 2000 : Math.min(5000, 250 * 2 ** retry),
          heldUntil - Date.now());
        retry += 1;
        say(e.code === 4029 ? words.busy : words.reconnecting);
        timer = setTimeout(connect, wait);
      }
    };
  }

  // the lecturer's page without the lecturer's link: a student's link (4003), none, or a key
  // that is not this server's (4001: an old or mistyped link)
  function refused(code) {
    say('');
    const badKeyEl = document.getElementById('badkey');
    const wrongKey = code === 4001 && badKeyEl;
    if (badLinkEl) badLinkEl.hidden = !!wrongKey;
    if (badKeyEl) badKeyEl.hidden = !wrongKey;
  }

  loginEl.addEventListener('submit', (e) => {
    e.preventDefault();
    password = passwordEl.value;
    loginEl.hidden = true;
    if (badLinkEl) badLinkEl.hidden = true;
    connect();
  });

  // another link pasted into the same tab (the page is not loaded again for a new fragment):
  // start over with it
  window.addEventListener('hashchange', () => location.reload());

  return {
    connect,
    // connect again at once (the page's own "again")
    again() {
      retry = 0;
      connect();
    },
    send(data) {
      if (ws && ws.readyState === WebSocket.OPEN) ws.send(data);
    },
    // drop the line as a network would, down for `hold` ms at least (for tests)
    drop(hold) {
      heldUntil = Date.now() + (hold || 0);
      if (ws) ws.close(4000, 'dropped');
    },
    // say something over the page (a note, not an error)
    say,
  };
};
