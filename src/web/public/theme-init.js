// Applies the saved theme before first paint (an external file: the CSP forbids inline scripts).
try {
  var theme = localStorage.getItem('glowfind.theme');
  document.documentElement.classList.toggle('dark', theme !== 'light');
} catch (e) {}
