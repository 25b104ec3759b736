// File sizes remembered by the embedded database's file system, instead of asked of the disk at
// every seek to a file's end. PostgreSQL learns a relation's length by seeking to the end of its
// files (lseek SEEK_END), several times for every query. On a data directory on disk, PGlite's file
// system (Emscripten's NODEFS) answers each such seek with an fstat system call and a Stats object
// with four Dates, a large share of the database thread's time on a staff list
// (docs/decisions/032-pglite-on-its-own-thread.md).
//
// A size can be remembered because this process is the only writer of its data directory (the lock
// in data-dir-lock.ts) and every change of a file's length passes through this file system: a write
// (PostgreSQL extends relations by writing zeros; NODEFS has no fallocate, so posix_fallocate falls
// back to writes), or a truncate (setattr). So a file's size is read from the disk once, grown by
// every write past its end, and forgotten at every truncate and open of the file; every rename or
// unlink anywhere forgets them all. With PGLITE_FILE_SIZE_CHECK=true every remembered answer is
// checked against fstat: a difference fails the query (the seek fails) and is logged (the tests
// and journeys run with it).
import fs from 'node:fs';

const SEEK_END = 2;
const O_APPEND = 0o2000;
const EINVAL = 28;
const EIO = 29;

interface FsNode {
  mode: number;
}
interface FsStream {
  node: FsNode;
  nfd: number;
  flags: number;
}
type Op = (...args: never[]) => unknown;
interface NodefsOps {
  stream_ops: Record<string, Op>;
  node_ops: Record<string, Op>;
}
/** The parts of an Emscripten module this uses. */
export interface EmscriptenModule {
  FS: { isFile(mode: number): boolean; ErrnoError: new (errno: number) => Error };
  NODEFS?: NodefsOps;
}

export interface FileSizeStats {
  /** Seeks to a file's end answered from memory. */
  remembered: number;
  /** Seeks to a file's end that read the size from the disk. */
  read: number;
}

/**
 * Makes NODEFS remember file sizes (see above). Returns its counters, or null when the module has
 * no NODEFS (an in-memory database, whose file system keeps sizes itself).
 */
export function rememberFileSizes(module: EmscriptenModule, options: { check: boolean }): FileSizeStats | null {
  const nodefs = module.NODEFS;
  if (!nodefs) return null;
  const { FS } = module;
  type Fn = (this: unknown, ...args: unknown[]) => unknown;
  const streamOps = nodefs.stream_ops as Record<string, Fn>;
  const nodeOps = nodefs.node_ops as Record<string, Fn>;
  const llseek = streamOps.llseek!;
  const write = streamOps.write!;
  const stats: FileSizeStats = { remembered: 0, read: 0 };

  /** Each file's size as last known, valid while `generation` is unchanged (a rename or unlink bumps it). */
  const sizes = new WeakMap<FsNode, { size: number; generation: number }>();
  let generation = 0;
  const diskSize = (stream: FsStream) => {
    try {
      return fs.fstatSync(stream.nfd).size;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new FS.ErrnoError(code === 'EBADF' ? 8 : EINVAL);
    }
  };

  streamOps.llseek = function (...args) {
    const [stream, offset, whence] = args as [FsStream, number, number];
    if (whence !== SEEK_END || !FS.isFile(stream.node.mode)) return llseek.apply(this, args);
    const known = sizes.get(stream.node);
    let size: number;
    if (known && known.generation === generation) {
      size = known.size;
      stats.remembered++;
      if (options.check) {
        const actual = diskSize(stream);
        if (actual !== size) {
          // The seek fails (EIO): PostgreSQL refuses the query with "could not seek to end of file".
          console.error(`PGLITE_FILE_SIZE_CHECK: a file's size was remembered as ${size} bytes, the disk says ${actual}`);
          throw new FS.ErrnoError(EIO);
        }
      }
    } else {
      size = diskSize(stream);
      stats.read++;
      sizes.set(stream.node, { size, generation });
    }
    const position = offset + size;
    if (position < 0) throw new FS.ErrnoError(EINVAL);
    return position;
  };

  streamOps.write = function (...args) {
    const [stream, , , , position] = args as [FsStream, unknown, number, number, unknown];
    let written: number;
    try {
      written = write.apply(this, args) as number;
    } catch (err) {
      sizes.delete(stream.node);
      throw err;
    }
    const known = sizes.get(stream.node);
    if (known) {
      // Appending writes at the end whatever the position: read the size again.
      if (stream.flags & O_APPEND || typeof position !== 'number') sizes.delete(stream.node);
      else if (position + written > known.size) known.size = position + written;
    }
    return written;
  };

  /** After `op` (whatever its outcome), `forget` what it may have changed. */
  const forgetAfter = (ops: Record<string, Fn>, op: string, forget: (args: unknown[]) => void) => {
    const inner = ops[op];
    if (!inner) return;
    ops[op] = function (...args) {
      try {
        return inner.apply(this, args);
      } finally {
        forget(args);
      }
    };
  };
  const forgetStreamNode = (args: unknown[]) => sizes.delete((args[0] as FsStream).node);
  forgetAfter(streamOps, 'open', forgetStreamNode);
  forgetAfter(streamOps, 'setattr', forgetStreamNode);
  forgetAfter(nodeOps, 'setattr', (args) => sizes.delete(args[0] as FsNode));
  for (const op of ['rename', 'unlink', 'rmdir']) forgetAfter(nodeOps, op, () => generation++);
  return stats;
}
