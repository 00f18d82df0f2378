// Before the first paint (a file: the CSP allows no inline script): the saved theme, dark by default,
// and whether a session is stored, so a server-rendered page hides the visitor's header buttons
// until the app has read it (styles.css).
try {
  const d = document.documentElement;
  d.classList.toggle('dark', localStorage.getItem('glowfind.theme') !== 'light');
  if (localStorage.getItem('glowfind.session')) d.dataset.session = 'stored';
} catch {}
