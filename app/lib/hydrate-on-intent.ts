// Public pages hydrate on the visitor's first intent, not at load (issue 21). They are server-rendered
// and work without JavaScript — links navigate, forms post to their route's action (the gate, contact
// and inquiry forms were built that way) — so the React and React Router they need only to be
// *enhanced* is fetched and run when the visitor first presses, types or tabs: not on a page read and
// left, and not before the first paint, which it would delay (docs/decisions/033-hydrate-on-intent.md).
//
// How: the server renders as always, and `holdScripts` rewrites the HTML stream of such a page. React
// Router's module script (`<script type="module">` that imports the route modules and the client
// entry) becomes an inert `<script type="frolic/held-module">`, its `modulepreload` links inert
// `frolic/modulepreload` ones, and `INTENT_SCRIPT` is put before it: on the first press (a mouse's or
// pen's pointerdown; on a touch screen the tap's click, so a finger that only scrolls starts nothing),
// key or focus it starts the held script (and the preloads) as they were — but not for a link, which
// loads the next page (server-rendered, as quick to show) whether or not React is there.
// A button pressed before the page is live (the chat button, say) is pressed again once React has
// hydrated — the document's layout announces it with `HYDRATED_EVENT`; links, submit buttons of forms
// and native controls keep their native behaviour meanwhile.
//
// Which pages: every route of the match is public (`ON_INTENT_ROUTES`) and nothing needs the browser at
// once — no flashed toast to show. What a page would complete in the browser at load is rendered by
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
 *
 * - The held script is the last one of its kind in the document (the one the server rewrote).
 * - Hydrating later does not move the page: React Router's inline script restored the scroll position
 *   at load, and the router does not restore it again when it hydrates (journey
 *   tests/e2e/hydrate-on-intent.spec.ts).
 * - A press held for replay is an element, or — for a link that hydration replaces with a button
 *   (`data-press-key`, the product gallery's thumbnails) — the key, pressed on the live control
 *   that carries it once it appears (looked for over 5 s: on a busy machine the re-render that
 *   turns the link into a button came more than a second after hydration).
 * - If the scripts fail to load (an old page after a deploy removed its files), the page reloads —
 *   once per address until a page comes to life, so an outage of the files cannot loop; if the page
 *   is not live 15 s after the start, presses are no longer held, so nothing stays swallowed for good.
 */
export const INTENT_SCRIPT = `(function(){var d=document,w=window,R='frolic-reloaded',started=false,live=false,pressed=[],kinds=['pointerdown','keydown','focusin','click'];
function held(){var all=d.querySelectorAll('script[type="${HELD_TYPE}"]');return all[all.length-1]}
function onLink(e){var t=e&&e.target;return !!(t&&t.closest&&t.closest('a[href]:not([data-press-key])'))}
function intent(e){if(e.type==='pointerdown'&&e.pointerType==='touch')return;if(!onLink(e))start()}
function start(){if(started)return;started=true;kinds.forEach(function(k){d.removeEventListener(k,intent,true)});var s=held();if(!s)return;
d.querySelectorAll('link[rel="${HELD_PRELOAD}"]').forEach(function(l){var p=d.createElement('link');p.rel='modulepreload';p.href=l.getAttribute('href');p.nonce=s.nonce;d.head.appendChild(p)});
var m=d.createElement('script');m.type='module';m.nonce=s.nonce;m.textContent=s.textContent;m.onerror=function(){live=true;pressed=[];try{if(sessionStorage.getItem(R)!==location.href){sessionStorage.setItem(R,location.href);location.reload()}}catch(e){}};s.after(m);
setTimeout(function(){live=true;pressed=[]},15000)}
kinds.forEach(function(k){d.addEventListener(k,intent,{capture:true,passive:true})});
d.addEventListener('click',function(e){if(live||!held())return;var t=e.target&&e.target.closest?e.target:null;if(!t)return;
var key=t.closest('[data-press-key]'),b=key||t.closest('button,[role="button"]');if(!b||b.disabled||(!key&&b.closest('a[href]')))return;
if(!key&&b.form&&b.type==='submit')return;e.preventDefault();e.stopImmediatePropagation();var item=key?key.getAttribute('data-press-key'):b;if(pressed.indexOf(item)<0)pressed.push(item);start()},true);
function press(item,tries){var el=typeof item==='string'?d.querySelector('[data-press-key="'+CSS.escape(item)+'"]:not(a)'):item;if(el&&el.isConnected){el.click();return}if(tries<100)setTimeout(function(){press(item,tries+1)},50)}
w.addEventListener('${HYDRATED_EVENT}',function(){live=true;try{sessionStorage.removeItem(R)}catch(e){}var q=pressed;pressed=[];q.forEach(function(item){press(item,0)})});})();`;

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
