// The saved theme before the first paint (a file: the CSP allows no inline script). Dark by default.
try {
  document.documentElement.classList.toggle('dark', localStorage.getItem('glowfind.theme') !== 'light');
} catch {}
