// Configuration from the environment, parsed and validated once at start-up.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseS3Url } from './modules/media';
import { CHAT_STARTS_PER_IP } from '../shared/schemas/chat';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    /** Where uploaded media is stored (local disk); default DATA_DIR/uploads. */
    UPLOADS_DIR: z.string().min(1).optional(),
    /** Files on an S3-compatible store instead of the local disk: s3://bucket or s3://bucket/prefix. */
    STORAGE_URL: z
      .string()
      .refine((v) => parseS3Url(v) !== null, 'must be s3://bucket or s3://bucket/prefix (a bucket name of 3-63 lower-case letters, digits, dots, hyphens)')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** The S3-compatible endpoint (MinIO, R2, …); AWS S3 when unset. */
    S3_ENDPOINT: z
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Path-style addressing (endpoint/bucket/key), which MinIO and most self-hosted stores need. */
    S3_FORCE_PATH_STYLE: bool.default(false),
    AWS_REGION: z.string().min(1).default('us-east-1'),
    AWS_ACCESS_KEY_ID: z
      .string()
      .min(1)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    AWS_SECRET_ACCESS_KEY: z
      .string()
      .min(1)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    AWS_SESSION_TOKEN: z
      .string()
      .min(1)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** A role made by hand for the SQL editor, when this server's database user may not create roles (issue 19). */
    SQL_EDITOR_DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** PostgreSQL: how long one SQL editor statement may run. */
    SQL_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(5_000),
    /**
     * The highest plan cost (EXPLAIN) an SQL editor statement may have. Default 5,000 on PGlite (nothing
     * stops a query there once it runs, so the cap bounds how long the process can freeze) and 1,000,000
     * on PostgreSQL (about the statement timeout: an obvious runaway is refused before it takes a core).
     * docs/decisions/029-sql-editor-gate-role-and-cost-cap.md.
     */
    SQL_MAX_PLAN_COST: z.coerce.number().min(1).optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    /** Repeated query texts prepared once per connection (PGlite: per process), at most (0: none, e.g. behind a pooler that cannot keep them). */
    DATABASE_STATEMENT_CACHE: z.coerce.number().int().min(0).max(10_000).default(500),
    /** Load shedding: the worst event-loop delay (ms) in two seconds running past which new requests get 503 (0: off). */
    OVERLOAD_MAX_LAG_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    /**
     * Load shedding: requests in flight past which new ones get 503 (0: off, the default — a request
     * counts from its first byte, so slow senders could fill it; set it behind a proxy that buffers bodies).
     */
    OVERLOAD_MAX_IN_FLIGHT: z.coerce.number().int().min(0).max(1_000_000).default(0),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    PUBLIC_ORIGIN: z.url().optional(),
    /** false, true (any proxy), a number of proxy hops, or a comma list of proxy addresses/subnets. */
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((v): boolean | number | string => (v === 'true' ? true : v === 'false' || v === '' ? false : /^\d+$/.test(v) ? Number(v) : v)),
    CORS_ORIGINS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    BODY_LIMIT: z
      .string()
      .regex(/^\d+(kb|mb)$/, 'must look like 100kb or 1mb')
      .default('100kb'),
    SEED_DEMO: bool.default(true),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    MAIL_FROM: z.string().min(3).default('Frolic <no-reply@frolic.example>'),
    SUPPORT_EMAIL: z.email().default('support@frolic.example'),
    DEMO_MODE: bool.default(false),
    ADMIN_EMAIL: z
      .email()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    ADMIN_PASSWORD: z
      .string()
      .min(12, 'must be at least 12 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    PAGE_CACHE: bool.default(true),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
    /** Sign-in, sign-up and reset attempts per IP in 15 minutes (spec: 20). Raised only for test and benchmark runs that sign in many times from one address. */
    AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(20),
    /** New support-chat conversations per IP in an hour (spec: 20). Raised only for benchmark runs that open thousands from one address. */
    CHAT_STARTS_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(CHAT_STARTS_PER_IP),
  })
  .refine((env) => !env.AWS_ACCESS_KEY_ID === !env.AWS_SECRET_ACCESS_KEY, {
    message: 'set both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or neither',
    path: ['AWS_SECRET_ACCESS_KEY'],
  });

export type Config = Omit<z.infer<typeof envSchema>, 'SESSION_SECRET'> & { SESSION_SECRET: string };

export class ConfigError extends Error {}

/** Parses `env`; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const cfg = parsed.data;
  return { ...cfg, SESSION_SECRET: cfg.SESSION_SECRET ?? persistentSecret(cfg.DATA_DIR) };
}

/**
 * Without SESSION_SECRET, a random secret is made once and kept in DATA_DIR, so signed cookies
 * survive restarts and no secret ever sits in the repository.
 */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
