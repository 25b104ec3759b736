// What a rule reports, shaped like an SVRL failed-assert: the rule's published id, its flag, our
// wording of the rule, and where in the document it failed.
import { type Element, locate } from './dom';

export interface Finding {
  readonly id: string;
  readonly flag: 'fatal' | 'warning';
  readonly text: string;
  readonly location: string;
}

/** One rule's assertion at one place: a finding when it does not hold there. */
export function check(out: Finding[], id: string, holds: boolean, at: Element, text: string, flag: Finding['flag'] = 'fatal'): void {
  if (!holds) out.push({ id, flag, text: `[${id}] ${text}`, location: locate(at) });
}
