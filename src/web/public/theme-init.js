// Before the first paint (a file: the CSP allows no inline script): the saved theme, dark by default,
// and whether this browser is signed in (the hint 'glowfind.signed-in', or an older version's stored
// session), so the visitor's header buttons stay hidden until the app has resumed the session
// through the refresh cookie, or found it ended (styles.css; session.ts settleResume).
try {
  const d = document.documentElement;
  d.classList.toggle('dark', localStorage.getItem('glowfind.theme') !== 'light');
  if (localStorage.getItem('glowfind.signed-in') || localStorage.getItem('glowfind.session'))
    d.dataset.session = 'stored';
} catch {}
