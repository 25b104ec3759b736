// Tax's public entry (issue 44): the rules in force, the tax a document carries, and the rules as
// staff holding Finance keep them (Tax rules).
export { type DocumentTax, documentTax, type LineToTax, type TaxedLine, type TaxedParty } from './decide';
export { rulesInForce, type RulesInForce, type TaxRuleRow } from './rules';
export { createTaxRuleService, type TaxRuleService } from './service';
