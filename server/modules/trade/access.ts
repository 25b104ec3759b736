// Who may do what in the trade: the one authorization decision (server/auth/authorize.ts) as a trade
// service's refusal, and the two questions every trade write asks before it starts — does the viewer
// act for the brand over every organisation (staff), and which partner organisation does it act for.
import type { AccessNeed } from '../../../shared/policy';
import { type Access, serviceRefusal, type Viewer } from '../../auth/authorize';
import { AppError } from '../../core/errors';
import { brandId } from '../../db/brand';
import type { DbOrTx } from '../../db/client';

/** What the decision granted: over every organisation (`any`) or the viewer's own (`own`). */
export type Scope = 'any' | 'own';

/** The decision for `need`, or the service's refusal; a record another organisation owns is "`what` not found". */
export type Allow = (viewer: Viewer | null, need: AccessNeed, what?: string) => Promise<Scope>;

export function createAllow(access: Access, what: string): Allow {
  return async (viewer, need, name = what) => {
    const d = await access.decide(viewer, need);
    if (d.allowed) return d.scope === 'own' ? 'own' : 'any';
    throw serviceRefusal(d, name);
  };
}

/** Staff act for the brand: a grant over their own organisation only is not enough. */
export function requireAnyScope(scope: Scope): void {
  if (scope !== 'any') throw new AppError('forbidden', 'forbidden', 'You may not do this.');
}

/** The partner organisation the viewer acts for, or the refusal saying who may (`message`). */
export function partnerOrganisation(viewer: Viewer, message: string): string {
  if (!viewer.organisationId) throw new AppError('no_organisation', 'forbidden', message);
  return viewer.organisationId;
}

/**
 * The organisation the viewer acts for in the trade: a partner's own; staff whose grant is over every
 * organisation (`scope` from `allow`) act for the brand's row. Anyone else is refused with `message`.
 */
export async function actingOrganisation(db: DbOrTx, viewer: Viewer, scope: Scope, message: string): Promise<string> {
  if (viewer.organisationId) return viewer.organisationId;
  if (scope === 'any') return brandId(db);
  throw new AppError('no_organisation', 'forbidden', message);
}
