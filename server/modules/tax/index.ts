// Tax's public entry (issue 44): the rules in force and the tax a document carries.
export { type DocumentTax, documentTax, type LineToTax, type TaxedLine, type TaxedParty } from './decide';
export { rulesInForce, type RulesInForce, type TaxRuleRow } from './rules';
