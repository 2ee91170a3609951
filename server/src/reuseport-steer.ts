import { dlopen, FFIType, ptr, read } from "bun:ffi";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/**
 * Sends every new connection of a shared port (SO_REUSEPORT) to the listener that joined it
 * last: the server taking over (takeover.ts). Without it the kernel spreads new connections over
 * the old and the new listener, and when the old one closes, Linux resets the connections still
 * waiting in its accept queue (measured: a few per restart under load). With it, the old
 * listener gets nothing new once the new one has joined, so its queue is empty when it closes.
 *
 * How: a classic BPF program attached to the port's group (SO_ATTACH_REUSEPORT_CBPF, Linux 4.5+,
 * no privilege needed) returns the index of the socket to pick: 1, the second to join (the
 * running server is 0). Once the old listener has closed the group has one socket, index 1 is
 * out of range and the kernel falls back to its hash: the program is harmless from then on, and
 * a later takeover is steered the same way. Bun has no setsockopt, so the call goes through
 * libc (bun:ffi), on the listener's descriptor found through /proc.
 */

const SOL_SOCKET = 1;
const SO_ATTACH_REUSEPORT_CBPF = 51;
const BPF_RET_K = 0x06;
/** The C libraries tried, glibc first (Debian, Ubuntu, RHEL), then musl (Alpine). */
const LIBC = ["libc.so.6", "libc.musl-x86_64.so.1", "libc.musl-aarch64.so.1"];

/** The inodes of the TCP sockets listening on `port` (any address, IPv4 or IPv6). */
function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text: string;
    try {
      text = readFileSync(table, "utf8");
    } catch {
      // No IPv6 on this machine: the other table has the listener.
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is ADDRESS:PORT in hex; state 0A is LISTEN; the inode is the tenth field.
      const local = fields[1]?.split(":")[1];
      if (fields[3] === "0A" && local && Number.parseInt(local, 16) === port && fields[9]) inodes.add(fields[9]);
    }
  }
  return inodes;
}

/** This process's descriptors of the sockets listening on `port`. */
export function ownListeners(port: number): number[] {
  const inodes = listeningInodes(port);
  const fds: number[] = [];
  for (const name of readdirSync("/proc/self/fd")) {
    let target: string;
    try {
      target = readlinkSync(`/proc/self/fd/${name}`);
    } catch {
      // Closed since the listing (the directory's own descriptor): not a listener.
      continue;
    }
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode && inodes.has(inode)) fds.push(Number(name));
  }
  return fds;
}

function openLibc() {
  const symbols = {
    setsockopt: { args: [FFIType.i32, FFIType.i32, FFIType.i32, FFIType.ptr, FFIType.u32], returns: FFIType.i32 },
    __errno_location: { args: [], returns: FFIType.ptr },
  } as const;
  let last: unknown;
  for (const name of LIBC) {
    try {
      return dlopen(name, symbols);
    } catch (error) {
      last = error;
    }
  }
  throw last;
}

/**
 * Steers the new connections of `port` to this process's listener (see above). Returns null when
 * done, else why not, in English for the log (no /proc, no libc, the kernel's refusal): the takeover then still works, but
 * a connection arriving at the old listener as it closes may be reset.
 */
export function steerNewConnectionsHere(port: number): string | null {
  if (process.platform !== "linux" || (process.arch !== "x64" && process.arch !== "arm64"))
    return `no steering on ${process.platform}/${process.arch} (64-bit Linux only)`;
  try {
    const fds = ownListeners(port);
    if (fds.length !== 1) return `${fds.length} listening sockets of this process on port ${port} (one expected)`;
    // struct sock_filter { u16 code; u8 jt; u8 jf; u32 k }: "return 1".
    const filter = new Uint8Array(8);
    const f = new DataView(filter.buffer);
    f.setUint16(0, BPF_RET_K, true);
    f.setUint32(4, 1, true);
    // struct sock_fprog { u16 len; (padding) struct sock_filter *filter } on a 64-bit system.
    const program = new Uint8Array(16);
    const p = new DataView(program.buffer);
    p.setUint16(0, 1, true);
    p.setBigUint64(8, BigInt(ptr(filter)), true);
    const libc = openLibc();
    try {
      const rc = libc.symbols.setsockopt(fds[0]!, SOL_SOCKET, SO_ATTACH_REUSEPORT_CBPF, ptr(program), program.byteLength);
      if (rc === 0) return null;
      const errno = libc.symbols.__errno_location();
      return `setsockopt(SO_ATTACH_REUSEPORT_CBPF) refused (errno ${errno ? read.i32(errno) : "?"})`;
    } finally {
      libc.close();
    }
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
