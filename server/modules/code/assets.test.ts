// What a deploy checks, file by file: the theme parses and holds only custom properties of the right
// kind, every email template renders with its own values, the announcement and robots.txt lines are
// well formed — and the seed files, what the site used before the repository, pass.
import { describe, expect, it } from 'vitest';
import { BUILT_IN_LAYOUT, BUILT_IN_TEMPLATES, builtInTemplate } from '../../mail/built-in-templates';
import { parseTemplate, renderTemplate, type TemplateError } from '../../mail/compose';
import { accountLocked, confirmEmail, partnerInvitation } from '../../mail/templates';
import { compileAnnouncement, compileAssets, compileRobots, compileTheme, SEED_FILES } from './assets';

const withFile = (path: string, content: string) => new Map(Object.entries({ ...SEED_FILES, [path]: content }));
const messages = (r: { problems: { message: string }[] }) => r.problems.map((p) => p.message);

describe('the seed', () => {
  it('passes every check and compiles the theme into one :root block', () => {
    const { assets, problems } = compileAssets(new Map(Object.entries(SEED_FILES)));
    expect(problems).toEqual([]);
    expect(assets?.themeCss).toBe(
      ':root{--color-ink:#1c1917;--color-cream:#f8f4ec;--color-brass:#8a6a25;--color-brass-light:#c8a96a;--color-forest:#1f3d36;--font-sans:"Inter Variable",ui-sans-serif,system-ui,sans-serif;--font-serif:"Playfair Display Variable",Georgia,serif;--spacing:0.25rem}',
    );
    expect(assets?.announcement).toBeNull();
    expect(assets?.emails.templates.size).toBe(Object.keys(BUILT_IN_TEMPLATES).length);
  });

  it('renders the account emails exactly as the built-in text did', () => {
    expect(confirmEmail('a@example.com', 'Alex', 'https://x.example/c?t=1')).toMatchObject({
      subject: 'Confirm your Frolic account',
      text: 'Hello Alex,\n\nPlease confirm your email address to finish creating your account. The link works once and expires in 24 hours.\n\nConfirm my email: https://x.example/c?t=1\n\n— Frolic',
      html: '<div style="font-family:Georgia,serif;max-width:560px"><p>Hello Alex,</p><p>Please confirm your email address to finish creating your account. The link works once and expires in 24 hours.</p><p><a href="https://x.example/c?t=1">Confirm my email</a></p><p>— Frolic</p></div>',
    });
    expect(accountLocked('a@example.com', 'https://x', 30, 'account').text).toContain('from several places, so we locked it for 30 minutes');
    expect(partnerInvitation('a@example.com', 'Al', 'Harbour <Imports>', 'https://x').html).toContain('Harbour &#60;Imports&#62;');
  });
});

