// The theme the person chose, set on <html> before the first paint. Inline in the apps' built pages
// (scripts/inline-theme.ts: the first paint waits for no file), allowed by the hash of its bytes
// (server/html/app-page.ts); the server's own pages link this file. The key is
// THEME_STORAGE_KEY (src/lib/theme.ts); the app writes it whenever the preferences load or change.
(function () {
  try {
    var theme = window.localStorage.getItem('campus-portal.theme');
    if (theme === 'light' || theme === 'dark') {
      document.documentElement.setAttribute('data-theme', theme);
    }
  } catch {
    // Storage refused: the device's setting applies until the preferences load.
  }
})();

// The browser's offer to install the portal, which may come before the app's scripts run: kept
// unshown (never prompt unasked) on window under INSTALL_OFFER_KEY, and marked on <html> as
// data-install-offer for the menu's "Install the app" (src/lib/install-offer.ts reads both).
(function () {
  var root = document.documentElement;
  window.addEventListener('beforeinstallprompt', function (event) {
    event.preventDefault();
    window.campusPortalInstallOffer = event;
    root.setAttribute('data-install-offer', '');
  });
  window.addEventListener('appinstalled', function () {
    window.campusPortalInstallOffer = null;
    root.removeAttribute('data-install-offer');
  });
})();

// The width of the screen, for the next page the server draws (issue 75), as its class: 2 from
// 1200 px (Account's profile open), 1 from 1024 px (the dashboard's columns), else 0 (WIDE_COOKIE and
// WIDTH_CLASS_FROM, contract/first-answers.rules.ts; src/ui/portal/use-wide.ts). Written
// on every page, the sign-in page included, and again as a page is left (a window resized since).
// A page the server drew for another width (data-drawn, server/html/server-render.ts) is marked
// stale before its first paint: hidden (styles.css), and drawn by the browser instead (main.tsx).
(function () {
  function from(px) {
    return window.matchMedia && window.matchMedia('(min-width: ' + px + 'px)').matches;
  }
  function wide() {
    return from(1200) ? '2' : from(1024) ? '1' : '0';
  }
  function write() {
    document.cookie = 'portal_wide=' + wide() + ';path=/;max-age=31536000;samesite=lax';
  }
  var root = document.documentElement;
  var drawn = root.getAttribute('data-drawn');
  // 'any' (DRAWN_FOR_ANY_WIDTH, contract/server-render.ts): Next Steps', drawn for every width.
  if (drawn !== null && drawn !== 'any' && drawn !== wide())
    root.setAttribute('data-drawn', 'stale');
  write();
  window.addEventListener('pagehide', write);
})();

