// Ports for the servers a test starts as processes of their own: ones the kernel says are free
// now, not ones computed from the pid (which may meet another service's port on the machine).
import { createServer } from 'node:net';

/** `n` distinct ports free on 127.0.0.1 at this moment (held together while they are picked, so none repeats). */
export async function freePorts(n: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
          const server = createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((s) => (s.address() as { port: number }).port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}
