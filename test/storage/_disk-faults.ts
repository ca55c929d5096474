import { readlinkSync } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A disk that fills up, simulated at the file-system layer of this test process: every write
 * through a FileHandle (the journal, snapshots, the write probe) to a file under `root` uses up a
 * byte budget; the write that does not fit writes what still fits (a torn write, as on a real full
 * disk) and then fails with ENOSPC. Writes elsewhere are untouched.
 */
export class SimulatedDisk {
  /** Bytes that may still be written; Infinity = plenty of space. */
  free = Number.POSITIVE_INFINITY;
  /** Writes that failed for lack of space. */
  refusals = 0;
  /** The error a refused write fails with: ENOSPC for a full disk, EROFS after a read-only remount, EPERM for `chattr +i`. */
  errorCode: 'ENOSPC' | 'EROFS' | 'EPERM' | 'EIO' = 'ENOSPC';

  constructor(private readonly root: string) {}

  /** Frees space: writes succeed again. */
  makeRoom(): void {
    this.free = Number.POSITIVE_INFINITY;
  }

  /** True when a write to this fd counts against the budget. */
  covers(fd: number): boolean {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).startsWith(this.root);
    } catch {
      return false;
    }
  }
}

const disks = new Set<SimulatedDisk>();
let installed = false;

/** The simulated disk for files under `root`; the FileHandle patch is installed once per test process. */
export async function simulatedDisk(root: string): Promise<SimulatedDisk> {
  if (!installed) await installPatch();
  const disk = new SimulatedDisk(root);
  disks.add(disk);
  return disk;
}

function diskOf(fd: number): SimulatedDisk | undefined {
  for (const disk of disks) if (disk.covers(fd)) return disk;
  return undefined;
}

function refusal(code: SimulatedDisk['errorCode']): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`${code}: the disk refused the write, write`);
  error.code = code;
  error.syscall = 'write';
  return error;
}

type Write = (this: FileHandle, buffer: Uint8Array, offset?: number, length?: number, position?: number | null) => Promise<{ bytesWritten: number; buffer: Uint8Array }>;

/** Wraps FileHandle.prototype.write (the class is reached through a handle; Node does not export it). */
async function installPatch(): Promise<void> {
  installed = true;
  const probe = await open(join(tmpdir(), `feedbackd-fault-probe-${process.pid}`), 'w');
  const proto = Object.getPrototypeOf(probe) as { write: Write };
  await probe.close();
  const original = proto.write;
  proto.write = async function write(this: FileHandle, buffer, offset = 0, length, position) {
    const disk = diskOf(this.fd);
    const wanted = length ?? buffer.byteLength - offset;
    if (!disk || wanted <= disk.free) {
      if (disk) disk.free -= wanted;
      return original.call(this, buffer, offset, length, position);
    }
    const fits = Math.max(0, disk.free);
    disk.free = 0;
    if (fits > 0) return original.call(this, buffer, offset, fits, position); // a short write, as a real disk gives
    disk.refusals += 1;
    throw refusal(disk.errorCode);
  };
}