// Input on a page the server drew, before the app has taken it over (issue 75). The page looks
// ready as soon as it paints, but its buttons, menus and choices act only once React hydrates it,
// after the page's code has arrived; React does not replay what came before. So until the app
// calls window.campusPortalTakeover (TAKEOVER_KEY, src/lib/takeover.tsx), a press on anything
// that needs the app is held (its default prevented: a form without an address of its own is not
// sent) and pressed again once the app has taken over; a field typed into or left, a box ticked or
// an option chosen is told to the app then, in the order they came. Links, <summary>, popover
// buttons and forms with an address of their own (Log out, leaving view-as) work without the app
// and pass untouched; a link pressed while React hydrates the page (`data-hydrating`, set by
// src/lib/takeover.tsx) is held as a press is, as a page change then would lose it.
(function () {
  var root = document.documentElement;
  var drawn = root.getAttribute('data-drawn');
  if (drawn === null || drawn === 'stale') return;
  // A checkbox or a radio button is not held: it changes as the person chose, at once, and the
  // change is told to the app as a field's is.
  var PRESSED =
    'button, input[type="submit"], input[type="button"], input[type="reset"], [role="button"], ' +
    '[role="tab"], [role="menuitem"], [role="switch"], [role="option"]';
  var CHECKED = 'input[type="checkbox"], input[type="radio"]';
  // Keys a field's own handlers act on (a search box's Enter, its list's arrows, Escape): held in a
  // field that is typed into, and sent to it again once the app has taken over. A key on a button
  // needs nothing of its own: Enter and Space press it, and the press is held.
  var KEYS = ['Enter', 'Escape', 'ArrowDown', 'ArrowUp'];
  var TYPED =
    'input:not([type]), input[type="text"], input[type="search"], input[type="tel"], ' +
    'input[type="email"], input[type="url"], input[type="number"], input[type="time"]';
  // What the person did, in order: { press: element } (a form, when sent by Enter), { field }
  // (with left: true once the field has lost the focus) or { key, to: element } (with the key's
  // code and Alt, for a shortcut).
  var early = [];
  var EVENTS = ['click', 'input', 'change', 'submit', 'focusout', 'keydown'];
  // The browser drew the page instead (main.tsx removes data-drawn): nothing is held from then on.
  function drawnStill() {
    if (root.hasAttribute('data-drawn')) return true;
    takeOver();
    return false;
  }
  // At most this many things done are kept (a page whose scripts never come holds no more).
  var MOST = 50;
  function keep(done) {
    if (early.length < MOST) early.push(done);
  }
  // Held: not done now, and kept to be done once the app has taken over.
  function hold(event, done) {
    event.preventDefault();
    event.stopImmediatePropagation();
    keep(done);
  }
  // A key the app acts on wherever it is pressed outside a field: the search box's shortcut ("/",
  // or Alt + /: src/lib/search-shortcut.ts), and Escape after a press held (a menu it opens is
  // closed by it). The browser's own (Ctrl, the command key) are never held.
  function shortcut(event) {
    if (event.ctrlKey || event.metaKey) return false;
    if (event.key === '/' || event.code === 'Slash') return true;
    return (
      event.key === 'Escape' &&
      early.some(function (done) {
        return done.press;
      })
    );
  }
  // A form with an address of its own works without the app: sent as the browser sends it.
  function ownAddress(form) {
    return form !== null && form.hasAttribute('action');
  }
  // A link the app follows itself (its router's Link): this site's page, in this tab, pressed
  // without a key that opens it elsewhere.
  function appLink(link, event) {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey)
      return false;
    if (link.hasAttribute('download') || (link.target && link.target !== '_self')) return false;
    var here = window.location;
    // A place on this page (the skip link's #main) moves nothing the app holds.
    if (link.hash && link.pathname === here.pathname && link.search === here.search) return false;
    return link.origin === here.origin;
  }
  function heard(event) {
    var target = event.target;
    if (replaying || !target || typeof target.closest !== 'function') return;
    // Another run of this script has the page now (the tests draw one page after another).
    if (!handing && window.campusPortalTakeover !== takeOver) return;
    if (!drawnStill()) return;
    if (event.type === 'keydown') {
      if (target.matches(TYPED)) {
        if (KEYS.indexOf(event.key) === -1 || ownAddress(target.form)) return;
        hold(event, { key: event.key, to: target });
      } else if (!target.matches('input, select, textarea, [contenteditable]') && shortcut(event)) {
        hold(event, { key: event.key, code: event.code, alt: event.altKey, to: target });
      }
    } else if (event.type === 'submit') {
      if (!ownAddress(target)) hold(event, { press: target });
    } else if (event.type === 'click') {
      var link = target.closest('a[href]');
      if (link !== null && root.hasAttribute('data-hydrating') && appLink(link, event)) {
        hold(event, { press: link });
        return;
      }
      var pressed = target.closest(PRESSED);
      if (pressed === null || target.matches(CHECKED)) return;
      if (link !== null || target.closest('summary') !== null) return;
      if (pressed.hasAttribute('popovertarget') || pressed.hasAttribute('commandfor')) return;
      if (!ownAddress(pressed.closest('form'))) hold(event, { press: pressed });
    } else if (target.matches('input, select, textarea') && !target.matches(PRESSED)) {
      var known = early.filter(function (done) {
        return done.field === target;
      })[0];
      if (event.type === 'focusout') {
        if (known) known.left = true;
      } else if (!known) keep({ field: target });
    }
  }
  EVENTS.forEach(function (type) {
    document.addEventListener(type, heard, true);
  });
  // A field's text as typed, or an option chosen, reaches the app as a change, and a field left
  // (where leaving it saves, as Account's mobile number) as left. What each field held is read as
  // the app takes over, before anything is told: the app's first change draws its page again, which
  // puts every other field back to what the app holds. A text field's record that React keeps is
  // set to what it drew (the field's default), the typed text put back under it, and an input
  // event sent.
  function tell(field, value) {
    if (field.matches(CHECKED)) {
      // Back to what React drew, through its record, then pressed to the person's choice: React
      // hears a checkbox's or a radio button's change from its click.
      field.checked = field.defaultChecked;
      if (field.checked !== value) field.click();
    } else if (field.tagName === 'SELECT') {
      field.value = value;
      field.dispatchEvent(new window.Event('change', { bubbles: true }));
    } else {
      var own = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value');
      field.value = field.defaultValue;
      if (own && own.set) own.set.call(field, value);
      else field.value = value;
      field.dispatchEvent(new window.Event('input', { bubbles: true }));
    }
  }
  // Whether the person's field differs from what was drawn.
  function changedFromDrawn(field) {
    if (field.matches(CHECKED)) return field.checked !== field.defaultChecked;
    if (field.tagName !== 'SELECT') return field.value !== field.defaultValue;
    var chosen = field.options[field.selectedIndex];
    return !chosen || !chosen.defaultSelected;
  }
  function replay(done) {
    if (done.field) {
      if (done.field.isConnected) tell(done.field, done.value);
    } else if (done.key) {
      if (!done.to.isConnected) return;
      var key = new window.KeyboardEvent('keydown', {
        key: done.key,
        code: done.code || '',
        altKey: Boolean(done.alt),
        bubbles: true,
        cancelable: true,
      });
      // Enter in a form's field sends the form, unless the field's own handler took the key.
      if (done.to.dispatchEvent(key) && done.key === 'Enter' && done.to.form) {
        done.to.form.requestSubmit();
      }
    } else if (done.leave) {
      if (done.leave.isConnected) {
        done.leave.dispatchEvent(new window.FocusEvent('focusout', { bubbles: true }));
      }
    } else if (done.press.isConnected) {
      if (done.press.tagName === 'FORM') done.press.requestSubmit();
      else done.press.click();
    }
  }
  // What was done, as steps: a field's value read now, once (and left, in a step of its own).
  function stepsOf(list) {
    var steps = [];
    list.forEach(function (done) {
      if (!done.field) {
        steps.push(done);
      } else if (changedFromDrawn(done.field)) {
        var value = done.field.matches(CHECKED) ? done.field.checked : done.field.value;
        steps.push({ field: done.field, value: value });
        // Left, in a step of its own: the app has the field's text by then.
        if (done.left && document.activeElement !== done.field) steps.push({ leave: done.field });
      }
    });
    return steps;
  }
  // While what was done is handed over, what the person does next is held too, and handed over
  // after it: a press then would reach the app before the text typed earlier had.
  var handing = false;
  var replaying = false;
  function takeOver() {
    if (window.campusPortalTakeover === takeOver) window.campusPortalTakeover = undefined;
    if (handing) return;
    handing = true;
    var steps = [];
    // Each in a task of its own, as a person's would be, the first after the app's own (the takeover
    // is told from within React's effects): the app has drawn what one did (a field's text in its
    // state) before the next (Save) reads it.
    function next() {
      if (steps.length === 0) {
        steps = stepsOf(early);
        early = [];
      }
      var done = steps.shift();
      if (!done) {
        EVENTS.forEach(function (type) {
          document.removeEventListener(type, heard, true);
        });
        // All handed over: the page is the app's (the journeys wait for it: e2e/drawn-page.ts).
        root.setAttribute('data-taken-over', '');
        root.removeAttribute('data-hydrating');
        return;
      }
      // What the hand-over itself does is not held again.
      replaying = true;
      try {
        replay(done);
      } finally {
        replaying = false;
      }
      window.setTimeout(next, 0);
    }
    window.setTimeout(next, 0);
  }
  window.campusPortalTakeover = takeOver;
})();

