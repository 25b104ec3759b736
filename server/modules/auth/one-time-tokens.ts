// One-time links (confirm, reset, invitation): single use, hashed, expiring. Auth spends them; the
// users module issues invitations with the same function.
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authTokens, users } from '../../db/schema';
import { AppError } from '../../core/errors';
import { hashToken, newToken } from '../../auth/tokens';

const HOUR = 3600_000;
export const TOKEN_TTL = { confirm_email: 24 * HOUR, reset_password: HOUR, invitation: 7 * 24 * HOUR } as const;
export type TokenPurpose = keyof typeof TOKEN_TTL;

export function createOneTimeTokens(now: () => number) {
  return {
    /**
     * A new one-time token for the user (inserted through a select on users: a user deleted meanwhile
     * gets none). A new reset link revokes the earlier unused ones: only the latest email works.
     */
    async issue(tx: DbOrTx, userId: string, purpose: TokenPurpose): Promise<string> {
      const token = newToken();
      if (purpose === 'reset_password') {
        await tx
          .update(authTokens)
          .set({ usedAt: new Date(now()) })
          .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
      }
      const expiresAt = new Date(now() + TOKEN_TTL[purpose]).toISOString();
      await tx.execute(
        sql`insert into ${authTokens} (user_id, purpose, token_hash, expires_at) select ${users.id}, ${purpose}::token_purpose, ${hashToken(token)}, ${expiresAt}::timestamptz from ${users} where ${users.id} = ${userId}`,
      );
      return token;
    },

    /** Marks the token used and returns its user, or throws: single use, unexpired, right purpose. */
    async consume(tx: DbOrTx, token: string, purposes: TokenPurpose[]): Promise<{ userId: string; purpose: TokenPurpose }> {
      const [row] = await tx
        .update(authTokens)
        .set({ usedAt: new Date(now()) })
        .where(
          and(
            eq(authTokens.tokenHash, hashToken(token)),
            inArray(authTokens.purpose, purposes),
            isNull(authTokens.usedAt),
            gt(authTokens.expiresAt, new Date(now())),
          ),
        )
        .returning({ userId: authTokens.userId, purpose: authTokens.purpose });
      if (!row) {
        throw new AppError('invalid_token', 'invalid', 'This link is invalid or has expired.', { hint: 'Ask for a new link.' });
      }
      return row;
    },
  };
}
