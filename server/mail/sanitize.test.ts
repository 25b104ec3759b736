// The email HTML allowlist against a corpus of known XSS payloads: each is refused at commit and
// deploy (compileAssets: the layout, or a template's button), with the reason and the line, and
// removed at send (prepareForSending). Regular expressions miss `<svg/onload=…>`, entity-encoded
// `jav&#x61;script:` and most of the rest (docs/decisions/037-email-html-sanitizing.md).
import { describe, expect, it } from 'vitest';
import { compileAssets, SEED_FILES } from '../modules/code/assets';
import { BUILT_IN_TEMPLATES, builtInTemplate } from './built-in-templates';
import { type Email, prepareForSending } from './mailer';
import { htmlProblems, sanitizeEmailHtml } from './sanitize';

/** Known payloads: event handlers, svg/math, script-like schemes (entity-encoded, with whitespace or control characters inside), <base>, <meta refresh>, forms, srcdoc, style expressions, comments. */
const PAYLOADS = [
  '<svg/onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="0" y="20">x</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math href="javascript:alert(1)">x</math>',
  '<img src=x onerror=alert(1)>',
  '<img src="x"onerror="alert(1)">',
  '<IMG SRC=x ONERROR=alert(1)>',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<p onmouseover="alert(1)">x</p>',
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="jav&#x61;script:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="java&#x0A;script:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="java\nscript:alert(1)">x</a>',
  '<a href=" \x01javascript:alert(1)">x</a>',
  '<a href="&#0;javascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="dat&#x61;:text/html,<script>alert(1)</script>">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="vb&#x73;cript:msgbox(1)">x</a>',
  '<a href="//evil.example/">x</a>',
  '<a href="/relative/goes/nowhere">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="http://tracker.example/open.png">',
  '<base href="https://evil.example/">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
  '<form action="https://evil.example/"><input name="password"></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<isindex action="javascript:alert(1)" type=image>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe src="https://evil.example/"></iframe>',
  '<p srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;">x</p>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<video poster="javascript:alert(1)"></video>',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<style>@import "https://evil.example/x.css";</style>',
  '<div style="width: expression(alert(1))">x</div>',
  '<div style="background: url(javascript:alert(1))">x</div>',
  '<div style="background-color: url(https://tracker.example/x.png)">x</div>',
  '<div style="behavior: url(x.htc)">x</div>',
  '<div style="color: re\\64">x</div>',
  '<div style="-moz-binding: url(https://evil.example/x.xml#x)">x</div>',
  '<!--[if gte mso 9]><script>alert(1)</script><![endif]-->',
  '<!-- <img src=x onerror=alert(1)> -->',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<textarea><img src=x onerror=alert(1)></textarea>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<a href="https://ok.example/" onclick="alert(1)">x</a>',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
];

