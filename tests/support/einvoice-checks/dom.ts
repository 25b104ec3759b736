// Reading a UBL document for the rule checks: a namespace-aware DOM (@xmldom/xmldom) and the few
// XPath steps the published rules use, written as functions (`all(root, 'cac:TaxTotal/cac:TaxSubtotal')`
// is the rules' `cac:TaxTotal/cac:TaxSubtotal`), plus an SVRL-like location for each finding.
import { DOMParser, type Element, type Node } from '@xmldom/xmldom';

export const NS = {
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  Invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  CreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
} as const;

export type Prefix = keyof typeof NS;
export type { Element };

/** Parses the document; a malformed one throws with the parser's message. */
export function parseXml(xml: string): Element {
  const doc = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(`not well-formed XML: ${message}`);
    },
  }).parseFromString(xml, 'text/xml');
  const root = doc.documentElement;
  if (!root) throw new Error('not well-formed XML: no root element');
  return root;
}

const isElement = (n: Node): n is Element => n.nodeType === 1;

export function elementChildren(el: Element): Element[] {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) if (isElement(n)) out.push(n);
  return out;
}

/** 'cac:Party' → [namespace, local name]. */
function split(step: string): [string, string] {
  const [prefix, local] = step.split(':') as [Prefix, string];
  return [NS[prefix], local];
}

export const is = (el: Element, step: string): boolean => {
  const [ns, local] = split(step);
  return el.namespaceURI === ns && el.localName === local;
};

export function qname(el: Element): string {
  const prefix = (Object.keys(NS) as Prefix[]).find((p) => NS[p] === el.namespaceURI);
  const local = el.localName ?? el.nodeName;
  return prefix === 'Invoice' || prefix === 'CreditNote' ? local : `${prefix ?? `{${el.namespaceURI ?? ''}}`}:${local}`;
}

/** The elements a relative path of child steps reaches ('cac:TaxTotal/cac:TaxSubtotal'). */
export function all(from: Element | readonly Element[], path: string): Element[] {
  let current: Element[] = Array.isArray(from) ? [...from] : [from as Element];
  for (const step of path.split('/')) current = current.flatMap((el) => elementChildren(el).filter((c) => is(c, step)));
  return current;
}

export const first = (from: Element | readonly Element[], path: string): Element | undefined => all(from, path)[0];

/** The rules' `//step`: every descendant with that name. */
export function descendants(el: Element, step: string): Element[] {
  const out: Element[] = [];
  const walk = (e: Element) => {
    for (const c of elementChildren(e)) {
      if (is(c, step)) out.push(c);
      walk(c);
    }
  };
  walk(el);
  return out;
}

/** normalize-space() of an element's text ('' when it is missing). */
export const text = (el: Element | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The text at a path, normalized ('' when it is missing). */
export const textAt = (from: Element, path: string): string => text(first(from, path));

/** Where a finding is, as SVRL locations read: /Invoice/cac:TaxTotal[1]/cac:TaxSubtotal[2] (line 40). */
export function locate(el: Element): string {
  const steps: string[] = [];
  for (let e: Element | null = el; e && isElement(e); e = e.parentNode && isElement(e.parentNode) ? e.parentNode : null) {
    const parent = e.parentNode && isElement(e.parentNode) ? e.parentNode : null;
    const same = parent ? elementChildren(parent).filter((s) => s.namespaceURI === e!.namespaceURI && s.localName === e!.localName) : [e];
    steps.unshift(same.length > 1 ? `${qname(e)}[${same.indexOf(e) + 1}]` : qname(e));
  }
  const line = (el as { lineNumber?: number }).lineNumber;
  return `/${steps.join('/')}${line ? ` (line ${line})` : ''}`;
}