describe('the theme', () => {
  it('refuses a stylesheet that does not parse, naming the line', () => {
    const r = compileTheme(':root {\n  --color-ink #111;\n}\n');
    expect(r.problems).toEqual([{ path: 'theme/theme.css', line: 2, message: 'The stylesheet does not parse: Colon is expected.' }]);
  });

  it('refuses a block never closed', () => {
    expect(messages(compileTheme(':root {\n  --color-ink: #111;\n'))).toEqual(['A "{" is never closed.']);
  });

  it('holds custom properties of :root only, each of its kind', () => {
    expect(messages(compileTheme('body { color: red; }'))).toEqual([
      'Only ":root" may be styled here, not "body".',
      '"color" is not a custom property: the theme sets --name values only.',
    ]);
    expect(messages(compileTheme('@import url(x.css);'))).toEqual(['The theme holds only ":root { … }" blocks of custom properties.']);
    expect(messages(compileTheme(':root { --color-ink: wine; --spacing: 4; --font-sans: 12px; }'))).toEqual([
      '--color-ink must be a colour, not "wine".',
      '--spacing must be a length, not "4".',
      '--font-sans must be a list of fonts, not "12px".',
    ]);
    expect(messages(compileTheme(':root { --hero: url(https://x.example/a.png); }'))).toEqual(['--hero: the theme loads nothing (no url()).']);
  });

  it('accepts values built from colours, lengths, numbers, percentages, keywords, font names and the allowed functions', () => {
    const source = `:root {
  --color-ink: oklch(40% 0.1 30);
  --color-cream: color-mix(in oklch, var(--color-ink) 40%, white);
  --color-brass: rgb(138 106 37 / 80%);
  --color-forest: hsl(160deg 33% 18%);
  --spacing: clamp(0.25rem, 1vw, 0.5rem);
  --radius-lg: calc(2 * var(--spacing));
  --font-sans: 'Inter Variable', system-ui, sans-serif;
  --leading: 1.5;
  --weight: bold;
  --width: min(100%, 60ch);
}`;
    expect(compileTheme(source).problems).toEqual([]);
  });

  it('refuses, by allowlist, every value that could load something or that it cannot vouch for (url() was the only one refused)', () => {
    const attacks: [string, string][] = [
      [
        'image-set("https://evil.example/a.png" 1x)',
        '--x: "image-set()" is not a function the theme may use (it may use rgb(), rgba(), hsl(), hsla(), hwb(), lab(), lch(), oklab(), oklch(), color(), color-mix(), light-dark(), calc(), min(), max(), clamp() and var()).',
      ],
      ['-webkit-image-set("x" 1x)', '--x: "-webkit-image-set()" is not a function the theme may use'],
      ['src("https://evil.example/a.png")', '--x: "src()" is not a function the theme may use'],
      ['cross-fade(url(a), red)', '--x: "cross-fade()" is not a function the theme may use'],
      ['url(https://evil.example/a.png)', '--x: the theme loads nothing (no url()).'],
      ['u\\72l(x)', '--x: escapes (\\) are not allowed in the theme.'],
      // css-tree reads this one as url( and stops at the "//": refused either way.
      ['u\\72l(https://evil.example/a.png)', ''],
      ['\\75rl(x)', '--x: escapes (\\) are not allowed in the theme.'],
      ['ur/**/l(x)', '--x: "l()" is not a function the theme may use'],
      ['expression(alert(1))', '--x: "expression()" is not a function the theme may use'],
      ['calc(1px + var(--y, image-set("https://evil.example/a.png" 1x)))', '--x: "image-set()" is not a function the theme may use'],
      ['rgb(0 0 0 / var(--a, src("x")))', '--x: "src()" is not a function the theme may use'],
      ['"https://evil.example/a.png"', '--x: quoted text may hold only a font name (letters, digits, spaces and hyphens).'],
      ['red !important', '--x: remove "!important": the theme needs none.'],
      ['2x', '--x: the unit "x" is not allowed (lengths, angles, times and fr are).'],
      ['U+0-7F', '--x: a unicode-range is not allowed in a theme value.'],
      ['[a]', '--x: brackets are not allowed in a theme value.'],
      ['#javascript', '--x: "#javascript" is not a colour (#rgb, #rgba, #rrggbb or #rrggbbaa).'],
    ];
    for (const [value, message] of attacks) {
      const problems = compileTheme(`:root {\n  --x: ${value};\n}\n`).problems;
      expect(problems.length, value).toBeGreaterThan(0);
      expect(problems[0]?.line, value).toBe(2);
      expect(problems[0]?.message.startsWith(message), `${value}: ${problems[0]?.message}`).toBe(true);
    }
  });

  it('can never close the <style> it is inlined into', () => {
    expect(messages(compileTheme(':root { --label: "</style><script>alert(1)</script>"; }'))).toEqual(['--label: a value may not contain "<".']);
    // A comment with "<" is dropped, not inlined.
    expect(compileTheme('/* <b> */ :root { --color-ink: rgb(0 0 0); }')).toEqual({ css: ':root{--color-ink:rgb(0 0 0)}', problems: [] });
  });
});