/** What must never be left in a sent email's HTML. */
const DANGER =
  /href="(?!https?:\/\/|mailto:)|src="(?!https:\/\/)|<(script|svg|math|iframe|object|embed|base|meta|form|input|button|link|style|noscript|textarea|xmp|isindex|video)\b|\son[a-z]+\s*=|javascript:|vbscript:|data:|srcdoc|expression\(|url\(|behavior|binding|<!--|href="\/\/|src="http:/i;

const layoutWith = (payload: string) => `<div style="font-family:Georgia,serif;max-width:560px">\n{{content}}\n${payload}\n</div>\n`;
const withFile = (path: string, content: string) => new Map(Object.entries({ ...SEED_FILES, [path]: content }));

describe('the email HTML allowlist', () => {
  it('refuses every payload in the layout at commit and deploy, naming the layout, the line and the reason', () => {
    for (const payload of PAYLOADS) {
      const { problems } = compileAssets(withFile('emails/layout.html', layoutWith(payload)));
      expect(problems.length, payload).toBeGreaterThan(0);
      expect(problems[0], payload).toMatchObject({ path: 'emails/layout.html', line: 3 });
      expect(problems[0]?.message, payload).toMatch(/not allowed|refused/);
    }
  });

  it('removes every payload at send, whatever the layout deployed', () => {
    const email: Email = {
      to: 'a@example.com',
      subject: 's',
      text: 't',
      compose: { template: 'reset-password', vars: { url: 'https://frolic.example/r?t=1' } },
    };
    for (const payload of PAYLOADS) {
      const { html } = prepareForSending(email, { layout: layoutWith(payload), templates: new Map() });
      // Text left in a title is escaped text, not markup: looked at without it.
      expect(html?.replace(/ title="[^"]*"/g, ''), payload).not.toMatch(DANGER);
      // And what is sent is a fixed point: nothing in it the allowlist would still refuse.
      expect(htmlProblems(html as string), payload).toEqual([]);
      expect(html, payload).toContain('<a href="https://frolic.example/r?t=1">Choose a new password</a>');
      // Also an email whose HTML was made in code, with no layout to re-render.
      const made = prepareForSending({ to: 'a@example.com', subject: 's', text: 't', html: `<p>x</p>${payload}` }, null).html as string;
      expect(made.replace(/ title="[^"]*"/g, ''), payload).not.toMatch(DANGER);
    }
  });

  it('names what is wrong: the element, the attribute, the address, the style', () => {
    expect(htmlProblems('<p>\n<svg/onload=alert(1)>\n</p>')).toEqual([{ line: 2, message: 'The <svg> element is not allowed in an email.' }]);
    expect(htmlProblems('<a href="jav&#x61;script:alert(1)">x</a>')).toEqual([
      { line: 1, message: 'The address in href of <a> is refused ("javascript:alert(1)"): only absolute https:, http:, mailto: addresses are allowed.' },
    ]);
    expect(htmlProblems('<img src="https://x.example/a.png" onerror="alert(1)">')).toEqual([
      { line: 1, message: 'The onerror attribute of <img> is not allowed: emails run no scripts.' },
    ]);
    expect(htmlProblems('<div style="color:#111; background: url(x)">x</div>')).toEqual([
      {
        line: 1,
        message:
          'The style of <div> has a declaration not allowed in an email: "background: url(x)" (plain values of colour, font, text, spacing, border and size properties only; no url() or other functions but rgb()).',
      },
    ]);
    expect(htmlProblems('<p srcdoc="x">x</p>')).toEqual([{ line: 1, message: 'The srcdoc attribute is not allowed on <p>.' }]);
    expect(htmlProblems('<!-- note -->')[0]?.message).toBe(
      'Comments and <!…> declarations are not allowed in an email: some mail programs read them as markup.',
    );
  });

  it('keeps a real email layout as it is written: tables, inline styles, https images, links and mailto', () => {
    const layout = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background-color: #f8f4ec;">
  <tr>
    <td align="center" style="padding: 24px 12px;">
      <img src="https://frolic.example/logo.png" alt="Frolic" width="120" height="40" style="display: block; border: 0;">
      <div style="font-family: 'Playfair Display', Georgia, serif; max-width: 560px; color: rgb(28, 25, 23); text-align: left;">{{content}}</div>
      <p style="font-size: 12px; color: #57534e;">Questions? <a href="mailto:hello@frolic.example">hello@frolic.example</a> · <a href="https://frolic.example/">frolic.example</a></p>
    </td>
  </tr>
</table>
`;
    expect(htmlProblems(layout)).toEqual([]);
    expect(compileAssets(withFile('emails/layout.html', layout)).problems).toEqual([]);
  });

  it('refuses a template whose button goes to a script, naming the line', () => {
    const source = BUILT_IN_TEMPLATES['reset-password'].source.replace('— Frolic', '[Click me](jav&#x61;script:alert`1`)\n\n— Frolic');
    const { problems } = compileAssets(withFile('emails/reset-password.txt', source));
    expect(problems).toEqual([
      {
        path: 'emails/reset-password.txt',
        line: 7,
        message: 'The address in href of <a> is refused ("jav&#x61;script:alert`1`"): only absolute https:, http:, mailto: addresses are allowed.',
      },
    ]);
  });

  it('sends the built-in emails unchanged (their HTML is already inside the allowlist)', () => {
    const email: Email = {
      to: 'a@example.com',
      subject: 's',
      text: 't',
      compose: { template: 'confirm-email', vars: { name: 'Al <b>', url: 'https://x.example/c?t=1&u=2' } },
    };
    const live = { layout: SEED_FILES['emails/layout.html'] as string, templates: new Map([['confirm-email', builtInTemplate('confirm-email')]]) };
    const { html } = prepareForSending(email, live);
    expect(html).toBe(
      '<div style="font-family:Georgia,serif;max-width:560px"><p>Hello Al &lt;b&gt;,</p><p>Please confirm your email address to finish creating your account. The link works once and expires in 24 hours.</p><p><a href="https://x.example/c?t=1&amp;u=2">Confirm my email</a></p><p>— Frolic</p></div>',
    );
    expect(sanitizeEmailHtml(html as string)).toBe(html);
  });
});
