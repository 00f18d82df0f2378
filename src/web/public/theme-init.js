// Applies the saved theme before first paint (an external file: the CSP forbids inline scripts).
try {
  document.documentElement.classList.toggle('dark', localStorage.getItem('glowfind.theme') !== 'light');
} catch {
  // storage unavailable: keep the default dark theme
}
