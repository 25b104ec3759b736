// Public pages hydrate on the visitor's first intent, not at load (issue 21). They are server-rendered
// and work without JavaScript — links navigate, forms post to their route's action (the gate, contact
// and inquiry forms were built that way) — so the ~115 KB of React and React Router they need only to
// be *enhanced* is fetched and run when the visitor first presses, types or tabs: not on a page read
// and left, and not before the first paint, where it held FCP and LCP back by a second and, after
// them, counted four times over as blocking time on a phone.
//
// How: the server renders as always, and `holdScripts` rewrites the HTML stream of such a page. React
// Router's module script (`<script type="module">` that imports the route modules and the client
// entry) becomes an inert `<script type="frolic/held-module">`, its `modulepreload` links inert
// `frolic/modulepreload` ones, and `INTENT_SCRIPT` is put before it: on the first pointerdown, keydown,
// focusin or touchstart it starts the held script (and the preloads) as they were — but not for a
// link, which loads the next page (server-rendered, as quick to show) whether or not React is there. A button pressed
// before the page is live (the chat button, say) is pressed again once React has hydrated — the root
// announces it with `HYDRATED_EVENT`; links, submit buttons of forms and native controls keep their
// native behaviour meanwhile.
//
// Which pages: every route of the match is public (`ON_INTENT_ROUTES`) and nothing needs the browser at
// once — no flashed toast to show. What a page used to complete in the browser at load is rendered by
// the server: the store locator marks each store's "today" as rendered, and its cached copy lives
// no later than the shown zones' next midnight (shared/page-cache.ts).
import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { EntryContext } from 'react-router';
import { HYDRATED_EVENT } from './hydrate-on-intent-events';

/** The route ids (app/routes.ts) whose pages may wait for intent: all of a page's matches must be here. */
const ON_INTENT_ROUTES: ReadonlySet<string> = new Set([
  'root',
  'home',
  'home-alias',
  'routes/public/products',
  'routes/public/product',
  'routes/public/about',
  'cocktails',
  'cocktail',
  'routes/public/contact',
  'routes/public/business-inquiry',
  'events',
  'event',
  'store-locator',
  'buy-online',
  'routes/public/drink-responsibly',
  'legal-privacy',
  'legal-terms',
  'legal-cookies',
  'legal-imprint',
  'routes/age-gate',
]);

export const HELD_TYPE = 'frolic/held-module';
export const HELD_PRELOAD = 'frolic/modulepreload';

/** True when the page `context` renders may hydrate on intent. */
export function hydratesOnIntent(context: Pick<EntryContext, 'staticHandlerContext' | 'isSpaMode'>): boolean {
  if (context.isSpaMode) return false;
  const { matches, loaderData, errors } = context.staticHandlerContext;
  if (errors) return false;
  if (!matches.length || !matches.every((m) => ON_INTENT_ROUTES.has(m.route.id))) return false;
  const root = loaderData.root as { toast?: unknown } | undefined;
  return !root?.toast;
}

/**
 * The inline script that starts the held module script on the first intent, and presses again a
 * button pressed before hydration. Plain ES2017, no dependencies; it runs where the held script is.
 */
export const INTENT_SCRIPT = `(function(){var d=document,w=window,started=false,live=false,pressed=[],kinds=['pointerdown','keydown','focusin','touchstart'];
function held(){return d.querySelector('script[type="${HELD_TYPE}"]')}
function onLink(e){var t=e&&e.target;return !!(t&&t.closest&&t.closest('a[href]'))}
function intent(e){if(!onLink(e))start()}
function start(){if(started)return;started=true;kinds.forEach(function(k){d.removeEventListener(k,intent,true)});var s=held();if(!s)return;
d.querySelectorAll('link[rel="${HELD_PRELOAD}"]').forEach(function(l){var p=d.createElement('link');p.rel='modulepreload';p.href=l.getAttribute('href');p.nonce=s.nonce;d.head.appendChild(p)});
var m=d.createElement('script');m.type='module';m.nonce=s.nonce;m.textContent=s.textContent;s.after(m)}
kinds.forEach(function(k){d.addEventListener(k,intent,{capture:true,passive:true})});
d.addEventListener('click',function(e){if(live)return;var b=e.target&&e.target.closest&&e.target.closest('button,[role="button"]');if(!b||b.disabled||b.closest('a[href]'))return;
if(b.form&&b.type==='submit')return;e.preventDefault();e.stopImmediatePropagation();if(pressed.indexOf(b)<0)pressed.push(b);start()},true);
w.addEventListener('${HYDRATED_EVENT}',function(){live=true;var q=pressed;pressed=[];q.forEach(function(b){if(b.isConnected)b.click()})});})();`;

const MODULE_SCRIPT = /<script nonce="([^"]*)" type="module" async="">/g;
const MODULE_PRELOAD = /<link rel="modulepreload" /g;

/** Rewrites one complete stretch of HTML (no tag cut in two). */
export function holdScriptsIn(html: string): string {
  return html
    .replace(MODULE_PRELOAD, `<link rel="${HELD_PRELOAD}" `)
    .replace(MODULE_SCRIPT, (_, nonce: string) => `<script nonce="${nonce}">${INTENT_SCRIPT}</script><script nonce="${nonce}" type="${HELD_TYPE}">`);
}

/**
 * A stream that rewrites the page's HTML with `holdScriptsIn` as it passes: the text after the last
 * `<` of a chunk waits for the next one while that tag is not closed, so no tag is cut in two.
 */
export function holdScripts(): Transform {
  const decoder = new StringDecoder('utf8');
  let carry = '';
  const flushable = (text: string): [string, string] => {
    const open = text.lastIndexOf('<');
    if (open < 0 || text.indexOf('>', open) >= 0) return [text, ''];
    return [text.slice(0, open), text.slice(open)];
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const [ready, rest] = flushable(carry + decoder.write(chunk));
      carry = rest;
      done(null, ready ? holdScriptsIn(ready) : undefined);
    },
    flush(done) {
      const last = carry + decoder.end();
      done(null, last ? holdScriptsIn(last) : undefined);
    },
  });
}
