// Load shedding. An instance that has fallen behind answers new requests at once with 503 and
// Retry-After instead of queueing them without bound. It bounds the queues the process can see, by
// two signals, each off at 0:
// - the event loop's delay, sampled every second: shedding starts after two seconds in a row whose
//   worst delay passed the limit (one long task, such as a PGlite query, is not falling behind) and
//   stops at the first second under it;
// - requests in flight: past the limit, the queue is full whatever the event loop says. A request
//   counts from its first byte, so the limit belongs behind a proxy that buffers bodies (a client
//   sending slowly could otherwise hold it full); config.ts leaves it off by default.
// Exempt: /healthz (a load balancer decides from it) and /assets/ (a page already sent needs them).
// Requests still waiting in the kernel (listen queue, socket buffers) are neither: a process starved
// of CPU builds its backlog there, and only the proxy can bound that one (docs/deploy.md).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { AppError } from '../core/errors';

export const OVERLOADED_MESSAGE = 'The server is busy. Please try again in a moment.';
/** Seconds a shed client is asked to wait. */
export const RETRY_AFTER_S = 2;
/** Seconds in a row over the delay limit before shedding starts. */
export const WINDOWS_TO_SHED = 2;

export interface OverloadOptions {
  /** Worst event-loop delay in a one-second window that counts as falling behind (0: off). */
  maxLagMs: number;
  /** Requests in flight past which new ones are shed (0: off). */
  maxInFlight: number;
  logger: Logger;
}

/** The shedding decision for the delay signal, fed one window's worst delay at a time. */
export function lagGate(maxLagMs: number) {
  let over = 0;
  return {
    /** Records a window; true while shedding. */
    window(worstMs: number): boolean {
      over = maxLagMs > 0 && worstMs > maxLagMs ? over + 1 : 0;
      return over >= WINDOWS_TO_SHED;
    },
  };
}

const exempt = (path: string) => path === '/healthz' || path.startsWith('/assets/');

export function overloadGuard(options: OverloadOptions) {
  const { maxLagMs, maxInFlight, logger } = options;
  let inFlight = 0;
  let lagging = false;
  let worstLagMs = 0;
  let shed = 0;
  let timer: NodeJS.Timeout | undefined;
  let histogram: ReturnType<typeof monitorEventLoopDelay> | undefined;

  if (maxLagMs > 0) {
    histogram = monitorEventLoopDelay({ resolution: 20 });
    histogram.enable();
    const gate = lagGate(maxLagMs);
    timer = setInterval(() => {
      worstLagMs = histogram ? histogram.max / 1e6 : 0;
      histogram?.reset();
      const was = lagging;
      lagging = gate.window(worstLagMs);
      if (lagging !== was)
        logger.warn({ worstLagMs: Math.round(worstLagMs), inFlight }, lagging ? 'overloaded: shedding new requests' : 'caught up: no longer shedding');
    }, 1000);
    timer.unref();
  }
  // One line a second while shedding, never one per refused request: logging is work too.
  const report = setInterval(() => {
    if (shed === 0) return;
    logger.warn({ shed, inFlight, worstLagMs: Math.round(worstLagMs) }, 'requests shed in the last second');
    shed = 0;
  }, 1000);
  report.unref();

  function middleware(req: Request, res: Response, next: NextFunction) {
    if (exempt(req.path)) return next();
    if (lagging || (maxInFlight > 0 && inFlight >= maxInFlight)) {
      shed++;
      res.setHeader('Retry-After', String(RETRY_AFTER_S));
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      // Keep-alive would hold the connection for a client a load balancer could send elsewhere.
      res.setHeader('Connection', 'close');
      if (req.path.startsWith('/api/') || req.accepts(['html', 'json']) === 'json') {
        res.status(503).json(new AppError('overloaded', 'unavailable', OVERLOADED_MESSAGE).toBody());
      } else {
        res.status(503).type('html').send(`<!doctype html><html lang="en"><title>Frolic is busy</title><p>${OVERLOADED_MESSAGE}</p></html>`);
      }
      return;
    }
    inFlight++;
    res.once('close', () => inFlight--);
    next();
  }

  return {
    middleware,
    state: () => ({ inFlight, lagging, worstLagMs }),
    close() {
      if (timer) clearInterval(timer);
      clearInterval(report);
      histogram?.disable();
    },
  };
}
