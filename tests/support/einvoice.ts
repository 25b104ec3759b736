// Validates a generated UBL 2.1 Invoice or CreditNote as issue 45 asks: the UBL 2.1 schema, then the
// EN 16931 and Peppol BIS Billing 3.0 rules, with findings shaped like the official validator's SVRL
// (rule id, flag, text, location).
//
// The official artefacts are not in this repository: the rules are published as XSLT (code), and a
// developer may not commit code, schemas or examples brought in from other repositories. So:
// - the rules a generated document can break are written here in TypeScript (einvoice-checks/en16931-rules.ts,
//   einvoice-checks/peppol-rules.ts), following the published assertions, ids and tolerances;
// - the schema check is libxml2's (xmllint-wasm) against the OASIS UBL 2.1 XSDs when they are
//   installed in `<standards>/ubl-2.1/xsd/{maindoc,common}/` (the OASIS distribution's layout), and
//   otherwise the UBL 2.1 structure check of einvoice-checks/ubl-structure.ts (order, cardinality, unknown
//   elements). `<standards>` is $EINVOICE_STANDARDS_DIR, else `einvoice/` in the shared folder beside
//   the repository (../shared/einvoice), where data files may be placed by the steering repository.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NS, parseXml, textAt } from './einvoice-checks/dom';
import { en16931Findings } from './einvoice-checks/en16931-rules';
import type { Finding } from './einvoice-checks/findings';
import { CUSTOMIZATION as PEPPOL_CUSTOMIZATION, peppolFindings } from './einvoice-checks/peppol-rules';
import { ublDoc } from './einvoice-checks/ubl-doc';
import { ublStructureErrors } from './einvoice-checks/ubl-structure';

export interface EInvoiceFinding {
  /** The published rule id: BR-CO-15, BR-IC-02, PEPPOL-EN16931-R120 … */
  readonly id: string;
  readonly text: string;
  /** Where it failed: /Invoice/cac:TaxTotal[1]/cac:TaxSubtotal[2] (line 40). */
  readonly location: string;
}

export interface EInvoiceReport {
  /** Schema errors (none for a valid document). */
  readonly xsd: string[];
  /** Which schema check ran: the OASIS XSDs, or the UBL 2.1 structure check standing in for them. */
  readonly schema: 'oasis-ubl-2.1' | 'ubl-2.1-structure';
  /**
   * The rules that ran, as the document's specification identifier (BT-24) claims, the way the
   * official validators choose them: EN 16931 for every document, Peppol BIS 3.0's too for one that
   * names that profile.
   */
  readonly profile: 'peppol-bis-3' | 'en16931';
  /** Failed assertions flagged fatal (or error): the document is refused. */
  readonly fatal: EInvoiceFinding[];
  readonly warnings: EInvoiceFinding[];
}

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Where the official data files are looked for (see the header). */
export const standardsDir = (): string => process.env.EINVOICE_STANDARDS_DIR ?? path.resolve(repoRoot, '..', 'shared', 'einvoice');

interface XsdFile {
  readonly fileName: string;
  readonly contents: string;
}
interface OasisSchemas {
  readonly Invoice: XsdFile;
  readonly CreditNote: XsdFile;
  readonly common: readonly XsdFile[];
}

// Read once per process: the UBL common schemas are 2.8 MB.
let oasis: OasisSchemas | null | undefined;
function oasisSchemas(): OasisSchemas | null {
  if (oasis !== undefined) return oasis;
  const dir = path.join(standardsDir(), 'ubl-2.1', 'xsd');
  const file = (name: string): XsdFile => ({ fileName: name, contents: readFileSync(path.join(dir, name), 'utf8') });
  oasis = existsSync(path.join(dir, 'maindoc', 'UBL-Invoice-2.1.xsd'))
    ? {
        Invoice: file('maindoc/UBL-Invoice-2.1.xsd'),
        CreditNote: file('maindoc/UBL-CreditNote-2.1.xsd'),
        common: readdirSync(path.join(dir, 'common'))
          .filter((f) => f.endsWith('.xsd'))
          .map((f) => file(`common/${f}`)),
      }
    : null;
  return oasis;
}

export const oasisXsdInstalled = (): boolean => oasisSchemas() !== null;

async function oasisXsdErrors(xml: string, kind: 'Invoice' | 'CreditNote', schemas: OasisSchemas): Promise<string[]> {
  const { validateXML } = await import('xmllint-wasm');
  // The maindoc schema includes ../common/*.xsd, so both sit in xmllint's file system as in the distribution.
  const result = await validateXML({
    xml: [{ fileName: 'document.xml', contents: xml }],
    schema: [schemas[kind]],
    preload: [...schemas.common],
    maxMemoryPages: 16_384,
  });
  return result.errors.map((e) => (e.loc ? `line ${e.loc.lineNumber}: ${e.message}` : e.message));
}

const toFinding = ({ id, text, location }: Finding): EInvoiceFinding => ({ id, text, location });

/** The schema, EN 16931 and Peppol BIS 3.0 verdicts on one UBL Invoice or CreditNote. */
export async function validateEInvoice(xml: string): Promise<EInvoiceReport> {
  const schemas = oasisSchemas();
  const schema = schemas ? 'oasis-ubl-2.1' : 'ubl-2.1-structure';
  let root;
  try {
    root = parseXml(xml);
  } catch (error) {
    return { xsd: [(error as Error).message], schema, profile: 'en16931', fatal: [], warnings: [] };
  }
  const kind = root.localName === 'CreditNote' ? 'CreditNote' : 'Invoice';
  if (root.localName !== kind || root.namespaceURI !== NS[kind]) {
    return {
      xsd: [`the root element {${root.namespaceURI ?? ''}}${root.localName ?? ''} is not a UBL 2.1 Invoice or CreditNote`],
      schema,
      profile: 'en16931',
      fatal: [],
      warnings: [],
    };
  }
  const xsd = schemas ? await oasisXsdErrors(xml, kind, schemas) : ublStructureErrors(root);
  const doc = ublDoc(root);
  const profile = textAt(root, 'cbc:CustomizationID').startsWith(PEPPOL_CUSTOMIZATION) ? 'peppol-bis-3' : 'en16931';
  const findings = [...en16931Findings(doc), ...(profile === 'peppol-bis-3' ? peppolFindings(doc) : [])];
  return {
    xsd,
    schema,
    profile,
    fatal: findings.filter((f) => f.flag === 'fatal').map(toFinding),
    warnings: findings.filter((f) => f.flag === 'warning').map(toFinding),
  };
}

/** The report as lines a failing test can print. */
export function formatEInvoiceReport(report: EInvoiceReport): string {
  return [
    ...report.xsd.map((e) => `  XSD (${report.schema}): ${e}`),
    ...report.fatal.map((f) => `  ${f.location}: ${f.text}`),
    ...report.warnings.map((f) => `  warning, ${f.location}: ${f.text}`),
  ].join('\n');
}

/** Throws, listing every schema error and fatal finding, unless the document is valid; returns its report. */
export async function expectValidEInvoice(xml: string): Promise<EInvoiceReport> {
  const report = await validateEInvoice(xml);
  if (report.xsd.length > 0 || report.fatal.length > 0) {
    throw new Error(`The e-invoice is not valid (${report.xsd.length} schema errors, ${report.fatal.length} fatal rules):\n${formatEInvoiceReport(report)}`);
  }
  return report;
}
