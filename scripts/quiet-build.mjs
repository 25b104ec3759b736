// Preloaded by `npm run build` and `npm run typecheck`: React Router 7.18 starts its helper compilers with Vite's deprecated
// `envFile: false`, so every build printed the same deprecation five times (typegen three). It is theirs to change
// (and harmless); until they do, that one line is dropped from their output.
const warn = console.warn.bind(console);
console.warn = (...args) => {
  if (typeof args[0] === 'string' && args[0].includes('The `envFile` option is deprecated')) return;
  warn(...args);
};
