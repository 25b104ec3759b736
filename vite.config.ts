import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

// Fewer files before a public page's first paint (docs/decisions/002-react-router-framework-mode.md):
// left to itself the bundler splits `/` into many small scripts, each a request the browser must
// make before it can start the app. Two groups instead:
// - `framework`: React, React DOM and React Router (with the bundler's runtime), in one file that
//   changes only when their versions do, so it stays cached across our deploys;
// - `shell`: the small modules the root route imports for every page (the age gate, the page chrome,
//   the toasts, the navigation and the legal ages), which other routes also import.
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|rolldown[\\/]runtime/;
const SHELL =
  /[\\/]app[\\/](features[\\/](age-gate|layout)[\\/]|lib[\\/]toast-store\.ts)|[\\/]shared[\\/](navigation-constants|limits|legal-age)\.ts|vite[\\/]preload-helper/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: {
      '~': fileURLToPath(new URL('./app', import.meta.url)),
      '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
    },
  },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 20 },
            { name: 'shell', test: SHELL, priority: 10 },
          ],
        },
      },
    },
  },
});