describe('email templates', () => {
  it('parses paragraphs and the button, and fills values HTML-escaped', () => {
    const t = parseTemplate('Subject: Hi {{name}}\n\nHello {{ name }},\nsecond line\n\n[Go]({{url}})\n');
    expect(t.paragraphs).toEqual([
      { kind: 'text', text: 'Hello {{ name }},\nsecond line' },
      { kind: 'link', label: 'Go', href: '{{url}}' },
    ]);
    expect(renderTemplate(t, { name: '<b>', url: 'https://x/?a=1&b=2' }, '<main>{{content}}</main>')).toEqual({
      subject: 'Hi <b>',
      text: 'Hello <b>,\nsecond line\n\nGo: https://x/?a=1&b=2',
      html: '<main><p>Hello &#60;b&#62;,\nsecond line</p><p><a href="https://x/?a=1&#38;b=2">Go</a></p></main>',
    });
  });

  it('refuses a template without a subject, with an open placeholder, or empty', () => {
    const problems = (source: string) => {
      try {
        parseTemplate(source);
        return [];
      } catch (err) {
        return (err as TemplateError).problems;
      }
    };
    expect(problems('Hello\n\nText')).toEqual([{ line: 1, message: 'The first line must be "Subject: …".' }]);
    expect(problems('Subject: x\n\nHello {{name\n')).toEqual([{ line: 3, message: 'A placeholder is not closed: write it as {{name}}.' }]);
    expect(problems('Subject: x\n')).toEqual([{ line: null, message: 'The email has no text.' }]);
  });

  it('refuses at deploy a template using a value it does not have, one that lost its link, and an email the mailer never sends', () => {
    const source = BUILT_IN_TEMPLATES['reset-password'].source;
    expect(compileAssets(withFile('emails/reset-password.txt', source.replace('Someone', '{{name}}'))).problems).toEqual([
      { path: 'emails/reset-password.txt', line: 3, message: '{{name}} is not a value of this email (it has {{url}}).' },
    ]);
    expect(messages(compileAssets(withFile('emails/reset-password.txt', source.replace('[Choose a new password]({{url}})', 'No link.'))))).toEqual([
      'The email has lost its link: {{url}} must stay.',
    ]);
    expect(messages(compileAssets(withFile('emails/newsletter.txt', 'Subject: x\n\n[a]({{url}})\n')))).toEqual(['The mailer sends no email of this name.']);
  });

  it('refuses a layout without {{content}} or with a script', () => {
    expect(messages(compileAssets(withFile('emails/layout.html', '<div></div>')))).toEqual(['The layout has no {{content}}: emails would be empty.']);
    expect(messages(compileAssets(withFile('emails/layout.html', `${BUILT_IN_LAYOUT}<img src=x onerror=alert(1)>`)))).toEqual([
      'The address in src of <img> is refused ("x"): only absolute https: addresses are allowed.',
      'The onerror attribute of <img> is not allowed: emails run no scripts.',
    ]);
  });

  it('every built-in template parses', () => {
    for (const name of Object.keys(BUILT_IN_TEMPLATES) as (keyof typeof BUILT_IN_TEMPLATES)[]) expect(builtInTemplate(name).subject).not.toBe('');
  });
});

describe('the announcement bar and robots.txt', () => {
  it('reads the announcement: off, on with a site path or an https link; anything else refused', () => {
    expect(compileAnnouncement('{"enabled":false,"text":""}')).toEqual({ announcement: null, problems: [] });
    expect(compileAnnouncement('{"enabled":true,"text":"Hi","link":"/events"}').announcement).toEqual({ text: 'Hi', link: '/events' });
    expect(messages(compileAnnouncement('{"enabled":true,"text":"Hi","link":"javascript:alert(1)"}'))).toEqual([
      'link: A path of the site (/events) or an https:// address.',
    ]);
    expect(messages(compileAnnouncement('{"enabled":true,"text":""}'))).toEqual(['text: An enabled announcement needs text.']);
    expect(messages(compileAnnouncement('{"enabled":true,'))[0]).toMatch(/^Not valid JSON/);
  });

  it('names the line of a wrong key, a wrong value and a syntax error (a refusal at commit says where)', () => {
    expect(compileAnnouncement('{\n  "enabled": "yes",\n  "text": "Hi",\n  "colour": "red"\n}').problems).toEqual([
      { path: 'site/announcement.json', line: 2, message: 'enabled: true or false (without quotes).' },
      { path: 'site/announcement.json', line: 4, message: 'The file: "colour" is not a setting of the announcement (it has enabled, text and link).' },
    ]);
    expect(compileAnnouncement('{\n  "enabled": true,\n  "text": "Hi",\n}').problems[0]).toMatchObject({ line: 4 });
    expect(messages(compileAnnouncement('[]'))).toEqual(['The file must be one JSON object: { "enabled": …, "text": …, "link": … }.']);
  });

  it('keeps robots.txt rules and comments, and refuses anything else with its line', () => {
    expect(compileRobots('# mine\nDisallow: /drafts/\n\nUser-agent: Bingbot\n')).toEqual({
      lines: ['# mine', 'Disallow: /drafts/', 'User-agent: Bingbot'],
      problems: [],
    });
    expect(compileRobots('Disallow /x\n').problems).toEqual([
      { path: 'site/robots.txt', line: 1, message: '"Disallow /x" is not a robots.txt rule (User-agent, Allow, Disallow, Crawl-delay, Sitemap).' },
    ]);
  });
});
