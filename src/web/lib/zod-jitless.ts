// Imported first by main.tsx, before any module that loads zod. zod 4 probes `new Function` to
// compile fast object parsers; our CSP (no 'unsafe-eval') blocks it, and the browser reports each
// probe as a CSP violation (Lighthouse best practices). zod reads this global config when it loads.
const scope = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