// A drawn page's scripts, asked for once it has painted (issue 75): the server holds them in a
// <template> (SCRIPTS_AFTER_PAINT_ID, contract/server-render.ts), whose content the browser neither
// fetches nor runs, so the page's stylesheets have the connection to themselves until its first
// frame. Added after that frame, and never before the document is parsed (the app reads the
// drawn page's block at its foot); at once on a page drawn for another width (the browser draws
// that one) or in a tab not shown (it draws no frame).
(function () {
  var added = false;
  function add() {
    if (added) return;
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', add);
      return;
    }
    added = true;
    var held = document.getElementById('scripts-after-paint');
    if (!held || !held.content) return;
    held.remove();
    Array.prototype.forEach.call(held.content.children, function (kept) {
      var script = kept.tagName === 'SCRIPT';
      var made = document.createElement(script ? 'script' : 'link');
      if (script) made.type = 'module';
      else made.rel = kept.getAttribute('rel');
      if (kept.hasAttribute('crossorigin')) made.crossOrigin = kept.getAttribute('crossorigin');
      made[script ? 'src' : 'href'] = kept.getAttribute(script ? 'src' : 'href');
      document.head.appendChild(made);
    });
  }
  var stale = document.documentElement.getAttribute('data-drawn') === 'stale';
  if (stale || document.visibilityState === 'hidden' || !window.requestAnimationFrame) add();
  else
    window.requestAnimationFrame(function () {
      window.setTimeout(add, 0);
    });
})();
