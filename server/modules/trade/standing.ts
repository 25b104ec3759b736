// Trading standing, read afresh inside the write: the session said the organisation could trade when
// the request began, but a suspension, a lapsed agreement or a closure committed since must stop it.
// The row is read `for share`, so the standing cannot change under the write until its commit.
import { eq } from 'drizzle-orm';
import { STANDING_REFUSAL, standingOf, todayUtc } from '../../../shared/partners';
import { AppError } from '../../core/errors';
import type { Tx } from '../../db/client';
import { organisations } from '../../db/schema';
import { found } from './rows';

export type Organisation = typeof organisations.$inferSelect;

/** Refuses unless the organisation can trade today (forbidden: its standing's code and sentence). */
export function refuseUnlessTrading(org: Organisation, now: () => number): void {
  const standing = standingOf(org, todayUtc(now()));
  if (standing !== 'active') {
    const why = STANDING_REFUSAL[standing];
    throw new AppError(why.code, 'forbidden', why.message);
  }
}

/** An organisation, read afresh in the write (and held `for share`): it must be able to trade today. */
export async function tradingOrganisation(tx: Tx, organisationId: string, now: () => number): Promise<Organisation> {
  const [row] = await tx.select().from(organisations).where(eq(organisations.id, organisationId)).for('share');
  const org = found(row, 'Organisation');
  refuseUnlessTrading(org, now);
  return org;
}
